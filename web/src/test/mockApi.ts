import { vi } from 'vitest';
import { configureApiClient } from '@/api/client';
import type { Channel } from '@/api/types';

export interface MockResponse {
  status?: number;
  body: unknown;
}

export type MockHandler = (url: URL, init: RequestInit | undefined) => MockResponse | Promise<MockResponse>;

export const MAIN_CHANNEL: Channel = {
  channel_id: 98675412,
  name: 'Perch',
  slug: 'perch',
  domains: ['localhost'],
  nav: ['bridge', 'swap', 'rewards', 'deploy', 'pool', 'portfolio'],
  theme: { primary: '#7c5cff' },
  wallet_groups: ['evm', 'solana', 'non_evm'],
  powered_by: false,
};

export const ok = (data: unknown, code = 0): MockResponse => ({ body: { code, msg: 'success', data } });
export const notFound = (): MockResponse => ({ status: 404, body: { code: 404, msg: 'not found', data: null } });

const DEFAULTS: Record<string, MockHandler> = {
  '/api/bridge_api/v1/getChannelIDByDomainName': () => ok(MAIN_CHANNEL),
  '/api/nocore_api/v1/ip-info': () => ok({ country_code: 'US' }),
  '/api/bridge_api/v1/get-all-chains': () => ok({ list: [] }),
};

/**
 * Installs a fetch double on the API client. Handlers are keyed by path (no query); a path
 * ending in '*' matches a prefix. Unhandled paths answer 404.
 */
export function mockApi(handlers: Record<string, MockHandler> = {}) {
  const all = { ...DEFAULTS, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const exact = all[url.pathname];
    const prefix = Object.entries(all).find(([k]) => k.endsWith('*') && url.pathname.startsWith(k.slice(0, -1)))?.[1];
    const handler = exact ?? prefix ?? notFound;
    const res = await handler(url, init);
    return new Response(JSON.stringify(res.body), {
      status: res.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  configureApiClient({ fetch: fetchMock as unknown as typeof fetch });
  return fetchMock;
}
