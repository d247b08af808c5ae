import type { RouteConfig as ServedRoute } from '@/api/appConfig';
import type { Token } from '@/api/types';
import { unitsToRaw } from '@/features/tx/amount';

/**
 * The bridge's token routes as the server quotes them (its config_dir/routes.json, served by
 * GET app-config: useAppConfig). The card uses them to offer only bridgeable tokens and to name
 * the min / max before any quote; the quote's own limits (its max is also bounded by the maker's
 * live liquidity) win once it answers, and the server re-checks everything.
 */

/** What the bridge card reads of a route (fees, DTC and times are the quote's). */
export type RouteConfig = Pick<ServedRoute, 'token' | 'decimals' | 'chains' | 'enabled' | 'min' | 'max' | 'to_token' | 'to_decimals' | 'to_chains'>;

const connects = (r: RouteConfig, from: number, to: number): boolean =>
  from !== to && r.chains.includes(from) && (r.to_chains ? r.to_chains.includes(to) : r.chains.includes(to));

export function findRoute(token: string, from: number, to: number, routes: readonly RouteConfig[]): RouteConfig | undefined {
  return routes.find((r) => r.token === token && connects(r, from, to));
}

/** Tokens that can be bridged from `from` to `to` (enabled routes), in route order, each once. */
export function tokensForPair(from: number | null, to: number | null, routes: readonly RouteConfig[]): string[] {
  if (from === null) return [];
  const list = routes.filter((r) => r.enabled && r.chains.includes(from) && (to === null || connects(r, from, to))).map((r) => r.token);
  return [...new Set(list)];
}

/** The token a route pays on the destination, with its decimals (a cross-asset route's to_token). */
export function receiveTokenOf(token: string, from: number, to: number, routes: readonly RouteConfig[]): { symbol: string; decimals: number } | undefined {
  const r = findRoute(token, from, to, routes);
  if (!r) return undefined;
  return r.to_token ? { symbol: r.to_token, decimals: r.to_decimals ?? 18 } : { symbol: r.token, decimals: r.decimals };
}

export interface Limits {
  min: bigint;
  max: bigint;
  decimals: number;
}

/** The route's limits in raw units, or undefined without a route. */
export function routeLimits(token: string, from: number, to: number, routes: readonly RouteConfig[]): Limits | undefined {
  const r = findRoute(token, from, to, routes);
  if (!r) return undefined;
  const min = unitsToRaw(r.min, r.decimals);
  const max = unitsToRaw(r.max, r.decimals);
  if (min === undefined || max === undefined) return undefined;
  return { min, max, decimals: r.decimals };
}

/** The token entry of `symbol` on `chainId` from all-tokens. */
export function tokenOn(tokens: readonly Token[], symbol: string, chainId: number): Token | undefined {
  return tokens.find((t) => t.chainId === chainId && t.symbol === symbol);
}

export const isNativeToken = (t: Pick<Token, 'address'> | undefined): boolean => !!t && /^0x0{40}$/i.test(t.address);
