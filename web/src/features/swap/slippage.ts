import { DEFAULT_SLIPPAGE } from '@/lib/config';

/**
 * Slippage: the most the received amount may fall below the quote, in basis points. Presets and a
 * custom percent with at most two decimals, from 0.01 % to 50 %; above 5 % the card warns.
 */

/**
 * The spec's slippage (lib/config's DEFAULT_SLIPPAGE, 5/100) in basis points: 500. No longer the
 * default (a 5 % tolerance is what a sandwich takes); the card defaults to autoSlippageBps.
 */
export const DEFAULT_SLIPPAGE_BPS = Math.round(DEFAULT_SLIPPAGE * 10_000);
/** The fixed choices beside Auto (the spec's 5 % stays reachable by typing it). */
export const SLIPPAGE_PRESETS_BPS = [10, 50, 100] as const;
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

/**
 * Auto slippage. The tolerance has to cover what the pools may move between the quote and the
 * block the swap lands in; anything above that is what a sandwich can take. A pool's depth, in
 * multiples of this trade, is what the trade's own price impact measures (a constant-product pool
 * D times the trade moves about 1/D): another trade of the same size moves it by about as much, so
 * the allowance is a base for a block or two of drift, a little more per extra hop, and two such
 * moves. A deep pool (depth ≥ LIQUID_DEPTH × the trade) stays at or under 0.5 %; a thin one gets
 * more, never above 3 %: past that the user chooses it knowingly.
 */
export const AUTO_BASE_BPS = 20;
export const AUTO_PER_EXTRA_HOP_BPS = 10;
export const AUTO_LIQUID_CAP_BPS = 50;
export const AUTO_MAX_BPS = 300;
/** A pool this many times the trade or deeper is a liquid pair. */
export const LIQUID_DEPTH = 500;
/** Auto slippage before a quote gives an impact (and for the bridge's destination swap): the liquid cap. */
export const AUTO_FALLBACK_BPS = AUTO_LIQUID_CAP_BPS;

/** The pools' depth in multiples of the trade, as a constant-product pool with this impact has (Infinity at no impact). */
export function depthMultiple(priceImpactBps: number): number {
  const i = Math.max(0, priceImpactBps);
  if (i === 0) return Number.POSITIVE_INFINITY;
  if (i >= 10_000) return 0;
  return (10_000 - i) / i;
}

export interface AutoSlippageInput {
  /** The quote's price impact (bps). */
  priceImpactBps: number;
  /** The most pools one leg of the route crosses (1 for a direct pool). */
  hops: number;
}

/** The automatic slippage for a quoted trade, in basis points (a multiple of 5). */
export function autoSlippageBps({ priceImpactBps, hops }: AutoSlippageInput): number {
  const impact = Number.isFinite(priceImpactBps) ? Math.max(0, priceImpactBps) : AUTO_MAX_BPS;
  const extraHops = Math.max(0, Math.floor(hops) - 1);
  const raw = AUTO_BASE_BPS + AUTO_PER_EXTRA_HOP_BPS * extraHops + 2 * impact;
  const cap = depthMultiple(impact) >= LIQUID_DEPTH ? AUTO_LIQUID_CAP_BPS : AUTO_MAX_BPS;
  return Math.min(Math.ceil(raw / 5) * 5, cap);
}

/** The minimum received for `bps` as perch's build_tx computes it: floor(out × (10000 − bps) / 10000). */
export function minimumOut(amountOutWei: bigint, bps: number): bigint {
  return (amountOutWei * BigInt(10_000 - bps)) / 10_000n;
}

/** What auto slippage reads from a quote: the swap quote, or a bridge quote's destination swap. */
export interface QuotedTrade {
  price_impact_bps: number;
  /** The split's legs and their hops (a quote without it counts as one direct pool). */
  route?: readonly { hops: readonly unknown[] }[];
}

/** The automatic slippage for a quoted trade (its impact and its longest leg), or undefined without a quote. */
export function autoSlippageForQuote(quote: QuotedTrade | null | undefined): number | undefined {
  if (!quote) return undefined;
  const hops = Math.max(1, ...(quote.route ?? []).map((leg) => leg.hops.length));
  return autoSlippageBps({ priceImpactBps: quote.price_impact_bps, hops });
}

/**
 * The slippage a trade is quoted and sent with: the user's choice, or while auto the rule applied to
 * the trade's quote (before there is one, the liquid cap the settings hold for auto).
 */
export function effectiveSlippageBps(settings: { auto: boolean; slippageBps: number }, quote: QuotedTrade | null | undefined): number {
  if (!settings.auto) return settings.slippageBps;
  return autoSlippageForQuote(quote) ?? settings.slippageBps;
}
