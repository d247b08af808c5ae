import { vi } from 'vitest';
import { configureApiClient } from '@/api/client';
import type { SwapQuote, SwapToken } from '@/api/swap';
import type { Channel } from '@/api/types';
import { testAppConfig } from './appConfig';

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
  '/api/bridge_api/v1/app-config': () => ok(testAppConfig()),
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

// ---- swap (docs/swap.md) ----------------------------------------------------------------------

const SWAP_ETH = '0x0000000000000000000000000000000000000000';
const SWAP_USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const SWAP_USDT = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
/** The devnet's PerchSwapExecutor (the quote's approval target). */
export const SWAP_EXECUTOR = '0x1613beb3b2c4f22ee086b2b38c1476a3ce7f78e8';

/** The devnet swap tokens (same addresses on 1, 8453 and 42161), native first. */
export const SWAP_TOKENS: SwapToken[] = [
  { address: SWAP_ETH, symbol: 'ETH', name: 'Ether', decimals: 18, logo_url: '' },
  { address: SWAP_USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6, logo_url: '' },
  { address: SWAP_USDT, symbol: 'USDT', name: 'Tether USD', decimals: 6, logo_url: '' },
];

const swapToken = (a: string | null) => SWAP_TOKENS.find((t) => t.address === a);

/**
 * A quote for GET swap_api/v1/quote's query: ETH → stable at 2990, stable → ETH at 3010, split 70 %
 * over Uniswap V3 0.05 % and 30 % over Uniswap V2 → SushiSwap V2 via USDT; minimum by the slippage.
 */
export function swapQuote(url: URL, priceImpactBps = 12): SwapQuote {
  const q = url.searchParams;
  const tokenIn = q.get('token_in') ?? '';
  const tokenOut = q.get('token_out') ?? '';
  const dIn = swapToken(tokenIn)?.decimals ?? 18;
  const dOut = swapToken(tokenOut)?.decimals ?? 18;
  const amount = q.get('amount') ?? '0';
  const slippage = Number(q.get('slippage_bps'));
  const inWei = BigInt(Math.round(Number(amount) * 1e6)) * 10n ** BigInt(dIn - 6);
  const outWei = tokenIn === SWAP_ETH ? (inWei * 2990n) / 10n ** 12n : (inWei * 10n ** 12n) / 3010n;
  const minWei = (outWei * BigInt(10_000 - slippage)) / 10_000n;
  const units = (wei: bigint, d: number) => (Number(wei) / 10 ** d).toString();
  const hop = (venue: string, fee: number, a: string, b: string) => ({ venue, pool: '0x01', fee_ppm: fee, token_in: a, token_out: b });
  return {
    chain_id: Number(q.get('chain_id')),
    token_in: { address: tokenIn, symbol: swapToken(tokenIn)?.symbol ?? '?', decimals: dIn },
    token_out: { address: tokenOut, symbol: swapToken(tokenOut)?.symbol ?? '?', decimals: dOut },
    amount_in: amount,
    amount_in_wei: inWei.toString(),
    amount_out: units(outWei, dOut),
    amount_out_wei: outWei.toString(),
    min_out: units(minWei, dOut),
    min_out_wei: minWei.toString(),
    slippage_bps: slippage,
    price_impact_bps: priceImpactBps,
    gas: { units: 185000, cost_wei: '500000000000000', cost_in_out: '1.5' },
    route: [
      { share_bps: 7000, amount_in_wei: '0', amount_out_wei: '0', hops: [hop('uniswap-v3', 500, tokenIn, tokenOut)] },
      { share_bps: 3000, amount_in_wei: '0', amount_out_wei: '0', hops: [hop('uniswap-v2', 3000, tokenIn, SWAP_USDT), hop('sushi-v2', 3000, SWAP_USDT, tokenOut)] },
    ],
    block_number: 1234,
    executor: SWAP_EXECUTOR,
    expires_at: 2_000_000_000,
  };
}

/**
 * Handlers for the swap endpoints: `chains` (ready unless in `notReady`), tokens on them (400 on
 * others), quotes from swapQuote, and query_balances answering `balances` by symbol (null for a
 * token not listed there).
 */
export function swapApiHandlers(opts: { chains: number[]; notReady?: number[]; balances?: Record<string, string> }): Record<string, MockHandler> {
  return {
    '/api/swap_api/v1/chains': () =>
      ok({
        chains: opts.chains.map((id) => {
          const ready = !opts.notReady?.includes(id);
          return { chain_id: id, ready, pools: ready ? 17 : 0, indexed_block: ready ? 1234 : 0 };
        }),
      }),
    '/api/swap_api/v1/tokens': (url) => {
      const id = Number(url.searchParams.get('chain_id'));
      if (!opts.chains.includes(id)) return { status: 400, body: { code: 400, msg: `chain_id: no swap on chain ${id}`, data: null } };
      return ok({ chain_id: id, tokens: SWAP_TOKENS });
    },
    '/api/swap_api/v1/quote': (url) => ok(swapQuote(url)),
    '/api/swap_auxiliary_api/v1/query_balances': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { tokens: { name: string; address: string; decimals: number }[] };
      return ok({ balances: body.tokens.map((t) => ({ ...t, balance: opts.balances?.[t.name] ?? null })) });
    },
  };
}
