// The devnet's Solana chain: the real SVM runtime (LiteSVM) with slots on a timer, a blockhash per
// slot valid for `blockhashValidSlots` slots, transactions that are checked when sent and land at
// the next slot tick, per-commitment views of accounts (processed = head, confirmed = head - 1,
// finalized = head - finalizeDepth) and the transaction history the RPC answers from.
// docs/solana.md is the contract; rpc.mjs turns this into Solana's JSON-RPC shapes.
import crypto from "node:crypto";
import { Account, LiteSVM } from "litesvm";
import { getBase58Decoder, getBase58Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { getMintDecoder, getMintEncoder, getTokenDecoder, getTokenEncoder } from "@solana-program/token";
import { errorToJson, isLandingError, transactionErrorMessage } from "./errors.mjs";

export const SYSTEM_PROGRAM = "11111111111111111111111111111111";
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
export const ATA_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
export const MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
export const MEMO_V1_PROGRAM = "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo";
export const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
export const LOOKUP_TABLE_PROGRAM = "AddressLookupTab1e1111111111111111111111111";
export const LAMPORTS_PER_SIGNATURE = 5000n;
export const RENT_EPOCH_EXEMPT = 18446744073709551615n; // u64::MAX: what the RPC shows for rent-exempt accounts

const b58enc = getBase58Encoder(); // string -> bytes
const b58dec = getBase58Decoder(); // bytes -> string
const txDecoder = getTransactionDecoder();
const msgDecoder = getCompiledTransactionMessageDecoder();
const mintDecoder = getMintDecoder();
const tokenDecoder = getTokenDecoder();

export const toAddress = (bytes) => b58dec.decode(bytes);
export const addressBytes = (address) => {
  const bytes = b58enc.encode(address);
  if (bytes.length !== 32) throw new RangeError(`not a 32-byte address: ${address}`);
  return bytes;
};

/** A typed error the RPC maps to a JSON-RPC error object. */
export class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/**
 * Decodes wire bytes into the parts the node needs. Throws RpcError(-32602) for bytes that are not
 * a transaction (the message real nodes give for a failed deserialization).
 */
export function decodeTransaction(wire) {
  let tx;
  let message;
  try {
    tx = txDecoder.decode(wire);
    message = msgDecoder.decode(tx.messageBytes);
  } catch (err) {
    throw new RpcError(-32602, `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${err.message}`);
  }
  if (message.version !== "legacy" && message.version !== 0) {
    throw new RpcError(-32602, `invalid transaction: unsupported transaction version ${message.version}`);
  }
  const sigs = Object.values(tx.signatures);
  if (sigs.length !== message.header.numSignerAccounts || message.staticAccounts.length === 0) {
    throw new RpcError(-32602, "invalid transaction: Transaction failed to sanitize accounts offsets correctly");
  }
  const first = sigs[0];
  return {
    wire,
    messageBytes: tx.messageBytes,
    message,
    version: message.version,
    signatures: Object.entries(tx.signatures).map(([, s]) => (s ? b58dec.decode(s) : b58dec.decode(new Uint8Array(64)))),
    signature: first ? b58dec.decode(first) : b58dec.decode(new Uint8Array(64)),
    feePayer: message.staticAccounts[0],
    blockhash: message.lifetimeToken,
  };
}

/** The offset of the recent blockhash inside message bytes (to replace it for a simulation). */
export function blockhashOffset(messageBytes) {
  let i = messageBytes[0] & 0x80 ? 1 : 0; // version prefix
  i += 3; // header
  let n = 0;
  let shift = 0;
  for (;;) {
    const b = messageBytes[i++];
    n |= (b & 0x7f) << shift;
    if (!(b & 0x80)) break;
    shift += 7;
  }
  return i + 32 * n;
}

/** Whether static account `i` of a compiled message is writable (header rules). */
export function isStaticWritable(message, i) {
  const { numSignerAccounts: s, numReadonlySignerAccounts: rs, numReadonlyNonSignerAccounts: rn } = message.header;
  if (i < s) return i < s - rs;
  return i < message.staticAccounts.length - rn;
}

/** The transaction fee: 5,000 lamports a signature plus the compute-budget priority fee. */
export function feeOf(message) {
  let limit = null;
  let microLamports = 0n;
  let others = 0;
  for (const ix of message.instructions) {
    const program = message.staticAccounts[ix.programAddressIndex];
    const data = ix.data ?? new Uint8Array();
    if (program !== COMPUTE_BUDGET_PROGRAM) {
      others++;
      continue;
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true));
    if (data[0] === 3 && data.length >= 9) microLamports = view.getBigUint64(1, true);
  }
  if (limit === null) limit = BigInt(Math.min(200_000 * others, 1_400_000));
  const priority = (microLamports * limit + 999_999n) / 1_000_000n;
  return BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE + priority;
}

function plainAccount(acc) {
  if (acc === null) return null;
  const lamports = acc.lamports();
  const data = acc.data();
  if (lamports === 0n && data.length === 0) return null; // a closed / never funded account
  return { lamports, data, owner: toAddress(acc.owner()), executable: acc.executable(), rentEpoch: RENT_EPOCH_EXEMPT };
}

/** Token amount in the RPC's shape (amount string, decimals, uiAmount, uiAmountString). */
export function uiTokenAmount(amount, decimals) {
  const s = amount.toString().padStart(decimals + 1, "0");
  const whole = s.slice(0, s.length - decimals);
  const frac = s.slice(s.length - decimals).replace(/0+$/, "");
  const uiAmountString = frac ? `${whole}.${frac}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

export class SolanaChain {
  /**
   * @param {object} o
   * @param {number} [o.slotMs] slot interval (ms)
   * @param {number} [o.finalizeDepth] slots until a slot is finalized
   * @param {number} [o.blockhashValidSlots] slots a blockhash stays valid
   * @param {string} [o.genesisSeed] seed of the genesis hash (and so of every blockhash)
   */
  constructor({ slotMs = 400, finalizeDepth = 4, blockhashValidSlots = 150, genesisSeed = "perch devnet solana" } = {}) {
    for (const [k, v] of Object.entries({ slotMs, finalizeDepth, blockhashValidSlots })) {
      if (!Number.isInteger(v) || v < 1) throw new RangeError(`${k} must be a positive integer`);
    }
    this.slotMs = slotMs;
    this.finalizeDepth = finalizeDepth;
    this.blockhashValidSlots = blockhashValidSlots;
    this.svm = new LiteSVM();
    this.vm = this.svm.inner; // the byte-level API: no re-encoding of wire transactions
    this.vm.setBlockhashCheck(false); // blockhash ages are this class's (a window, not only the latest)
    this.vm.setSigverify(true);
    this.genesisHash = toAddress(crypto.createHash("sha256").update(`${genesisSeed} genesis`).digest());
    // Slots continue from LiteSVM's genesis clock: its built-in programs are deployed at that slot,
    // and the runtime refuses to run a program whose deployment slot is still in the future.
    this.firstSlot = Number(this.svm.getClock().slot);
    this.slot = this.firstSlot;
    this.blockhashes = new Map(); // blockhash -> slot
    this.hashBySlot = new Map(); // slot -> blockhash
    this.blockTimes = new Map(); // slot -> unix seconds
    this.undo = new Map(); // slot -> Map(address -> account before the slot's first change)
    this.pending = []; // decoded transactions waiting for the next tick
    this.pendingSigs = new Set();
    this.txs = new Map(); // signature -> record
    this.byAddress = new Map(); // address -> [signature] in landing order
    this.transactionCount = 0;
    this.dropIncoming = false;
    this.timer = null;
    this.#enterSlot(this.firstSlot);
  }

  // ---- slots ----------------------------------------------------------------------------------

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.slotMs);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }

  #enterSlot(slot) {
    this.slot = slot;
    const hash = toAddress(crypto.createHash("sha256").update(`${this.genesisHash} slot ${slot}`).digest());
    this.blockhashes.set(hash, slot);
    this.hashBySlot.set(slot, hash);
    const unix = Math.floor(Date.now() / 1000);
    this.blockTimes.set(slot, unix);
    const clock = this.vm.getClock();
    clock.slot = BigInt(slot);
    clock.unixTimestamp = BigInt(unix);
    this.vm.setClock(clock);
    const keep = this.blockhashValidSlots + this.finalizeDepth + 2;
    const old = slot - keep;
    if (old >= 0 && this.hashBySlot.has(old)) {
      this.blockhashes.delete(this.hashBySlot.get(old));
      this.hashBySlot.delete(old);
      this.blockTimes.delete(old);
    }
    this.undo.delete(slot - this.finalizeDepth - 2);
  }

  /** Advances one slot: the new slot takes every pending transaction that is still valid. */
  tick() {
    this.#enterSlot(this.slot + 1);
    const batch = this.pending;
    this.pending = [];
    this.pendingSigs.clear();
    for (const tx of batch) {
      try {
        this.#land(tx);
      } catch (err) {
        // A transaction the runtime cannot take is dropped; the node keeps producing slots.
        console.error(`[solana] dropped ${tx.signature}: ${err.message}`);
      }
    }
    return this.slot;
  }

  /** The slot a commitment level reads at. */
  slotAt(commitment = "finalized") {
    if (commitment === "processed") return this.slot;
    if (commitment === "confirmed") return Math.max(this.firstSlot, this.slot - 1);
    if (commitment === "finalized") return Math.max(this.firstSlot, this.slot - this.finalizeDepth);
    throw new RpcError(-32602, `Invalid params: unknown variant \`${commitment}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\``);
  }

  blockhashAt(slot) {
    return this.hashBySlot.get(slot);
  }

  /** Whether `hash` is valid at `slot` (its age at most `blockhashValidSlots`). */
  isBlockhashValid(hash, slot = this.slot) {
    const b = this.blockhashes.get(hash);
    return b !== undefined && b <= slot && slot - b <= this.blockhashValidSlots;
  }

  lastValidBlockHeight(hash) {
    const b = this.blockhashes.get(hash);
    return b === undefined ? null : b + this.blockhashValidSlots;
  }

  blockTime(slot) {
    return this.blockTimes.get(slot) ?? null;
  }

  // ---- accounts -------------------------------------------------------------------------------

  /** The account at `address` as of `commitment` ({lamports, data, owner, executable, rentEpoch} or null). */
  getAccount(address, commitment = "processed") {
    const at = this.slotAt(commitment);
    for (let s = at + 1; s <= this.slot; s++) {
      const changes = this.undo.get(s);
      if (changes?.has(address)) return changes.get(address);
    }
    return plainAccount(this.vm.getAccount(addressBytes(address)));
  }

  /** Writes a genesis account (only before the first tick). */
  setAccount(address, { lamports, data = new Uint8Array(), owner = SYSTEM_PROGRAM, executable = false }) {
    this.vm.setAccount(addressBytes(address), new Account(BigInt(lamports), data, addressBytes(owner), executable, RENT_EPOCH_EXEMPT));
  }

  minimumBalanceForRentExemption(len) {
    return this.vm.minimumBalanceForRentExemption(BigInt(len));
  }

  /** Token accounts (classic SPL Token and Token-2022 base layout) owned by `owner` at `commitment`. */
  tokenAccountsByOwner(owner, { mint, programId }, commitment) {
    const out = [];
    for (const program of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
      if (programId && programId !== program) continue;
      for (const entry of this.vm.getProgramAccounts(addressBytes(program))) {
        const address = toAddress(entry.address);
        const acc = this.getAccount(address, commitment);
        const tok = acc && decodeTokenAccount(acc);
        if (!tok || tok.owner !== owner || (mint && tok.mint !== mint)) continue;
        out.push({ address, account: acc, token: tok });
      }
    }
    return out;
  }

  // ---- transactions ---------------------------------------------------------------------------

  /** Resolves a v0 message's address-table lookups against the current state. */
  loadedAddresses(message) {
    const writable = [];
    const readonly = [];
    for (const l of message.addressTableLookups ?? []) {
      const table = this.getAccount(l.lookupTableAddress, "processed");
      if (!table || table.owner !== LOOKUP_TABLE_PROGRAM) throw new RpcError(-32602, "invalid transaction: Transaction loads an address table account that doesn't exist");
      const keys = [];
      for (let off = 56; off + 32 <= table.data.length; off += 32) keys.push(toAddress(table.data.subarray(off, off + 32)));
      const pick = (idx) => {
        if (idx >= keys.length) throw new RpcError(-32602, "invalid transaction: Transaction address table lookup uses an invalid index");
        return keys[idx];
      };
      for (const i of l.writableIndexes ?? l.writableIndices ?? []) writable.push(pick(i));
      for (const i of l.readonlyIndexes ?? l.readonlyIndices ?? l.readableIndices ?? []) readonly.push(pick(i));
    }
    return { writable, readonly };
  }

  /** Runs a transaction against the head state without committing it. */
  simulate(tx, { sigVerify = false } = {}) {
    this.vm.setSigverify(sigVerify);
    try {
      const r = tx.version === "legacy" ? this.vm.simulateLegacyTransaction(tx.wire) : this.vm.simulateVersionedTransaction(tx.wire);
      const failed = typeof r.err === "function";
      const meta = r.meta();
      return {
        err: failed ? errorToJson(r.err()) : null,
        errorMessage: failed ? transactionErrorMessage(r.err()) : null,
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        returnData: meta.returnData(),
        innerInstructions: meta.innerInstructions(),
        postAccounts: failed ? [] : r.postAccounts().map((a) => ({ address: toAddress(a.address), account: plainAccount(a.account()) })),
      };
    } finally {
      this.vm.setSigverify(true);
    }
  }

  /** Queues a checked transaction for the next slot (dropped at once while dropIncoming is on). */
  enqueue(tx) {
    if (this.dropIncoming) return false;
    if (this.txs.has(tx.signature) || this.pendingSigs.has(tx.signature)) return false;
    this.pending.push(tx);
    this.pendingSigs.add(tx.signature);
    return true;
  }

  #snapshotBefore(addresses) {
    let changes = this.undo.get(this.slot);
    if (!changes) this.undo.set(this.slot, (changes = new Map()));
    for (const a of addresses) {
      if (!changes.has(a)) changes.set(a, plainAccount(this.vm.getAccount(addressBytes(a))));
    }
  }

  #tokenBalances(keys) {
    const out = [];
    keys.forEach((address, accountIndex) => {
      const acc = this.getAccount(address, "processed");
      const tok = acc && decodeTokenAccount(acc);
      if (!tok) return;
      const mintAcc = this.getAccount(tok.mint, "processed");
      const mint = mintAcc && decodeMint(mintAcc);
      if (!mint) return;
      out.push({
        accountIndex,
        mint: tok.mint,
        owner: tok.owner,
        programId: acc.owner,
        uiTokenAmount: uiTokenAmount(tok.amount, mint.decimals),
      });
    });
    return out;
  }

  #land(tx) {
    if (this.txs.has(tx.signature)) return; // already processed
    if (!this.isBlockhashValid(tx.blockhash, this.slot)) return; // expired while waiting: dropped
    let loaded;
    try {
      loaded = this.loadedAddresses(tx.message);
    } catch {
      return;
    }
    const keys = [...tx.message.staticAccounts, ...loaded.writable, ...loaded.readonly];
    const balance = (a) => this.getAccount(a, "processed")?.lamports ?? 0n;
    const preBalances = keys.map(balance);
    const preTokenBalances = this.#tokenBalances(keys);
    this.#snapshotBefore(keys);
    const r = tx.version === "legacy" ? this.vm.sendLegacyTransaction(tx.wire) : this.vm.sendVersionedTransaction(tx.wire);
    const failed = typeof r.err === "function";
    const err = failed ? r.err() : null;
    if (failed && !isLandingError(err)) return; // not executable (fee payer, signature, ...): never in a block
    const meta = failed ? r.meta() : r;
    const record = {
      signature: tx.signature,
      slot: this.slot,
      blockTime: this.blockTime(this.slot),
      tx,
      loaded,
      keys,
      err: failed ? errorToJson(err) : null,
      fee: feeOf(tx.message),
      preBalances,
      postBalances: keys.map(balance),
      preTokenBalances,
      postTokenBalances: this.#tokenBalances(keys),
      logs: meta.logs(),
      innerInstructions: meta.innerInstructions(),
      returnData: meta.returnData(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      memo: extractMemos(tx.message),
    };
    this.txs.set(tx.signature, record);
    this.transactionCount++;
    for (const a of new Set(keys)) {
      let list = this.byAddress.get(a);
      if (!list) this.byAddress.set(a, (list = []));
      list.push(tx.signature);
    }
  }

  /** The commitment a landed slot has reached. */
  statusOf(slot) {
    if (slot + this.finalizeDepth <= this.slot) return "finalized";
    if (slot + 1 <= this.slot) return "confirmed";
    return "processed";
  }
}

export function decodeMint(acc) {
  if (![TOKEN_PROGRAM, TOKEN_2022_PROGRAM].includes(acc.owner) || acc.data.length < 82) return null;
  if (acc.data.length !== 82 && !(acc.owner === TOKEN_2022_PROGRAM && acc.data[165] === 1)) return null;
  const m = mintDecoder.decode(acc.data.subarray(0, 82));
  if (!m.isInitialized) return null;
  return {
    mintAuthority: m.mintAuthority.__option === "Some" ? m.mintAuthority.value : null,
    supply: m.supply,
    decimals: m.decimals,
    isInitialized: m.isInitialized,
    freezeAuthority: m.freezeAuthority.__option === "Some" ? m.freezeAuthority.value : null,
  };
}

const TOKEN_STATES = ["uninitialized", "initialized", "frozen"];

export function decodeTokenAccount(acc) {
  if (![TOKEN_PROGRAM, TOKEN_2022_PROGRAM].includes(acc.owner) || acc.data.length < 165) return null;
  if (acc.data.length !== 165 && !(acc.owner === TOKEN_2022_PROGRAM && acc.data[165] === 2)) return null;
  const t = tokenDecoder.decode(acc.data.subarray(0, 165));
  if (t.state === 0) return null;
  const opt = (o) => (o.__option === "Some" ? o.value : null);
  return {
    mint: t.mint,
    owner: t.owner,
    amount: t.amount,
    delegate: opt(t.delegate),
    state: TOKEN_STATES[t.state],
    isNative: opt(t.isNative),
    delegatedAmount: t.delegatedAmount,
    closeAuthority: opt(t.closeAuthority),
  };
}

/** Genesis data of an SPL mint (82 bytes). */
export function encodeMint({ mintAuthority, supply, decimals }) {
  return new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: { __option: "Some", value: mintAuthority },
      supply,
      decimals,
      isInitialized: true,
      freezeAuthority: { __option: "None" },
    }),
  );
}

/** Genesis data of an initialized SPL token account (165 bytes). */
export function encodeTokenAccount({ mint, owner, amount }) {
  return new Uint8Array(
    getTokenEncoder().encode({
      mint,
      owner,
      amount,
      delegate: { __option: "None" },
      state: 1,
      isNative: { __option: "None" },
      delegatedAmount: 0n,
      closeAuthority: { __option: "None" },
    }),
  );
}

/** The memo column of getSignaturesForAddress: "[len] text" per top-level memo, joined by "; ". */
export function extractMemos(message) {
  const memos = [];
  for (const ix of message.instructions) {
    const program = message.staticAccounts[ix.programAddressIndex];
    if (program !== MEMO_PROGRAM && program !== MEMO_V1_PROGRAM) continue;
    const data = ix.data ?? new Uint8Array();
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(data);
    } catch {
      text = "(unparseable)";
    }
    memos.push(`[${data.length}] ${text}`);
  }
  return memos.length ? memos.join("; ") : null;
}
