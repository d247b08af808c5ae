import type { BridgeStatus, StatusRoute, StatusWindow } from '@/api/status';
import { formatSeconds } from '@/features/maker/stats';

export const STATUS_WINDOWS: readonly StatusWindow[] = ['1h', '24h', '7d'];

/** A fill time as the page shows it: "4 s", "1 min 5 s", or "–" when nothing completed. */
export function fillTime(seconds: number | null): string {
  return seconds === null ? '–' : formatSeconds(seconds);
}

/** Routes that saw orders in the week first, busiest first; ties keep the API's order. */
export function routesByActivity(routes: readonly StatusRoute[]): StatusRoute[] {
  return [...routes].sort((a, b) => b.stats['7d'].orders - a.stats['7d'].orders);
}

/** The routes of one token from one source chain: the status page's unit with 268 routes. */
export interface RouteGroup {
  key: string;
  token: string;
  from_chain_id: number;
  /** Busiest first (routesByActivity). */
  routes: StatusRoute[];
  /** Orders of the group's routes over the last 7 days. */
  orders7d: number;
  paused: number;
}

/**
 * Routes grouped by token, then by source chain; the groups that saw orders in the week first
 * (busiest first), then the API's order (its token order, its source order).
 */
export function routeGroups(routes: readonly StatusRoute[]): RouteGroup[] {
  const groups = new Map<string, RouteGroup>();
  for (const r of routes) {
    const key = `${r.token}:${r.from_chain_id}`;
    const g = groups.get(key) ?? { key, token: r.token, from_chain_id: r.from_chain_id, routes: [], orders7d: 0, paused: 0 };
    g.routes.push(r);
    g.orders7d += r.stats['7d'].orders;
    if (r.paused) g.paused += 1;
    groups.set(key, g);
  }
  const tokenOrder = [...new Set(routes.map((r) => r.token))];
  return [...groups.values()]
    .map((g) => ({ ...g, routes: routesByActivity(g.routes) }))
    .sort((a, b) => b.orders7d - a.orders7d || tokenOrder.indexOf(a.token) - tokenOrder.indexOf(b.token));
}

/** A group starts open when there is something to read in it: orders in the week, or a pause. */
export const groupOpenAtFirst = (g: RouteGroup): boolean => g.orders7d > 0 || g.paused > 0;

/** One bar per route with orders in the window: its p50, p95 and p99 (routes without a completion are left out). */
export interface FillBar {
  route: string;
  p50: number;
  p95: number;
  p99: number;
}
export function fillBars(status: BridgeStatus, window: StatusWindow, label: (r: StatusRoute) => string): FillBar[] {
  return status.routes
    .filter((r) => r.stats[window].p50_seconds !== null)
    .map((r) => {
      const s = r.stats[window];
      return { route: label(r), p50: s.p50_seconds ?? 0, p95: s.p95_seconds ?? 0, p99: s.p99_seconds ?? 0 };
    });
}

/** Whether anything is wrong now: the bridge or a route paused, a chain stopped, an incident still open. */
export function overallState(status: BridgeStatus): 'ok' | 'degraded' | 'paused' {
  if (status.paused) return 'paused';
  const open = status.incidents.some((i) => i.ended_at === null);
  const stopped = status.chains.some((c) => c.stopped);
  return open || stopped || status.routes.some((r) => r.paused) ? 'degraded' : 'ok';
}
