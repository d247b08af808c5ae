import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client';
import { getLimits, limitWarning, toUnits, type RouteLimit } from './limits';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const route: RouteLimit = {
  route: '8453:42161:ETH',
  from_chain_id: 8453,
  to_chain_id: 42161,
  token: 'ETH',
  decimals: 18,
  min: '0.001',
  max: '5',
  hour_cap: '20',
  day_cap: '60',
  hour_left: '1.5',
  day_left: '40',
  hold_from: '16.666667',
  paused: false,
  paused_reason: '',
};

afterEach(() => configureApiClient({ getUserId: () => '' }));

describe('limits api', () => {
  it('asks for one route and unwraps the list', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json({ code: 0, msg: 'success', data: { as_of: 1, hour_seconds: 3600, day_seconds: 86400, hold_above_usd: 0, hold_seconds: 0, list: [route] } }),
    );
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch });
    const data = await getLimits({ fromChainId: 8453, toChainId: 42161, token: 'ETH' });
    expect(data.list[0]?.route).toBe('8453:42161:ETH');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/bridge_api/v1/limits?from_chain_id=8453&to_chain_id=42161&token=ETH');
  });

  it('warns when an amount exceeds what the route can pay now, is held, or the route is paused', () => {
    expect(limitWarning(route, 3600, '1')).toBeNull();
    expect(limitWarning(route, 3600, '1.5')).toBeNull();
    expect(limitWarning(route, 3600, '1.500000000000000001')).toEqual({ kind: 'exceeds_now', left: '1.5' });
    expect(limitWarning({ ...route, hour_left: '50' }, 3600, '17')).toEqual({ kind: 'held', seconds: 3600 });
    expect(limitWarning({ ...route, paused: true, paused_reason: 'net outflow' }, 0, '1')).toEqual({ kind: 'paused', reason: 'net outflow' });
    expect(limitWarning(route, 3600, 'abc')).toBeNull();
    expect(toUnits('0.5', 6)).toBe(500000n);
  });
});
