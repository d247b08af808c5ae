/**
 * Unit conversion with bigint (exact). Named units follow the classic web3 unit map:
 * noether 0, wei 1, kwei 1e3, Mwei 1e6, gwei 1e9, szabo 1e12, finney 1e15, ether 1e18.
 * An 8-decimal token converts with 8 decimals; other tokens use the named unit matching their
 * decimals, and the default is 18 (ether).
 */

export const UNIT_DECIMALS = {
  noether: null, // multiplier 0: everything converts to 0
  wei: 0, // multiplier 1
  kwei: 3,
  Mwei: 6,
  gwei: 9,
  szabo: 12,
  finney: 15,
  ether: 18,
} as const satisfies Record<string, number | null>;

export type UnitName = keyof typeof UNIT_DECIMALS;

export const DEFAULT_UNIT_DECIMALS = 18;
export const BTC_LIKE_DECIMALS = 8;

/** Multiplier of a named unit: noether 0n, wei 1n, kwei 1000n, ... ether 10n ** 18n. */
export function unitMultiplier(unit: UnitName): bigint {
  const decimals = UNIT_DECIMALS[unit];
  return decimals === null ? 0n : 10n ** BigInt(decimals);
}

/** The named unit for a token's decimals, or undefined when none matches. */
export function unitForDecimals(decimals: number): UnitName | undefined {
  const entry = (Object.entries(UNIT_DECIMALS) as [UnitName, number | null][]).find(([, d]) => d === decimals);
  return entry?.[0];
}

/** Decimals used to convert a token amount: 8 for 8-decimal tokens, a named unit's, else 18. */
export function conversionDecimals(tokenDecimals: number = DEFAULT_UNIT_DECIMALS): number {
  if (tokenDecimals === BTC_LIKE_DECIMALS) return BTC_LIKE_DECIMALS;
  const unit = unitForDecimals(tokenDecimals);
  const d = unit ? UNIT_DECIMALS[unit] : null;
  return d ?? DEFAULT_UNIT_DECIMALS;
}

const DECIMAL_RE = /^(-?)(\d*)(?:\.(\d*))?$/;

/** '1.5' with 18 decimals → 1500000000000000000n. Extra fraction digits are truncated. */
export function parseUnitsExact(value: string, decimals: number): bigint {
  const match = DECIMAL_RE.exec(value.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`invalid decimal: ${value}`);
  const negative = match[1] === '-';
  const int = match[2] || '0';
  const frac = (match[3] ?? '').slice(0, decimals).padEnd(decimals, '0');
  const result = BigInt(int) * 10n ** BigInt(decimals) + (decimals > 0 ? BigInt(frac || '0') : 0n);
  return negative ? -result : result;
}

/** 1500000000000000000n with 18 decimals → '1.5' (trailing zeros stripped). */
export function formatUnitsExact(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const int = abs / base;
  const frac = decimals > 0 ? (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${int.toString()}${frac ? `.${frac}` : ''}`;
}

/** Human amount → base units for a named unit (toWei). */
export function toUnit(value: string, unit: UnitName = 'ether'): bigint {
  const decimals = UNIT_DECIMALS[unit];
  return decimals === null ? 0n : parseUnitsExact(value, decimals);
}

/** Base units → human amount for a named unit (fromWei). noether gives '0'. */
export function fromUnit(value: bigint, unit: UnitName = 'ether'): string {
  const decimals = UNIT_DECIMALS[unit];
  return decimals === null ? '0' : formatUnitsExact(value, decimals);
}

/** Human amount → base units for a token with `tokenDecimals` (8 stays 8; default 18). */
export function toTokenUnits(value: string, tokenDecimals: number = DEFAULT_UNIT_DECIMALS): bigint {
  return parseUnitsExact(value, conversionDecimals(tokenDecimals));
}

/** Base units → human amount for a token with `tokenDecimals`. */
export function fromTokenUnits(value: bigint, tokenDecimals: number = DEFAULT_UNIT_DECIMALS): string {
  return formatUnitsExact(value, conversionDecimals(tokenDecimals));
}
