import routesConfig from '../../../../config/routes.json';
import type { Token } from '@/api/types';
import { unitsToRaw } from './amount';

/**
 * The bridge's token routes, one source of truth with the server: config/routes.json, bundled at
 * build time (as the Pool allow-list is). The card uses them to offer only bridgeable tokens and
 * to name the min / max before any quote; the quote's own limits (its max is also bounded by the
 * maker's live liquidity) win once it answers, and the server re-checks everything.
 */

export interface RouteConfig {
  token: string;
  decimals: number;
  chains: number[];
  enabled: boolean;
  min: string;
  max: string;
}

export const ROUTES: readonly RouteConfig[] = (routesConfig as { routes: RouteConfig[] }).routes;

export function findRoute(token: string, from: number, to: number, routes: readonly RouteConfig[] = ROUTES): RouteConfig | undefined {
  if (from === to) return undefined;
  return routes.find((r) => r.token === token && r.chains.includes(from) && r.chains.includes(to));
}

/** Tokens that can be bridged from `from` to `to` (enabled routes), in route order. */
export function tokensForPair(from: number | null, to: number | null, routes: readonly RouteConfig[] = ROUTES): string[] {
  if (from === null) return [];
  return routes.filter((r) => r.enabled && r.chains.includes(from) && (to === null || (to !== from && r.chains.includes(to)))).map((r) => r.token);
}

export interface Limits {
  min: bigint;
  max: bigint;
  decimals: number;
}

/** The route's limits in raw units, or undefined without a route. */
export function routeLimits(token: string, from: number, to: number, routes: readonly RouteConfig[] = ROUTES): Limits | undefined {
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
