// getRecentPrioritizationFees as a validator's prioritization fee cache answers it: per recent
// slot, the lowest compute-unit price (micro-lamports, SetComputeUnitPrice; 0 without one) any
// transaction landed in that slot paid, and per account the lowest price of the transactions that
// wrote it. Asked for accounts, a slot's fee is the largest of the slot's and those accounts'
// (solana-core's PrioritizationFeeCache). Only finalized slots are listed, at most 150.
import { COMPUTE_BUDGET_PROGRAM } from "./chain.mjs";

export const RECENT_SLOTS = 150;
export const MAX_ACCOUNTS = 128;

/** The compute-unit price a compiled message sets, in micro-lamports (0 when it sets none). */
export function computeUnitPrice(message) {
  let price = 0n;
  for (const ix of message.instructions) {
    if (message.staticAccounts[ix.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM) continue;
    const data = ix.data ?? new Uint8Array();
    if (data[0] === 3 && data.length >= 9) price = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(1, true);
  }
  return price;
}

export class PriorityFees {
  constructor() {
    this.bySlot = new Map(); // slot -> { min: bigint, accounts: Map(address -> bigint) }
  }

  /** A transaction landed in `slot` at `price`, writing `writable` accounts. */
  record(slot, price, writable) {
    let s = this.bySlot.get(slot);
    if (!s) this.bySlot.set(slot, (s = { min: price, accounts: new Map() }));
    if (price < s.min) s.min = price;
    for (const a of writable) {
      const was = s.accounts.get(a);
      if (was === undefined || price < was) s.accounts.set(a, price);
    }
    this.bySlot.delete(slot - 4 * RECENT_SLOTS); // a bound: older slots are never asked for
  }

  /** The answer for the finalized slots up to `finalized` (none before `firstSlot`). */
  recent(finalized, firstSlot, accounts = []) {
    const out = [];
    for (let slot = Math.max(firstSlot, finalized - RECENT_SLOTS + 1); slot <= finalized; slot++) {
      const s = this.bySlot.get(slot);
      let fee = s?.min ?? 0n;
      for (const a of accounts) {
        const f = s?.accounts.get(a);
        if (f !== undefined && f > fee) fee = f;
      }
      out.push({ slot, prioritizationFee: fee });
    }
    return out;
  }
}
