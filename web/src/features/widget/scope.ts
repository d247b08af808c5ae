import type { QueryClient } from '@tanstack/react-query';
import type { AppConfig, RouteConfig } from '@/api/appConfig';
import type { Chain, Token } from '@/api/types';
import type { PerchWidgetConfig } from './config';

export type WidgetScope = Pick<PerchWidgetConfig, 'routes' | 'tokens'>;

/**
 * A served route cut down to the scope: only the listed tokens, and for listed pairs, one
 * one-way route per pair it connects (chains [from], to_chains [to]); null when nothing is left.
 */
function scopeRoute(r: RouteConfig, scope: WidgetScope): RouteConfig[] {
  if (scope.tokens && !scope.tokens.includes(r.token)) return [];
  if (!scope.routes) return [r];
  const reaches = (to: number): boolean => (r.to_chains ?? r.chains).includes(to);
  return scope.routes.filter((p) => r.chains.includes(p.from) && reaches(p.to)).map((p) => ({ ...r, chains: [p.from], to_chains: [p.to] }));
}

/** The server's app-config with only the scope's routes: the card then offers nothing else. */
export function restrictAppConfig(config: AppConfig, scope: WidgetScope): AppConfig {
  if (!scope.routes && !scope.tokens) return config;
  return {
    ...config,
    routes: config.routes.flatMap((r) => scopeRoute(r, scope)),
    cross_routes: config.cross_routes.flatMap((r) => scopeRoute(r, scope)),
  };
}

/** The networks of the scope's routes (every network when the scope names no routes). */
export function restrictChains(chains: Chain[], scope: WidgetScope): Chain[] {
  if (!scope.routes) return chains;
  const ids = new Set(scope.routes.flatMap((r) => [r.from, r.to]));
  return chains.filter((c) => ids.has(c.chain_id));
}

/** The token list with only the scope's symbols. */
export function restrictTokens(tokens: Token[], scope: WidgetScope): Token[] {
  const allowed = scope.tokens;
  return allowed ? tokens.filter((t) => allowed.includes(t.symbol)) : tokens;
}

/**
 * Narrows what the card reads (app-config's routes, the chain and token lists) to the widget's
 * routes and tokens, as `select` defaults of those queries: the card itself stays the app's,
 * unchanged, and offers only what is left.
 */
export function applyWidgetScope(client: QueryClient, scope: WidgetScope): void {
  if (!scope.routes && !scope.tokens) return;
  client.setQueryDefaults(['app-config'], { select: (data: unknown) => restrictAppConfig(data as AppConfig, scope) });
  client.setQueryDefaults(['chains'], { select: (data: unknown) => restrictChains(data as Chain[], scope) });
  client.setQueryDefaults(['tokens'], { select: (data: unknown) => restrictTokens(data as Token[], scope) });
}
