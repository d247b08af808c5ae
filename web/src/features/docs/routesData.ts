// The routes the docs publish are the server's (GET app-config: the config_dir/routes.json the quote
// reads, server/src/bridge/quote.cpp), so the published tiers, DTC and times cannot drift from it.
import type { RouteConfig } from '@/api/appConfig';
import { formatBpsPercent } from '@/lib/format';

export type { FeeTier, RouteConfig } from '@/api/appConfig';

/** The same-token routes the docs list: the enabled ones. */
export const publishedRoutes = (routes: readonly RouteConfig[] | undefined): RouteConfig[] => (routes ?? []).filter((r) => r.enabled);

export interface TierRow {
  /** Lower bound (exclusive), "" for the first tier. */
  from: string;
  /** Upper bound (inclusive), "" for the last tier. */
  upTo: string;
  bps: number;
}

/** The fee tiers as ranges: each tier starts where the previous one ends. */
export function tierRows(route: RouteConfig): TierRow[] {
  return route.fee_tiers.map((t, i) => ({ from: i === 0 ? '' : (route.fee_tiers[i - 1]?.up_to ?? ''), upTo: t.up_to, bps: t.bps }));
}

/** 10 bps → "0.1%" (the shared percent form). */
export const percentOfBps = (bps: number): string => formatBpsPercent(bps);

/** Per-chain entries first (by chain id), then "default". */
export function perChain<T>(table: Record<string, T>): { chain: number | null; value: T }[] {
  return Object.entries(table)
    .map(([k, value]) => ({ chain: k === 'default' ? null : Number(k), value }))
    .sort((a, b) => (a.chain ?? Infinity) - (b.chain ?? Infinity));
}

/** The fee of an amount under a route's tiers (the tier of the first up_to ≥ amount). */
export function feeOf(route: RouteConfig, amount: number): { bps: number; fee: number } {
  const tier = route.fee_tiers.find((t) => t.up_to === '' || amount <= Number(t.up_to)) ?? route.fee_tiers.at(-1);
  const bps = tier?.bps ?? 0;
  return { bps, fee: (amount * bps) / 10_000 };
}
