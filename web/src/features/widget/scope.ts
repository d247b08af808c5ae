import type { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@/api/appConfig';
import type { Chain, Token } from '@/api/types';
import { restrictAppConfig, restrictChains, restrictTokens, type WidgetScope } from './config';

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
