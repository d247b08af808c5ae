// Solana's JSON-RPC methods over a SolanaChain, with the real API's request and answer shapes
// (context.slot wrappers, commitment, encodings, error codes). `handleBody` takes a parsed JSON-RPC
// request or batch and returns the answer (null for a batch of notifications only).
import crypto from "node:crypto";
import { RpcError, addressBytes, blockhashOffset, decodeMint, decodeTokenAccount, decodeTransaction, toAddress, uiTokenAmount } from "./chain.mjs";
import { errorJsonMessage } from "./errors.mjs";
import { parseAccountData } from "./parse.mjs";
import { MAX_ACCOUNTS } from "./priority-fees.mjs";
import { historyMethods } from "./rpc-history.mjs";
import { b58enc, b58dec, b64dec, msgDecoder, invalidParams, invalidParam, config, pubkey, signatureParam, u64Param, decodeBytes } from "./rpc-params.mjs";

export const API_VERSION = "2.2.0";
export const SOLANA_CORE_VERSION = "2.2.0";
const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_SIGNATURE_STATUSES = 256;
const STATUS_CACHE_SLOTS = 300;
const PACKET_DATA_SIZE = 1232; // the largest wire transaction
const MAX_BASE58_SIZE = 1683; // its base58 length
const MAX_BASE64_SIZE = 1644; // its base64 length // getSignatureStatuses without searchTransactionHistory sees this far back

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
      getRecentPrioritizationFees: (p) => this.getRecentPrioritizationFees(p),
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

  /** A mint's decimals as a lookup function (decimals never change once a mint is initialized). */
  mintDecimals() {
    return (mint) => this.chain.mintDecimals(mint);
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
    return { context: this.context(c.commitment), value: valid ? this.chain.feeOf(message) : null };
  }

  /** Per recent finalized slot, the lowest compute-unit price landed there (priority-fees.mjs). */
  getRecentPrioritizationFees(p) {
    const accounts = p[0] ?? [];
    if (!Array.isArray(accounts)) throw invalidParams("expected an array of account addresses");
    if (accounts.length > MAX_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_ACCOUNTS}`);
    const keys = accounts.map(pubkey);
    return this.chain.priorityFees.recent(this.chain.slotAt("finalized"), this.chain.firstSlot, keys);
  }

  // ---- transactions -------------------------------------------------------------------------

  decodeWire(p, defaultEncoding = "base58") {
    const c = config(p, 1);
    const encoding = c.encoding ?? defaultEncoding;
    if (encoding !== "base58" && encoding !== "base64") {
      throw new RpcError(-32602, `unsupported encoding: ${encoding}. Supported encodings: base58, base64`);
    }
    const maxEncoded = encoding === "base58" ? MAX_BASE58_SIZE : MAX_BASE64_SIZE;
    if (typeof p[0] === "string" && p[0].length > maxEncoded) {
      throw new RpcError(-32602, `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${p[0].length} bytes (max: encoded/raw ${maxEncoded}/${PACKET_DATA_SIZE})`);
    }
    const bytes = decodeBytes(p[0], encoding, "transaction");
    if (bytes.length > PACKET_DATA_SIZE) {
      throw new RpcError(-32602, `decoded solana_transaction::versioned::VersionedTransaction too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
    }
    return { c, tx: decodeTransaction(bytes) };
  }

  simulationValue(sim, tx, c, replacement) {
    let accounts = null;
    if (c.accounts) {
      const want = c.accounts.addresses ?? [];
      if (!Array.isArray(want)) throw invalidParams("accounts.addresses must be an array");
      const post = new Map(sim.postAccounts().map((a) => [a.address, a.account]));
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
      fee: sim.err === "BlockhashNotFound" ? null : this.chain.feeOf(tx.message),
      innerInstructions: c.innerInstructions ? this.renderInner(sim.innerInstructions, tx.message.staticAccounts, false) : null,
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

// The reads of landed transactions live in rpc-history.mjs.
Object.assign(SolanaRpc.prototype, historyMethods);

// Marks a bigint inside JSON.stringify's output; the random part keeps user strings (memos, logs)
// from ever matching it.
const BIG_MARK = `\u0000big${crypto.randomBytes(6).toString("hex")}:`;
const BIG_RE = new RegExp(`"${JSON.stringify(BIG_MARK).slice(1, -1).replace(/\\/g, "\\\\")}(\\d+)"`, "g");

/** JSON with bigints written as plain numbers (lamports and u64::MAX rent epochs). */
export function stringifyJson(value) {
  return JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${BIG_MARK}${v}` : v)).replace(BIG_RE, "$1");
}

export { addressBytes };
