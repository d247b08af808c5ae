import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256HexSync } from '@/lib/sha256';
import { utcHourStamp } from '@/lib/time';
import { ApiError, buildUrl, configureApiClient, configureApiOrigin, request, serverAssetUrl } from './client';
import { filterHiddenChains, logUserAction, totalPoints } from './endpoints';
import type { Chain, PointsSummary } from './types';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => configureApiClient({ getUserId: () => '' }));

describe('api client', () => {
  it('prefixes /api and encodes the query', () => {
    expect(buildUrl('bridge_api/v1/x', { domain_name: 'a.b', skip: undefined })).toBe('/api/bridge_api/v1/x?domain_name=a.b');
    expect(buildUrl('/api/config/user-action')).toBe('/api/config/user-action');
  });

  it("resolves the server's relative icon URLs against a configured server origin only", () => {
    const urls = ['/icons/networks/base.svg', 'https://cdn.example/usdc.png', '//cdn.example/x.svg', 'data:image/svg+xml,<svg/>', 'blob:abc'];
    // The app: its server is the page's origin, every URL as it was.
    expect(urls.map(serverAssetUrl)).toEqual(urls);
    configureApiOrigin('https://perch.example/');
    try {
      expect(urls.map(serverAssetUrl)).toEqual(['https://perch.example/icons/networks/base.svg', ...urls.slice(1)]);
    } finally {
      configureApiOrigin('');
    }
  });

  it('sends X-Perch-Auth = sha256(lower(user):YYYYMMDDHH) and unwraps data', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json({ code: 0, msg: 'success', data: { a: 1 } }));
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch, getUserId: () => '0xABCdef' });
    const data = await request<{ a: number }>('nocore_api/v1/ip-info');
    expect(data).toEqual({ a: 1 });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = init?.headers as Record<string, string>;
    const expected = sha256HexSync(`0xabcdef:${utcHourStamp()}`);
    expect(headers['X-Perch-Auth']).toBe(expected);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/nocore_api/v1/ip-info');
  });

  it('uses an empty user id when disconnected and JSON bodies for POST', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json({ code: 200, msg: 'ok', data: [] }));
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch });
    await request('lottery/x', { method: 'POST', body: { addressList: ['a'] }, okCodes: [200] });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"addressList":["a"]}');
    expect((init?.headers as Record<string, string>)['X-Perch-Auth']).toBe(sha256HexSync(`:${utcHourStamp()}`));
  });

  it('turns a non-success code, an HTTP error and a non-envelope into ApiError', async () => {
    configureApiClient({ fetch: (async () => json({ code: 7, msg: 'bad field', data: null })) as typeof fetch });
    await expect(request('x')).rejects.toMatchObject({ kind: 'code', code: 7, message: 'bad field' });
    configureApiClient({ fetch: (async () => json({ code: 404, msg: 'not found', data: null }, 404)) as typeof fetch });
    await expect(request('x')).rejects.toMatchObject({ kind: 'http', status: 404 });
    configureApiClient({ fetch: (async () => new Response('<html>', { status: 502 })) as typeof fetch });
    await expect(request('x')).rejects.toBeInstanceOf(ApiError);
  });

  it('times out (20 s default, configurable)', async () => {
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    configureApiClient({ fetch: hanging as typeof fetch });
    await expect(request('x', { timeout: 30 })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('ignores user-action errors', async () => {
    configureApiClient({ fetch: (async () => json({ code: 500, msg: 'boom', data: null }, 500)) as typeof fetch });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(logUserAction({ user_address: '0x1', action: 'connect', sign: '', agent: 'ua', wallet_name: 'x' })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});

describe('endpoint helpers', () => {
  it('totals the seven point fields (not the multiplier)', () => {
    const p: PointsSummary = {
      campaign_points: 1,
      cross_points: 2,
      refer_points: 4,
      check_in_points: 8,
      pool_points: 16,
      multiplier: 1.5,
      cross_points_v1: 32,
      refer_points_v1: 64,
    };
    expect(totalPoints(p)).toBe(127);
  });

  it('drops chains 61022 and 8086', () => {
    const chain = (chain_id: number) => ({ chain_id }) as Chain;
    expect(filterHiddenChains([chain(1), chain(61022), chain(8086), chain(10)]).map((c) => c.chain_id)).toEqual([1, 10]);
  });
});
