// Solana's JSON-RPC methods over a SolanaChain, with the real API's request and answer shapes
// (context.slot wrappers, commitment, encodings, error codes). `handleBody` takes a parsed JSON-RPC
// request or batch and returns the answer (null for a batch of notifications only).
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, getCompiledTransactionMessageDecoder } from "@solana/kit";
import { RpcError, addressBytes, blockhashOffset, decodeMint, decodeTokenAccount, decodeTransaction, feeOf, isStaticWritable, toAddress, uiTokenAmount } from "./chain.mjs";
import { errorJsonMessage } from "./errors.mjs";
import { parseAccountData, parseInstruction } from "./parse.mjs";

export const API_VERSION = "2.2.0";
export const SOLANA_CORE_VERSION = "2.2.0";
const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_SIGNATURE_STATUSES = 256;
const STATUS_CACHE_SLOTS = 300; // getSignatureStatuses without searchTransactionHistory sees this far back

const b58enc = getBase58Encoder();
const b58dec = getBase58Decoder();
const b64enc = getBase64Encoder();
const b64dec = getBase64Decoder();
const msgDecoder = getCompiledTransactionMessageDecoder();

const invalidParams = (msg) => new RpcError(-32602, `Invalid params: ${msg}`);
const invalidParam = (msg) => new RpcError(-32602, `Invalid param: ${msg}`);

function config(params, i) {
  const c = params[i];
  if (c === undefined || c === null) return {};
  if (typeof c !== "object" || Array.isArray(c)) throw invalidParams(`invalid type: expected a config object at position ${i}`);
  return c;
}

function pubkey(v) {
  if (typeof v !== "string") throw invalidParam("Invalid");
  let ok = false;
  try {
    ok = b58enc.encode(v).length === 32;
  } catch {}
  if (!ok) throw invalidParam("Invalid");
  return v;
}

function signatureParam(v) {
  let ok = false;
  try {
    ok = typeof v === "string" && b58enc.encode(v).length === 64;
  } catch {}
  if (!ok) throw invalidParam("Invalid");
  return v;
}

function u64Param(v, name) {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) throw invalidParams(`${name} must be a non-negative integer`);
  return v;
}

function decodeBytes(str, encoding, what) {
  if (typeof str !== "string") throw invalidParams(`${what} must be a string`);
  if (encoding === "base64") {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(str) || str.length % 4 !== 0) throw new RpcError(-32602, `invalid base64 encoding: InvalidByte`);
    return new Uint8Array(b64enc.encode(str));
  }
  if (encoding === "base58") {
    try {
      return new Uint8Array(b58enc.encode(str));
    } catch {
      throw new RpcError(-32602, "invalid base58 encoding: InvalidCharacter");
    }
  }
  throw new RpcError(-32602, `unsupported encoding: ${encoding}. Supported encodings: base58, base64`);
}

export class SolanaRpc {
  constructor(chain) {
    this.chain = chain;
    this.methods = {
      getBalance: (p) => this.getBalance(p),
      getLatestBlockhash: (p) => this.getLatestBlockhash(p),
      isBlockhashValid: (p) => this.isBlockhashValid(p),
      getBlockHeight: (p) => this.chain.slotAt(config(p, 0).commitment ?? "finalized"),
      getSlot: (p) => this.chain.slotAt(config(p, 0).commitment ?? "finalized"),
      sendTransaction: (p) => this.sendTransaction(p),
      simulateTransaction: (p) => this.simulateTransaction(p),
      getSignatureStatuses: (p) => this.getSignatureStatuses(p),
      getTransaction: (p) => this.getTransaction(p),
      getSignaturesForAddress: (p) => this.getSignaturesForAddress(p),
      getAccountInfo: (p) => this.getAccountInfo(p),
      getMultipleAccounts: (p) => this.getMultipleAccounts(p),
      getTokenAccountsByOwner: (p) => this.getTokenAccountsByOwner(p),
      getTokenAccountBalance: (p) => this.getTokenAccountBalance(p),
      getMinimumBalanceForRentExemption: (p) => this.getMinimumBalanceForRentExemption(p),
      getFeeForMessage: (p) => this.getFeeForMessage(p),
      requestAirdrop: (p) => this.requestAirdrop(p),
      getVersion: () => ({ "solana-core": SOLANA_CORE_VERSION, "feature-set": 0 }),
      getHealth: () => "ok",
      getGenesisHash: () => this.chain.genesisHash,
      getEpochInfo: (p) => this.getEpochInfo(p),
      getTransactionCount: () => this.chain.transactionCount,
      getFirstAvailableBlock: () => 0,
      perch_dropIncoming: (p) => this.dropIncoming(p),
      perch_advanceSlots: (p) => this.advanceSlots(p),
    };
  }

  /** Handles one parsed request body (object or batch array); returns the answer to send. */
  handleBody(body) {
    if (Array.isArray(body)) {
      if (body.length === 0) return { jsonrpc: "2.0", error: { code: -32600, message: "Invalid request" }, id: null };
      const out = body.map((req) => this.handleOne(req)).filter((r) => r !== null);
      return out.length ? out : null;
    }
    return this.handleOne(body);
  }

  handleOne(req) {
    const id = req && typeof req === "object" && "id" in req ? req.id : null;
    if (!req || typeof req !== "object" || req.jsonrpc !== "2.0" || typeof req.method !== "string") {
      return { jsonrpc: "2.0", error: { code: -32600, message: "Invalid request" }, id };
    }
    const fn = this.methods[req.method];
    if (!fn) return { jsonrpc: "2.0", error: { code: -32601, message: "Method not found" }, id };
    const params = req.params ?? [];
    if (!Array.isArray(params)) return { jsonrpc: "2.0", error: { code: -32602, message: "Invalid params: expected an array" }, id };
    try {
      return { jsonrpc: "2.0", result: fn(params), id };
    } catch (err) {
      if (err instanceof RpcError) {
        const error = { code: err.code, message: err.message };
        if (err.data !== undefined) error.data = err.data;
        return { jsonrpc: "2.0", error, id };
      }
      return { jsonrpc: "2.0", error: { code: -32603, message: `Internal error: ${err.message}` }, id };
    }
  }

  context(commitment) {
    return { apiVersion: API_VERSION, slot: this.chain.slotAt(commitment ?? "finalized") };
  }

  checkMinContextSlot(c) {
    const slot = this.chain.slotAt(c.commitment ?? "finalized");
    if (c.minContextSlot !== undefined && slot < c.minContextSlot) {
      throw new RpcError(-32016, "Minimum context slot has not been reached", { contextSlot: slot });
    }
  }

  // ---- accounts -----------------------------------------------------------------------------

  getBalance(p) {
    const address = pubkey(p[0]);
    const c = config(p, 1);
    this.checkMinContextSlot(c);
    const acc = this.chain.getAccount(address, c.commitment ?? "finalized");
    return { context: this.context(c.commitment), value: acc ? acc.lamports : 0n };
  }

  mintDecimals(commitment) {
    return (mint) => {
      const acc = this.chain.getAccount(mint, commitment);
      const m = acc && decodeMint(acc);
      return m ? m.decimals : null;
    };
  }

  /** An account in the RPC's shape; `defaultEncoding` is the method's (binary: a bare base58 string). */
  renderAccount(acc, c, defaultEncoding = "binary") {
    if (!acc) return null;
    const encoding = c.encoding ?? defaultEncoding;
    let data = acc.data;
    const base = { executable: acc.executable, lamports: acc.lamports, owner: acc.owner, rentEpoch: acc.rentEpoch, space: acc.data.length };
    if (encoding === "jsonParsed") {
      const parsed = parseAccountData(acc, this.mintDecimals(c.commitment ?? "finalized"));
      if (parsed) return { data: parsed, ...base };
      return { data: [b64dec.decode(data), "base64"], ...base };
    }
    if (c.dataSlice) {
      const { offset, length } = c.dataSlice;
      if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0) throw invalidParams("invalid dataSlice");
      data = data.subarray(offset, offset + length);
    }
    if (encoding === "base64") return { data: [b64dec.decode(data), "base64"], ...base };
    if (encoding === "base58" || encoding === "binary") {
      if (data.length > 128) throw new RpcError(-32602, "Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.");
      return { data: encoding === "binary" ? b58dec.decode(data) : [b58dec.decode(data), "base58"], ...base };
    }
    if (encoding === "base64+zstd") throw invalidParams("base64+zstd is not supported by this node; use base64");
    throw invalidParams(`unknown variant \`${encoding}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``);
  }

  getAccountInfo(p) {
    const address = pubkey(p[0]);
    const c = config(p, 1);
    this.checkMinContextSlot(c);
    const acc = this.chain.getAccount(address, c.commitment ?? "finalized");
    return { context: this.context(c.commitment), value: this.renderAccount(acc, c) };
  }

  getMultipleAccounts(p) {
    if (!Array.isArray(p[0])) throw invalidParams("expected an array of addresses");
    if (p[0].length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    const addresses = p[0].map(pubkey);
    const c = config(p, 1);
    this.checkMinContextSlot(c);
    const value = addresses.map((a) => this.renderAccount(this.chain.getAccount(a, c.commitment ?? "finalized"), c, "base64"));
    return { context: this.context(c.commitment), value };
  }

  getTokenAccountsByOwner(p) {
    const owner = pubkey(p[0]);
    const filter = p[1];
    if (!filter || typeof filter !== "object" || (filter.mint === undefined) === (filter.programId === undefined)) {
      throw invalidParams("expected a filter object with either mint or programId");
    }
    const c = config(p, 2);
    this.checkMinContextSlot(c);
    const commitment = c.commitment ?? "finalized";
    if (filter.mint !== undefined) {
      const mintAcc = this.chain.getAccount(pubkey(filter.mint), commitment);
      if (!mintAcc || !decodeMint(mintAcc)) throw invalidParam("could not find mint");
    } else if (!["TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"].includes(filter.programId)) {
      throw invalidParam("unrecognized Token program id");
    }
    const rows = this.chain.tokenAccountsByOwner(owner, filter, commitment);
    return {
      context: this.context(c.commitment),
      value: rows.map((r) => ({ account: this.renderAccount(r.account, c), pubkey: r.address })),
    };
  }

  getTokenAccountBalance(p) {
    const address = pubkey(p[0]);
    const c = config(p, 1);
    const commitment = c.commitment ?? "finalized";
    const acc = this.chain.getAccount(address, commitment);
    const tok = acc && decodeTokenAccount(acc);
    if (!tok) throw invalidParam("not a Token account");
    const decimals = this.mintDecimals(commitment)(tok.mint);
    if (decimals === null) throw invalidParam("could not find mint");
    return { context: this.context(c.commitment), value: uiTokenAmount(tok.amount, decimals) };
  }

  getMinimumBalanceForRentExemption(p) {
    const len = p[0] ?? 0;
    u64Param(len, "data length");
    if (len > 10 * 1024 * 1024) throw invalidParams("data length exceeds the maximum account size");
    return this.chain.minimumBalanceForRentExemption(len);
  }

  // ---- blockhashes and slots ----------------------------------------------------------------

  getLatestBlockhash(p) {
    const c = config(p, 0);
    this.checkMinContextSlot(c);
    const slot = this.chain.slotAt(c.commitment ?? "finalized");
    const blockhash = this.chain.blockhashAt(slot);
    return { context: this.context(c.commitment), value: { blockhash, lastValidBlockHeight: this.chain.lastValidBlockHeight(blockhash) } };
  }

  isBlockhashValid(p) {
    if (typeof p[0] !== "string") throw invalidParam("Invalid");
    const c = config(p, 1);
    this.checkMinContextSlot(c);
    const slot = this.chain.slotAt(c.commitment ?? "finalized");
    return { context: this.context(c.commitment), value: this.chain.isBlockhashValid(p[0], slot) };
  }

  getEpochInfo(p) {
    const c = config(p, 0);
    const slot = this.chain.slotAt(c.commitment ?? "finalized");
    const slotsInEpoch = 432_000;
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: Math.floor(slot / slotsInEpoch),
      slotIndex: slot % slotsInEpoch,
      slotsInEpoch,
      transactionCount: this.chain.transactionCount,
    };
  }

  getFeeForMessage(p) {
    const bytes = decodeBytes(p[0], "base64", "message");
    const c = config(p, 1);
    let message;
    try {
      message = msgDecoder.decode(bytes);
    } catch (err) {
      throw invalidParams(`failed to deserialize message: ${err.message}`);
    }
    const slot = this.chain.slotAt(c.commitment ?? "finalized");
    const valid = this.chain.isBlockhashValid(message.lifetimeToken, slot);
    return { context: this.context(c.commitment), value: valid ? feeOf(message) : null };
  }

  // ---- transactions -------------------------------------------------------------------------

  decodeWire(p, defaultEncoding = "base58") {
    const c = config(p, 1);
    const encoding = c.encoding ?? defaultEncoding;
    if (encoding !== "base58" && encoding !== "base64") {
      throw new RpcError(-32602, `unsupported encoding: ${encoding}. Supported encodings: base58, base64`);
    }
    return { c, tx: decodeTransaction(decodeBytes(p[0], encoding, "transaction")) };
  }

  simulationValue(sim, tx, c, replacement) {
    let accounts = null;
    if (c.accounts) {
      const want = c.accounts.addresses ?? [];
      if (!Array.isArray(want)) throw invalidParams("accounts.addresses must be an array");
      const post = new Map(sim.postAccounts.map((a) => [a.address, a.account]));
      accounts = want.map((a) => {
        pubkey(a);
        const acc = post.has(a) ? post.get(a) : this.chain.getAccount(a, "processed");
        return this.renderAccount(acc, { encoding: c.accounts.encoding ?? "base64" });
      });
    }
    const rd = sim.returnData;
    const rdData = rd?.data?.() ?? new Uint8Array();
    return {
      accounts,
      err: sim.err,
      fee: sim.err === "BlockhashNotFound" ? null : feeOf(tx.message),
      innerInstructions: c.innerInstructions ? this.renderInner(sim.innerInstructions, tx.message.staticAccounts, null) : null,
      loadedAccountsDataSize: 0,
      logs: sim.logs,
      replacementBlockhash: replacement,
      returnData: rdData.length ? { data: [b64dec.decode(rdData), "base64"], programId: toAddress(rd.programId()) } : null,
      unitsConsumed: sim.unitsConsumed,
    };
  }

  blockhashNotFound() {
    return {
      accounts: null,
      err: "BlockhashNotFound",
      fee: null,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      logs: [],
      replacementBlockhash: null,
      returnData: null,
      unitsConsumed: 0,
    };
  }

  sendTransaction(p) {
    const { c, tx } = this.decodeWire(p);
    if (c.maxRetries !== undefined) u64Param(c.maxRetries, "maxRetries");
    if (!c.skipPreflight) {
      const preflightCommitment = c.preflightCommitment ?? "finalized";
      const slot = this.chain.slotAt(preflightCommitment);
      if (c.minContextSlot !== undefined && slot < c.minContextSlot) {
        throw new RpcError(-32016, "Minimum context slot has not been reached", { contextSlot: slot });
      }
      // Preflight: signatures, blockhash age, already processed, then a simulation.
      const verify = this.chain.simulate(tx, { sigVerify: true });
      if (verify.err === "SignatureFailure") throw new RpcError(-32003, "Transaction signature verification failure");
      if (!this.chain.isBlockhashValid(tx.blockhash, this.chain.slot)) {
        throw new RpcError(-32002, "Transaction simulation failed: Blockhash not found", this.blockhashNotFound());
      }
      if (this.chain.txs.has(tx.signature)) {
        const v = { ...this.blockhashNotFound(), err: "AlreadyProcessed" };
        throw new RpcError(-32002, "Transaction simulation failed: This transaction has already been processed", v);
      }
      if (verify.err !== null) {
        const value = this.simulationValue(verify, tx, {}, null);
        throw new RpcError(-32002, `Transaction simulation failed: ${errorJsonMessage(verify.err)}`, value);
      }
    }
    this.chain.enqueue(tx);
    return tx.signature;
  }

  simulateTransaction(p) {
    const { c, tx } = this.decodeWire(p);
    if (c.sigVerify && c.replaceRecentBlockhash) {
      throw new RpcError(-32602, "sigVerify may not be used with replaceRecentBlockhash");
    }
    this.checkMinContextSlot(c);
    let replacement = null;
    let run = tx;
    if (c.replaceRecentBlockhash) {
      const slot = this.chain.slotAt(c.commitment ?? "finalized");
      const blockhash = this.chain.blockhashAt(slot);
      const messageBytes = new Uint8Array(tx.messageBytes);
      messageBytes.set(b58enc.encode(blockhash), blockhashOffset(messageBytes));
      const wire = new Uint8Array(tx.wire);
      wire.set(messageBytes, tx.wire.length - tx.messageBytes.length);
      run = decodeTransaction(wire);
      replacement = { blockhash, lastValidBlockHeight: this.chain.lastValidBlockHeight(blockhash) };
    } else if (!this.chain.isBlockhashValid(tx.blockhash, this.chain.slot)) {
      return { context: this.context(c.commitment), value: this.blockhashNotFound() };
    }
    const sim = this.chain.simulate(run, { sigVerify: Boolean(c.sigVerify) });
    if (c.sigVerify && sim.err === "SignatureFailure") throw new RpcError(-32003, "Transaction signature verification failure");
    return { context: this.context(c.commitment), value: this.simulationValue(sim, run, c, replacement) };
  }

  getSignatureStatuses(p) {
    if (!Array.isArray(p[0])) throw invalidParams("expected an array of signatures");
    if (p[0].length > MAX_SIGNATURE_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
    const sigs = p[0].map(signatureParam);
    const c = config(p, 1);
    const head = this.chain.slot;
    const value = sigs.map((s) => {
      const r = this.chain.txs.get(s);
      if (!r) return null;
      if (!c.searchTransactionHistory && head - r.slot > STATUS_CACHE_SLOTS) return null;
      const status = this.chain.statusOf(r.slot);
      return {
        confirmationStatus: status,
        confirmations: status === "finalized" ? null : head - r.slot,
        err: r.err,
        slot: r.slot,
        status: r.err === null ? { Ok: null } : { Err: r.err },
      };
    });
    return { context: { apiVersion: API_VERSION, slot: head }, value };
  }

  visibleRecord(sig, commitment) {
    const r = this.chain.txs.get(sig);
    if (!r || r.slot > this.chain.slotAt(commitment)) return null;
    return r;
  }

  txCommitment(c) {
    const commitment = c.commitment ?? "finalized";
    if (commitment === "processed") throw new RpcError(-32602, "Method does not support commitment below `confirmed`");
    this.chain.slotAt(commitment); // validates the name
    return commitment;
  }

  getTransaction(p) {
    const sig = signatureParam(p[0]);
    const c = typeof p[1] === "string" ? { encoding: p[1] } : config(p, 1);
    const commitment = this.txCommitment(c);
    const encoding = c.encoding ?? "json";
    if (!["json", "jsonParsed", "base64", "base58"].includes(encoding)) {
      throw invalidParams(`unknown variant \`${encoding}\`, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\``);
    }
    const r = this.visibleRecord(sig, commitment);
    if (!r) return null;
    const { tx } = r;
    const max = c.maxSupportedTransactionVersion;
    if (tx.version !== "legacy" && (max === undefined || max === null || tx.version > max)) {
      throw new RpcError(
        -32015,
        `Transaction version (${tx.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${tx.version}`,
      );
    }
    const decimals = this.mintDecimals("processed");
    const parsed = encoding === "jsonParsed";
    let transaction;
    if (encoding === "base64") transaction = [b64dec.decode(tx.wire), "base64"];
    else if (encoding === "base58") transaction = [b58dec.decode(tx.wire), "base58"];
    else transaction = { message: parsed ? this.parsedMessage(r, decimals) : this.jsonMessage(tx.message), signatures: tx.signatures };
    const meta = {
      computeUnitsConsumed: r.computeUnitsConsumed,
      err: r.err,
      fee: r.fee,
      innerInstructions: this.renderInner(r.innerInstructions, r.keys, parsed ? decimals : null),
      logMessages: r.logs,
      postBalances: r.postBalances,
      postTokenBalances: r.postTokenBalances,
      preBalances: r.preBalances,
      preTokenBalances: r.preTokenBalances,
      rewards: [],
      status: r.err === null ? { Ok: null } : { Err: r.err },
    };
    if (!parsed) meta.loadedAddresses = r.loaded;
    const out = { blockTime: r.blockTime, meta, slot: r.slot, transaction };
    if (max !== undefined && max !== null) out.version = tx.version;
    return out;
  }

  jsonMessage(m) {
    const out = {
      accountKeys: m.staticAccounts,
      header: {
        numReadonlySignedAccounts: m.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: m.header.numReadonlyNonSignerAccounts,
        numRequiredSignatures: m.header.numSignerAccounts,
      },
      instructions: m.instructions.map((ix) => ({
        accounts: [...(ix.accountIndices ?? [])],
        data: b58dec.decode(ix.data ?? new Uint8Array()),
        programIdIndex: ix.programAddressIndex,
        stackHeight: null,
      })),
      recentBlockhash: m.lifetimeToken,
    };
    if (m.version !== "legacy") out.addressTableLookups = this.lookupsJson(m);
    return out;
  }

  lookupsJson(m) {
    return (m.addressTableLookups ?? []).map((l) => ({
      accountKey: l.lookupTableAddress,
      readonlyIndexes: [...(l.readonlyIndexes ?? l.readonlyIndices ?? l.readableIndices ?? [])],
      writableIndexes: [...(l.writableIndexes ?? l.writableIndices ?? [])],
    }));
  }

  parsedMessage(r, decimals) {
    const m = r.tx.message;
    const nStatic = m.staticAccounts.length;
    const accountKeys = r.keys.map((k, i) => ({
      pubkey: k,
      signer: i < m.header.numSignerAccounts,
      source: i < nStatic ? "transaction" : "lookupTable",
      writable: i < nStatic ? isStaticWritable(m, i) : i < nStatic + r.loaded.writable.length,
    }));
    const out = {
      accountKeys,
      instructions: m.instructions.map((ix) =>
        parseInstruction(
          {
            programId: r.keys[ix.programAddressIndex],
            accounts: [...(ix.accountIndices ?? [])].map((i) => r.keys[i]),
            data: ix.data ?? new Uint8Array(),
            stackHeight: null,
          },
          decimals,
        ),
      ),
      recentBlockhash: m.lifetimeToken,
    };
    if (m.version !== "legacy") out.addressTableLookups = this.lookupsJson(m);
    return out;
  }

  /** meta.innerInstructions: [{index, instructions}] for the top-level instructions that had any. */
  renderInner(inner, keys, decimals) {
    const out = [];
    (inner ?? []).forEach((list, index) => {
      if (!list.length) return;
      out.push({
        index,
        instructions: list.map((ii) => {
          const ci = ii.instruction();
          const accounts = [...ci.accounts()];
          const data = ci.data();
          if (decimals) {
            return parseInstruction(
              { programId: keys[ci.programIdIndex()], accounts: accounts.map((i) => keys[i]), data, stackHeight: ii.stackHeight() },
              decimals,
            );
          }
          return { accounts, data: b58dec.decode(data), programIdIndex: ci.programIdIndex(), stackHeight: ii.stackHeight() };
        }),
      });
    });
    return out;
  }

  getSignaturesForAddress(p) {
    const address = pubkey(p[0]);
    const c = config(p, 1);
    const commitment = this.txCommitment(c);
    this.checkMinContextSlot(c);
    const limit = c.limit ?? 1000;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw invalidParams("Invalid limit; max 1000");
    const before = c.before === undefined || c.before === null ? null : signatureParam(c.before);
    const until = c.until === undefined || c.until === null ? null : signatureParam(c.until);
    const maxSlot = this.chain.slotAt(commitment);
    const list = this.chain.byAddress.get(address) ?? [];
    let i = list.length - 1;
    if (before !== null) {
      const at = list.lastIndexOf(before);
      if (at < 0) return [];
      i = at - 1;
    }
    const out = [];
    for (; i >= 0 && out.length < limit; i--) {
      const sig = list[i];
      if (sig === until) break;
      const r = this.chain.txs.get(sig);
      if (r.slot > maxSlot) continue;
      out.push({
        blockTime: r.blockTime,
        confirmationStatus: this.chain.statusOf(r.slot),
        err: r.err,
        memo: r.memo,
        signature: sig,
        slot: r.slot,
      });
    }
    return out;
  }

  // ---- faucet and test methods --------------------------------------------------------------

  requestAirdrop(p) {
    const address = pubkey(p[0]);
    const lamports = p[1];
    if (typeof lamports !== "number" || !Number.isSafeInteger(lamports) || lamports <= 0) throw invalidParams("lamports must be a positive integer");
    if (!this.airdrop) throw new RpcError(-32603, "Internal error: the faucet is not configured");
    return this.airdrop(address, BigInt(lamports));
  }

  dropIncoming(p) {
    if (typeof p[0] !== "boolean") throw invalidParams("expected a boolean");
    this.chain.dropIncoming = p[0];
    return p[0];
  }

  advanceSlots(p) {
    const n = p[0] ?? 1;
    if (!Number.isInteger(n) || n < 1 || n > 10_000) throw invalidParams("n must be an integer in 1..10000");
    for (let i = 0; i < n; i++) this.chain.tick();
    return this.chain.slot;
  }
}

/** JSON with bigints written as plain numbers (lamports and u64::MAX rent epochs). */
export function stringifyJson(value) {
  return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `\u0000${v}\u0000` : v)).replace(/"\\u0000(\d+)\\u0000"/g, "$1");
}

export { addressBytes };
