import { describe, expect, it } from 'vitest';
import type { BridgeStatus, StatusRoute, StatusWindowStats } from '@/api/status';
import { fillBars, fillTime, groupOpenAtFirst, overallState, routeGroups, routesByActivity } from './status';

const none: StatusWindowStats = { orders: 0, completed: 0, p50_seconds: null, p95_seconds: null, p99_seconds: null, refunds: 0, refund_median_seconds: null, refund_median_cost: null };

function route(key: string, weekOrders: number, p50: number | null = null): StatusRoute {
  const week = { ...none, orders: weekOrders, completed: p50 === null ? 0 : weekOrders, p50_seconds: p50, p95_seconds: p50 === null ? null : p50 + 1, p99_seconds: p50 === null ? null : p50 + 2 };
  return { route: key, from_chain_id: 1, to_chain_id: 8453, token: 'ETH', decimals: 18, hour_cap: '1', day_cap: '2', hour_left: '1', day_left: '2', paused: false, paused_reason: '', stats: { '1h': none, '24h': none, '7d': week } };
}

function status(over: Partial<BridgeStatus> = {}): BridgeStatus {
  return { as_of: 1, windows: [], paused: false, routes: [route('a', 0), route('b', 3, 4)], chains: [], incidents: [], ...over };
}

describe('status page rules', () => {
  it('shows a dash for a window without completions and seconds otherwise', () => {
    expect(fillTime(null)).toBe('–');
    expect(fillTime(4)).toBe('4 s');
    expect(fillTime(65)).toBe('1 min 5 s');
  });

  it('lists the busiest routes of the week first', () => {
    expect(routesByActivity(status().routes).map((r) => r.route)).toEqual(['b', 'a']);
  });

  it('charts only routes with a completion in the window', () => {
    expect(fillBars(status(), '7d', (r) => r.route)).toEqual([{ route: 'b', p50: 4, p95: 5, p99: 6 }]);
    expect(fillBars(status(), '1h', (r) => r.route)).toEqual([]);
  });

  it('is paused, degraded by an open incident, a stopped chain or a paused route, else ok', () => {
    expect(overallState(status())).toBe('ok');
    expect(overallState(status({ paused: true }))).toBe('paused');
    expect(overallState(status({ incidents: [{ kind: 'head_stopped', subject: '1', detail: '', started_at: 1, ended_at: null }] }))).toBe('degraded');
    expect(overallState(status({ incidents: [{ kind: 'pause', subject: 'all', detail: '', started_at: 1, ended_at: 2 }] }))).toBe('ok');
    expect(overallState(status({ chains: [{ chain_id: 1, head_block: 5, seconds_since_new_head: 99, watcher_lag_blocks: 0, stopped: true }] }))).toBe('degraded');
    expect(overallState(status({ routes: [{ ...route('c', 0), paused: true }] }))).toBe('degraded');
  });
});

describe('route groups (268 routes on the 13-chain devnet)', () => {
  const at = (token: string, from: number, to: number, weekOrders = 0, paused = false): StatusRoute => ({
    ...route(`${from}:${to}:${token}`, weekOrders),
    token,
    from_chain_id: from,
    to_chain_id: to,
    paused,
  });

  it('groups by token then source chain; busy groups first, then the API order; busiest route first inside', () => {
    const routes = [at('ETH', 1, 8453), at('ETH', 1, 42161), at('ETH', 8453, 1), at('ETH', 8453, 42161, 2), at('ETH', 8453, 10, 5), at('USDC', 324, 59144), at('USDC', 59144, 324, 0, true)];
    const groups = routeGroups(routes);
    expect(groups.map((g) => g.key)).toEqual(['ETH:8453', 'ETH:1', 'USDC:324', 'USDC:59144']);
    expect(groups[0]!.routes.map((r) => r.route)).toEqual(['8453:10:ETH', '8453:42161:ETH', '8453:1:ETH']);
    expect(groups[0]).toMatchObject({ token: 'ETH', from_chain_id: 8453, orders7d: 7, paused: 0 });
    expect(groups[3]).toMatchObject({ orders7d: 0, paused: 1 });
    // Every route is in exactly one group: no route is lost to the grouping.
    expect(groups.flatMap((g) => g.routes).length).toBe(routes.length);
  });

  it('a group starts open only when it has orders in the week or a paused route', () => {
    const [busy, quiet, paused] = routeGroups([at('ETH', 8453, 1, 1), at('ETH', 1, 8453), at('USDT', 1, 8453, 0, true)]);
    expect([busy, quiet, paused].map((g) => groupOpenAtFirst(g!))).toEqual([true, false, true]);
  });
});
