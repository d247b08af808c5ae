import { DEFAULT_SLIPPAGE } from '@/lib/config';

/**
 * Slippage: the most the received amount may fall below the quote, in basis points. Presets and a
 * custom percent with at most two decimals, from 0.01 % to 50 %; above 5 % the card warns.
 */

/** The default slippage (lib/config's DEFAULT_SLIPPAGE, 5/100) in basis points: 500. */
export const DEFAULT_SLIPPAGE_BPS = Math.round(DEFAULT_SLIPPAGE * 10_000);
/** The presets end with the default, so it can be chosen again after another value. */
export const SLIPPAGE_PRESETS_BPS = [10, 50, 100, DEFAULT_SLIPPAGE_BPS] as const;
export const MIN_SLIPPAGE_BPS = 1;
export const MAX_SLIPPAGE_BPS = 5000;
/** Above this the card warns; the default itself does not. */
export const SLIPPAGE_WARN_BPS = 500;

export type SlippageInput =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'tooPrecise' }
  | { kind: 'tooLow' }
  | { kind: 'tooHigh' }
  | { kind: 'ok'; bps: number; warn: boolean };

const PERCENT_RE = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/** A custom slippage as typed ('0.3', '1,5', '12 %') → basis points, or why it is refused. */
export function parseSlippage(text: string): SlippageInput {
  const t = text.replace(/,/g, '.').replace(/[\s%]+/g, '');
  if (t === '' || t === '.') return { kind: 'empty' };
  const m = PERCENT_RE.exec(t);
  if (!m) return { kind: 'invalid' };
  const int = m[1] ?? '0';
  const frac = m[2] ?? m[3] ?? '';
  if (frac.length > 2) return { kind: 'tooPrecise' };
  if (int.replace(/^0+/, '').length > 3) return { kind: 'tooHigh' };
  const bps = Number(int) * 100 + Number(frac.padEnd(2, '0') || '0');
  if (bps < MIN_SLIPPAGE_BPS) return { kind: 'tooLow' };
  if (bps > MAX_SLIPPAGE_BPS) return { kind: 'tooHigh' };
  return { kind: 'ok', bps, warn: isHighSlippage(bps) };
}

export const isHighSlippage = (bps: number): boolean => bps > SLIPPAGE_WARN_BPS;

export const isValidSlippage = (bps: unknown): bps is number =>
  typeof bps === 'number' && Number.isInteger(bps) && bps >= MIN_SLIPPAGE_BPS && bps <= MAX_SLIPPAGE_BPS;
