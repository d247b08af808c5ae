import { describe, expect, it } from 'vitest';
import type { BridgeStatus, StatusRoute, StatusWindowStats } from '@/api/status';
import { fillBars, fillTime, overallState, routesByActivity } from './status';

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
