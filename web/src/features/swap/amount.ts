import { maxSpendable } from '@/features/tx/amount';

/** 'Max' keeps back this many times the quoted network cost when that is more than the floor. */
export const GAS_RESERVE_FACTOR = 3n;

/**
 * What the swap's 'Max' fills in: the whole token balance; for the native coin the balance minus a
 * gas reserve (the shared floor, or three times the quoted cost when that is more), never below 0.
 */
export function maxSwappable(balanceRaw: bigint, decimals: number, native: boolean, gasCostWei?: bigint): bigint {
  return maxSpendable(balanceRaw, decimals, native, gasCostWei !== undefined ? gasCostWei * GAS_RESERVE_FACTOR : 0n);
}
