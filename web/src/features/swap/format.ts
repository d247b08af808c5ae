import type { RouteLeg, SwapQuote } from '@/api/swap';
import { formatBpsPercent, formatPercent } from '@/lib/format';
import { formatThousands, truncateDecimals } from '@/lib/number';
import { formatUnitsExact } from '@/lib/units';

/** Display helpers of the swap card: exact (bigint and strings), never floating point. */

/** Basis points as a percent number text: 7000 → '70', 3333 → '33.33', 5 → '0.05'. */
export function bpsToPercent(bps: number): string {
  return formatUnitsExact(BigInt(Math.round(bps)), 2);
}

/** Price impact above this is shown in the warning colour. */
export const IMPACT_WARN_BPS = 500;
/** Price impact above this blocks the swap ('Price impact too high'). */
export const IMPACT_BLOCK_BPS = 1500;

export type ImpactLevel = 'low' | 'warn' | 'blocked';

export function impactLevel(bps: number): ImpactLevel {
  if (bps > IMPACT_BLOCK_BPS) return 'blocked';
  if (bps > IMPACT_WARN_BPS) return 'warn';
  return 'low';
}

/**
 * A token amount for reading: at most 6 fraction digits for amounts of 1 and more (with thousands
 * separators), and 6 significant digits below 1 so small amounts do not read as 0. Truncated,
 * never rounded up.
 */
export function displayAmount(text: string): string {
  const plain = truncateDecimals(text, 36);
  const [int = '0', frac = ''] = plain.replace(/^-/, '').split('.');
  if (int !== '0' || frac === '') return formatThousands(truncateDecimals(plain, 6));
  const lead = /^0*/.exec(frac)?.[0].length ?? 0;
  return truncateDecimals(plain, Math.min(lead + 6, 36));
}

/** Raw integer units → display text. */
export const displayRaw = (raw: bigint | string, decimals: number): string =>
  displayAmount(formatUnitsExact(typeof raw === 'string' ? BigInt(raw || '0') : raw, decimals));

/** Token-out per one token-in, from the wei amounts: '2992.74897' (display text). */
export function exchangeRate(q: Pick<SwapQuote, 'amount_in_wei' | 'amount_out_wei' | 'token_in' | 'token_out'>): string {
  const inWei = BigInt(q.amount_in_wei || '0');
  if (inWei === 0n) return '0';
  const scaled = (BigInt(q.amount_out_wei || '0') * 10n ** BigInt(q.token_in.decimals) * 10n ** 18n) / (inWei * 10n ** BigInt(q.token_out.decimals));
  return displayAmount(formatUnitsExact(scaled, 18));
}

/** Known venue slugs (docs/swap.md) → their product names; others are title-cased. */
const VENUES: Record<string, string> = {
  'uniswap-v2': 'Uniswap V2',
  'uniswap-v3': 'Uniswap V3',
  'sushi-v2': 'SushiSwap V2',
  'sushi-v3': 'SushiSwap V3',
};

export function venueName(slug: string): string {
  const known = VENUES[slug.toLowerCase()];
  if (known) return known;
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => (/^v\d+$/i.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/** A fee tier tells pools of a V3-style venue apart; a V2-style venue has one fee, left out. */
const tiered = (slug: string): boolean => /v3$/i.test(slug);

export interface RouteLegParts {
  /** Share of the input, in the app's one percent form ('70%'). */
  share: string;
  hops: { venue: string; fee: string | null }[];
  /** Symbols of the tokens the leg passes through (between its hops). */
  via: string[];
}

/** A short 0x1234…abcd for an address with no known symbol. */
export const shortAddress = (a: string): string => (a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/** The parts of one route leg: share, each hop's venue (and fee tier), the tokens in between. */
export function routeLegParts(leg: RouteLeg, symbolOf: (address: string) => string | undefined): RouteLegParts {
  return {
    share: formatBpsPercent(leg.share_bps),
    // Fee tiers go down to 0.01 % (100 ppm) and below: four decimals keep them apart.
    hops: leg.hops.map((h) => ({ venue: venueName(h.venue), fee: tiered(h.venue) ? formatPercent(h.fee_ppm / 10_000, 4) : null })),
    via: leg.hops.slice(0, -1).map((h) => symbolOf(h.token_out) ?? shortAddress(h.token_out)),
  };
}

/** The i18n templates a route label is made of (swap.route.leg, .hopFee, .via). */
export interface RouteFormat {
  leg: (share: string, path: string) => string;
  hopFee: (venue: string, fee: string) => string;
  via: (path: string, tokens: string) => string;
}

/** '70% Uniswap V3 0.05%', '30% Uniswap V2 → SushiSwap V2 via USDT' (through i18n). */
export function routeLegLabel(leg: RouteLeg, symbolOf: (address: string) => string | undefined, f: RouteFormat): string {
  const p = routeLegParts(leg, symbolOf);
  const path = p.hops.map((h) => (h.fee === null ? h.venue : f.hopFee(h.venue, h.fee))).join(' → ');
  return f.leg(p.share, p.via.length > 0 ? f.via(path, p.via.join(', ')) : path);
}
