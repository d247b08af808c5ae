import { truncateDecimals } from '@/lib/number';
import { formatUnitsExact, parseUnitsExact } from '@/lib/units';

/** Amount input and display of the transaction cards (bridge, swap): exact (bigint raw units), never floating point. */

export type ParsedAmount = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'tooPrecise'; decimals: number } | { kind: 'ok'; raw: bigint; text: string };

const TYPING_RE = /^\d*(\.\d*)?$/;
const COMPLETE_RE = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * Cleans what the user typed: a comma becomes a dot, spaces go, and a keystroke that would make
 * the text something other than digits with one dot is refused (the previous text is kept).
 */
export function sanitizeAmountInput(next: string, previous: string): string {
  const cleaned = next.replace(/,/g, '.').replace(/\s+/g, '');
  if (!TYPING_RE.test(cleaned)) return previous;
  // '00.5' → '0.5', '007' → '7', but '0.' and '0' stay.
  return cleaned.replace(/^0+(?=\d)/, '');
}

/** Parses a typed amount for a token with `decimals`: more fraction digits than the token has is an error. */
export function parseAmount(text: string, decimals: number): ParsedAmount {
  const t = text.trim();
  if (t === '' || t === '.') return { kind: 'empty' };
  if (!COMPLETE_RE.test(t)) return { kind: 'invalid' };
  const frac = t.split('.')[1] ?? '';
  if (frac.length > decimals) return { kind: 'tooPrecise', decimals };
  const raw = parseUnitsExact(t, decimals);
  return { kind: 'ok', raw, text: formatUnitsExact(raw, decimals) };
}

/** Raw units → display text, truncated (never rounded up) to `maxFraction` digits. */
export function formatAmount(raw: bigint | string, decimals: number, maxFraction = 6): string {
  const value = typeof raw === 'string' ? BigInt(raw || '0') : raw;
  return truncateDecimals(formatUnitsExact(value, decimals), maxFraction);
}

/** A token-unit decimal string ('0.001') → raw units; undefined when it is not a number. */
export function unitsToRaw(text: string | undefined, decimals: number): bigint | undefined {
  if (text === undefined || !COMPLETE_RE.test(text.trim())) return undefined;
  return parseUnitsExact(text, decimals);
}

/**
 * The least native coin 'Max' keeps back so the transaction itself can still pay for its gas. One
 * value for every card: 0.0005 of the coin pays a bridge deposit (≈ 60k gas) or a swap (≈ 150k gas)
 * at up to ~3 gwei; a card that knows its quoted cost keeps more when that cost is higher.
 */
export const NATIVE_GAS_RESERVE = '0.0005';

/**
 * What 'Max' fills in: the whole token balance; for the native coin the balance minus the gas
 * reserve (the larger of NATIVE_GAS_RESERVE and `reserveRaw`), never below 0.
 */
export function maxSpendable(balanceRaw: bigint, decimals: number, native: boolean, reserveRaw = 0n): bigint {
  if (!native) return balanceRaw;
  const floor = parseUnitsExact(NATIVE_GAS_RESERVE, decimals);
  const reserve = reserveRaw > floor ? reserveRaw : floor;
  return balanceRaw > reserve ? balanceRaw - reserve : 0n;
}
