// SolanaRpc's reads of landed transactions: getTransaction (json, base58/base64 and jsonParsed,
// inner instructions, address table lookups) and getSignaturesForAddress, with the commitment rules
// they share. rpc.mjs installs these methods on SolanaRpc.
import { RpcError, isStaticWritable } from "./chain.mjs";
import { parseInstruction } from "./parse.mjs";
import { b58dec, b64dec, invalidParams, config, pubkey, signatureParam } from "./rpc-params.mjs";

/** Methods of SolanaRpc (`this` is the SolanaRpc). */
export const historyMethods = {
  visibleRecord(sig, commitment) {
    const r = this.chain.txs.get(sig);
    if (!r || r.slot > this.chain.slotAt(commitment)) return null;
    return r;
  },

  txCommitment(c) {
    const commitment = c.commitment ?? "finalized";
    if (commitment === "processed") throw new RpcError(-32602, "Method does not support commitment below `confirmed`");
    this.chain.slotAt(commitment); // validates the name
    return commitment;
  },

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
    const parsed = encoding === "jsonParsed";
    let transaction;
    if (encoding === "base64") transaction = [b64dec.decode(tx.wire), "base64"];
    else if (encoding === "base58") transaction = [b58dec.decode(tx.wire), "base58"];
    else transaction = { message: parsed ? this.parsedMessage(r) : this.jsonMessage(tx.message), signatures: tx.signatures };
    const meta = {
      computeUnitsConsumed: r.computeUnitsConsumed,
      err: r.err,
      fee: r.fee,
      innerInstructions: this.renderInner(r.innerInstructions, r.keys, parsed),
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
  },

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
  },

  lookupsJson(m) {
    return (m.addressTableLookups ?? []).map((l) => ({
      accountKey: l.lookupTableAddress,
      readonlyIndexes: [...(l.readonlyIndexes ?? l.readonlyIndices ?? l.readableIndices ?? [])],
      writableIndexes: [...(l.writableIndexes ?? l.writableIndices ?? [])],
    }));
  },

  parsedMessage(r) {
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
        parseInstruction({
          programId: r.keys[ix.programAddressIndex],
          accounts: [...(ix.accountIndices ?? [])].map((i) => r.keys[i]),
          data: ix.data ?? new Uint8Array(),
          stackHeight: null,
        }),
      ),
      recentBlockhash: m.lifetimeToken,
    };
    if (m.version !== "legacy") out.addressTableLookups = this.lookupsJson(m);
    return out;
  },

  /** meta.innerInstructions: [{index, instructions}] for the top-level instructions that had any. */
  renderInner(inner, keys, parsed) {
    const out = [];
    (inner ?? []).forEach((list, index) => {
      if (!list.length) return;
      out.push({
        index,
        instructions: list.map((ii) => {
          const ci = ii.instruction();
          const accounts = [...ci.accounts()];
          const data = ci.data();
          if (parsed) {
            return parseInstruction({ programId: keys[ci.programIdIndex()], accounts: accounts.map((i) => keys[i]), data, stackHeight: ii.stackHeight() });
          }
          return { accounts, data: b58dec.decode(data), programIdIndex: ci.programIdIndex(), stackHeight: ii.stackHeight() };
        }),
      });
    });
    return out;
  },

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
  },
};
