import { parseUnitsExact } from '@/lib/units';

/** The least native coin 'Max' keeps back for the swap's gas. */
export const NATIVE_GAS_RESERVE = '0.001';
/** 'Max' keeps back this many times the quoted network cost when that is more. */
export const GAS_RESERVE_FACTOR = 3n;

/**
 * What 'Max' fills in: the whole token balance; for the native coin the balance minus a gas
 * reserve (the larger of 0.001 and three times the quoted cost), never below 0.
 */
export function maxSwappable(balanceRaw: bigint, decimals: number, native: boolean, gasCostWei?: bigint): bigint {
  if (!native) return balanceRaw;
  const floor = parseUnitsExact(NATIVE_GAS_RESERVE, decimals);
  const quoted = gasCostWei !== undefined ? gasCostWei * GAS_RESERVE_FACTOR : 0n;
  const reserve = quoted > floor ? quoted : floor;
  return balanceRaw > reserve ? balanceRaw - reserve : 0n;
}
