// The devnet's Solana chain: the real SVM runtime (LiteSVM) with slots on a timer, a blockhash per
// slot valid for `blockhashValidSlots` slots, transactions that are checked when sent and land at
// the next slot tick, per-commitment views of accounts (processed = head, confirmed = head - 1,
// finalized = head - finalizeDepth) and the transaction history the RPC answers from.
// docs/solana.md is the contract; rpc.mjs turns this into Solana's JSON-RPC shapes.
import crypto from "node:crypto";
import { createRequire } from "node:module";
// @solana/kit's parts rather than kit itself: the node starts with half the CPU (kit loads ~60 modules).
import { getBase58Decoder, getBase58Encoder } from "@solana/codecs-strings";
import { getCompiledTransactionMessageDecoder } from "@solana/transaction-messages";
import { getTransactionDecoder } from "@solana/transactions";
import { errorToJson, isLandingError, transactionErrorMessage } from "./errors.mjs";
import { PriorityFees, computeUnitPrice } from "./priority-fees.mjs";

// LiteSVM's native binding, the byte-level API (wire transactions in, no re-encoding). The package's
// main module only wraps it for @solana/kit objects and loads kit's CommonJS build on top of the
// ES one this node uses (~0.6 s of start-up on a busy machine), so the binding is taken directly.
const { Account, LiteSvm } = createRequire(import.meta.url)("litesvm/dist/internal.js");

export const SYSTEM_PROGRAM = "11111111111111111111111111111111";
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
export const ATA_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
export const MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
export const MEMO_V1_PROGRAM = "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo";
export const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
export const NATIVE_LOADER = "NativeLoader1111111111111111111111111111111";
export const LOOKUP_TABLE_PROGRAM = "AddressLookupTab1e1111111111111111111111111";
export const LAMPORTS_PER_SIGNATURE = 5000n;
// Programs owned by these loaders cannot be upgraded, so their accounts are read once.
const IMMUTABLE_LOADERS = new Set([
  NATIVE_LOADER,
  "BPFLoader1111111111111111111111111111111111",
  "BPFLoader2111111111111111111111111111111111",
]);
export const RENT_EPOCH_EXEMPT = 18446744073709551615n; // u64::MAX: what the RPC shows for rent-exempt accounts

const b58enc = getBase58Encoder(); // string -> bytes
const b58dec = getBase58Decoder(); // bytes -> string
const txDecoder = getTransactionDecoder();
const msgDecoder = getCompiledTransactionMessageDecoder();

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

/**
 * The transaction fee: 5,000 lamports a signature plus the priority fee, ceil(price × limit / 10^6)
 * in lamports, with the price in micro-lamports per compute unit (SetComputeUnitPrice) and the
 * limit from SetComputeUnitLimit or else the runtime's default: 3,000 units per builtin-program
 * instruction (compute budget included) and 200,000 per other instruction, at most 1,400,000.
 * `isBuiltin(programId)` tells builtins (native-loader programs) apart.
 */
export function feeOf(message, isBuiltin = (p) => p === SYSTEM_PROGRAM || p === COMPUTE_BUDGET_PROGRAM) {
  let limit = null;
  let microLamports = 0n;
  let defaultLimit = 0;
  for (const ix of message.instructions) {
    const program = message.staticAccounts[ix.programAddressIndex];
    const data = ix.data ?? new Uint8Array();
    defaultLimit += isBuiltin(program) ? 3_000 : 200_000;
    if (program !== COMPUTE_BUDGET_PROGRAM) continue;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true));
    if (data[0] === 3 && data.length >= 9) microLamports = view.getBigUint64(1, true);
  }
  const cap = 1_400_000n;
  const units = limit === null ? BigInt(Math.min(defaultLimit, 1_400_000)) : limit < cap ? limit : cap;
  const priority = (microLamports * units + 999_999n) / 1_000_000n;
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
   * @param {string} [o.genesisSeed] seed of the genesis hash and so of every blockhash; random by
   *   default, so a transaction signed for an earlier run of the devnet never lands on a new one
   */
  constructor({ slotMs = 400, finalizeDepth = 4, blockhashValidSlots = 150, genesisSeed = `perch devnet solana ${crypto.randomUUID()}` } = {}) {
    for (const [k, v] of Object.entries({ slotMs, finalizeDepth, blockhashValidSlots })) {
      if (!Number.isInteger(v) || v < 1) throw new RangeError(`${k} must be a positive integer`);
    }
    this.slotMs = slotMs;
    this.finalizeDepth = finalizeDepth;
    this.blockhashValidSlots = blockhashValidSlots;
    this.vm = new LiteSvm(); // the standard runtime: builtins, sysvars, SPL programs
    this.vm.setBlockhashCheck(false); // blockhash ages are this class's (a window, not only the latest)
    this.vm.setSigverify(true);
    this.genesisHash = toAddress(crypto.createHash("sha256").update(`${genesisSeed} genesis`).digest());
    // Slots continue from LiteSVM's genesis clock: its built-in programs are deployed at that slot,
    // and the runtime refuses to run a program whose deployment slot is still in the future.
    this.firstSlot = Number(this.vm.getClock().slot);
    this.slot = this.firstSlot;
    this.blockhashes = new Map(); // blockhash -> slot
    this.hashBySlot = new Map(); // slot -> blockhash
    this.blockTimes = new Map(); // slot -> unix seconds
    this.undo = new Map(); // slot -> Map(address -> account before the slot's first change)
    this.pending = []; // decoded transactions waiting for the next tick
    this.pendingSigs = new Set();
    this.txs = new Map(); // signature -> record
    this.priorityFees = new PriorityFees(); // getRecentPrioritizationFees' cache
    this.byAddress = new Map(); // address -> [signature] in landing order
    this.transactionCount = 0;
    this.programs = new Map(); // address -> account of an immutable program
    this.decimals = new Map(); // mint -> decimals
    this.dropIncoming = false;
    this.timer = null;
    this.slotListeners = new Set(); // called with the new head after each slot's transactions landed
    // The SlotHashes sysvar (newest first, at most 512), which e.g. CreateLookupTable's
    // recent-slot check reads; LiteSVM's own entries seed it.
    this.slotHashes = this.vm.getSlotHashes().map((h) => ({ slot: h.slot, hash: h.hash }));
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
    const parentHash = this.hashBySlot.get(slot - 1);
    if (parentHash) {
      this.slotHashes.unshift({ slot: BigInt(slot - 1), hash: parentHash });
      if (this.slotHashes.length > 512) this.slotHashes.length = 512;
      this.vm.setSlotHashes(this.slotHashes);
    }
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
    for (const listener of this.slotListeners) {
      try {
        listener(this.slot);
      } catch (err) {
        console.error(`[solana] slot listener: ${err.message}`);
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
    return this.#current(address);
  }

  /** Writes a genesis account (only before the first tick). */
  setAccount(address, { lamports, data = new Uint8Array(), owner = SYSTEM_PROGRAM, executable = false }) {
    this.programs.delete(address);
    this.decimals.delete(address);
    this.vm.setAccount(addressBytes(address), new Account(BigInt(lamports), data, addressBytes(owner), executable, RENT_EPOCH_EXEMPT));
  }

  minimumBalanceForRentExemption(len) {
    return this.vm.minimumBalanceForRentExemption(BigInt(len));
  }

  /** Token accounts (classic SPL Token and Token-2022 base layout) owned by `owner` at `commitment`. */
  tokenAccountsByOwner(owner, { mint, programId }, commitment) {
    const programs = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].filter((p) => !programId || p === programId);
    // Today's token accounts, plus any changed since the commitment's slot (closed ones included).
    const candidates = new Set();
    for (const program of programs) for (const entry of this.vm.getProgramAccounts(addressBytes(program))) candidates.add(toAddress(entry.address));
    for (let s = this.slotAt(commitment) + 1; s <= this.slot; s++) for (const a of this.undo.get(s)?.keys() ?? []) candidates.add(a);
    const out = [];
    for (const address of candidates) {
      const acc = this.getAccount(address, commitment);
      if (!acc || !programs.includes(acc.owner)) continue;
      const tok = decodeTokenAccount(acc);
      if (!tok || tok.owner !== owner || (mint && tok.mint !== mint)) continue;
      out.push({ address, account: acc, token: tok });
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
        // Read only when asked for (simulateTransaction's `accounts`): it copies every account.
        postAccounts: () => (failed ? [] : r.postAccounts().map((a) => ({ address: toAddress(a.address), account: plainAccount(a.account()) }))),
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

  /** The current account at `address`; loader-owned (immutable) programs come from a cache. */
  #current(address) {
    const cached = this.programs.get(address);
    if (cached) return cached;
    const acc = plainAccount(this.vm.getAccount(addressBytes(address)));
    if (acc?.executable && IMMUTABLE_LOADERS.has(acc.owner)) this.programs.set(address, acc);
    return acc;
  }

  #tokenBalances(accounts) {
    const out = [];
    accounts.forEach((acc, accountIndex) => {
      const tok = acc && decodeTokenAccount(acc);
      if (!tok) return;
      const decimals = this.mintDecimals(tok.mint);
      if (decimals === null) return;
      out.push({ accountIndex, mint: tok.mint, owner: tok.owner, programId: acc.owner, uiTokenAmount: uiTokenAmount(tok.amount, decimals) });
    });
    return out;
  }

  /** The fee of a compiled message as this runtime charges it. */
  feeOf(message) {
    return feeOf(message, (program) => this.#current(program)?.owner === NATIVE_LOADER);
  }

  /** A mint's decimals (fixed once initialized, so cached), or null when `mint` is no mint. */
  mintDecimals(mint) {
    if (this.decimals.has(mint)) return this.decimals.get(mint);
    const acc = this.#current(mint);
    const m = acc && decodeMint(acc);
    if (!m) return null;
    this.decimals.set(mint, m.decimals);
    return m.decimals;
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
    const pre = keys.map((k) => this.#current(k));
    const r = tx.version === "legacy" ? this.vm.sendLegacyTransaction(tx.wire) : this.vm.sendVersionedTransaction(tx.wire);
    const failed = typeof r.err === "function";
    const err = failed ? r.err() : null;
    if (failed && !isLandingError(err)) return; // not executable (fee payer, signature, ...): never in a block
    // The accounts as they were before this slot's first change, for the commitment views.
    let changes = this.undo.get(this.slot);
    if (!changes) this.undo.set(this.slot, (changes = new Map()));
    keys.forEach((k, i) => changes.has(k) || changes.set(k, pre[i]));
    const post = keys.map((k) => this.#current(k));
    const meta = failed ? r.meta() : r;
    const record = {
      signature: tx.signature,
      slot: this.slot,
      blockTime: this.blockTime(this.slot),
      tx,
      loaded,
      keys,
      err: failed ? errorToJson(err) : null,
      fee: this.feeOf(tx.message),
      preBalances: pre.map((a) => a?.lamports ?? 0n),
      postBalances: post.map((a) => a?.lamports ?? 0n),
      preTokenBalances: this.#tokenBalances(pre),
      postTokenBalances: this.#tokenBalances(post),
      logs: meta.logs(),
      innerInstructions: meta.innerInstructions(),
      returnData: meta.returnData(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      memo: extractMemos(tx.message),
    };
    this.txs.set(tx.signature, record);
    this.transactionCount++;
    const writable = keys.filter((_k, i) => (i < tx.message.staticAccounts.length ? isStaticWritable(tx.message, i) : i < tx.message.staticAccounts.length + loaded.writable.length));
    this.priorityFees.record(this.slot, computeUnitPrice(tx.message), writable);
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

// SPL layouts (Mint 82 bytes, Account 165 bytes; Token-2022 adds an account-type byte at 165 and
// extensions after it). Decoded by hand: these run for every key of every landed transaction.
const u64le = (d, off) => new DataView(d.buffer, d.byteOffset + off, 8).getBigUint64(0, true);
const cOptionKey = (d, off) => (d[off] === 1 ? toAddress(d.subarray(off + 4, off + 36)) : null);

export function decodeMint(acc) {
  if (![TOKEN_PROGRAM, TOKEN_2022_PROGRAM].includes(acc.owner) || acc.data.length < 82) return null;
  if (acc.data.length !== 82 && !(acc.owner === TOKEN_2022_PROGRAM && acc.data[165] === 1)) return null;
  const d = acc.data;
  if (d[45] !== 1) return null;
  return {
    mintAuthority: cOptionKey(d, 0),
    supply: u64le(d, 36),
    decimals: d[44],
    isInitialized: true,
    freezeAuthority: cOptionKey(d, 46),
  };
}

const TOKEN_STATES = ["uninitialized", "initialized", "frozen"];

export function decodeTokenAccount(acc) {
  if (![TOKEN_PROGRAM, TOKEN_2022_PROGRAM].includes(acc.owner) || acc.data.length < 165) return null;
  if (acc.data.length !== 165 && !(acc.owner === TOKEN_2022_PROGRAM && acc.data[165] === 2)) return null;
  const d = acc.data;
  if (d[108] === 0 || d[108] > 2) return null;
  return {
    mint: toAddress(d.subarray(0, 32)),
    owner: toAddress(d.subarray(32, 64)),
    amount: u64le(d, 64),
    delegate: cOptionKey(d, 72),
    state: TOKEN_STATES[d[108]],
    isNative: d[109] === 1 ? u64le(d, 113) : null,
    delegatedAmount: u64le(d, 121),
    closeAuthority: cOptionKey(d, 129),
  };
}

/** Genesis data of an initialized SPL mint (82 bytes), no freeze authority. */
export function encodeMint({ mintAuthority, supply, decimals }) {
  const d = new Uint8Array(82);
  const view = new DataView(d.buffer);
  view.setUint32(0, 1, true); // COption::Some
  d.set(addressBytes(mintAuthority), 4);
  view.setBigUint64(36, BigInt(supply), true);
  d[44] = decimals;
  d[45] = 1; // is_initialized; freeze authority (46..82) stays COption::None
  return d;
}

/** Genesis data of an initialized SPL token account (165 bytes): no delegate, not native. */
export function encodeTokenAccount({ mint, owner, amount }) {
  const d = new Uint8Array(165);
  d.set(addressBytes(mint), 0);
  d.set(addressBytes(owner), 32);
  new DataView(d.buffer).setBigUint64(64, BigInt(amount), true);
  d[108] = 1; // AccountState::Initialized
  return d;
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
