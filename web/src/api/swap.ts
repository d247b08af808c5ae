import { queryOptions } from '@tanstack/react-query';
import type { TxBody } from './bridge';
import { request } from './client';

/**
 * The swap API (docs/swap.md): chains, tokens, quote and build_tx under /api/swap_api/v1, and the spec's
 * query_balances (swap_auxiliary_api) for the token list's balances. A token is its lowercase 0x
 * address on its chain; native ETH is the zero address.
 */

export const NATIVE_TOKEN = '0x0000000000000000000000000000000000000000';

export const isNativeAddress = (address: string): boolean => address.toLowerCase() === NATIVE_TOKEN;

/** GET chains: one chain with swaps; `ready` once its pools have been read up to the head. */
export interface SwapChainStatus {
  chain_id: number;
  ready: boolean;
  pools: number;
  indexed_block: number;
}

/** GET tokens: one token of a chain (native first). */
export interface SwapToken {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** null when the server has none (the devnet): the card uses its shipped icon for the symbol. */
  logo_url: string | null;
}

export interface SwapTokensData {
  chain_id: number;
  tokens: SwapToken[];
}

/** A token as the quote names it. */
export interface QuoteToken {
  address: string;
  symbol: string;
  decimals: number;
}

/** One hop of a route leg: a pool of a venue, in wrapped tokens (WETH for native). */
export interface RouteHop {
  venue: string;
  pool: string;
  fee_ppm: number;
  token_in: string;
  token_out: string;
}

/** One leg of the split: its share of the input and its hops in order. */
export interface RouteLeg {
  share_bps: number;
  amount_in_wei: string;
  amount_out_wei: string;
  hops: RouteHop[];
}

export interface QuoteGas {
  units: number;
  /** Native wei. */
  cost_wei: string;
  /** The same cost in token-out units ('0.55'). */
  cost_in_out: string;
}

/** GET quote: amounts as token-unit decimal strings with their `*_wei` integers beside them. */
export interface SwapQuote {
  chain_id: number;
  token_in: QuoteToken;
  token_out: QuoteToken;
  amount_in: string;
  amount_in_wei: string;
  amount_out: string;
  amount_out_wei: string;
  min_out: string;
  min_out_wei: string;
  slippage_bps: number;
  price_impact_bps: number;
  gas: QuoteGas;
  route: RouteLeg[];
  block_number: number;
  expires_at: number;
  /** The executor: the approval target (ERC-20 spender). The card reads the allowance for it. */
  executor: string;
}

export interface SwapQuoteParams {
  chainId: number;
  tokenIn: string;
  tokenOut: string;
  /** Token-in units, as typed ('1.5'). */
  amount: string;
  slippageBps: number;
}

export interface SwapBuildParams extends SwapQuoteParams {
  sender: string;
  recipient?: string;
}

/** POST build_tx: the quote it was built on, the approval when the allowance is short, the swap. */
export interface SwapBuildResult {
  quote: SwapQuote;
  approve: TxBody | null;
  swap: TxBody;
}

export async function getSwapChains(signal?: AbortSignal): Promise<SwapChainStatus[]> {
  const data = await request<{ chains: SwapChainStatus[] }>('swap_api/v1/chains', { signal });
  return data.chains ?? [];
}

export function getSwapTokens(chainId: number, signal?: AbortSignal): Promise<SwapTokensData> {
  return request<SwapTokensData>('swap_api/v1/tokens', { query: { chain_id: chainId }, signal });
}

export function getSwapQuote(p: SwapQuoteParams, signal?: AbortSignal): Promise<SwapQuote> {
  return request<SwapQuote>('swap_api/v1/quote', {
    query: { chain_id: p.chainId, token_in: p.tokenIn, token_out: p.tokenOut, amount: p.amount, slippage_bps: p.slippageBps },
    signal,
  });
}

export function buildSwapTx(p: SwapBuildParams, signal?: AbortSignal): Promise<SwapBuildResult> {
  return request<SwapBuildResult>('swap_api/v1/build_tx', {
    method: 'POST',
    body: {
      chain_id: p.chainId,
      token_in: p.tokenIn,
      token_out: p.tokenOut,
      amount: p.amount,
      slippage_bps: p.slippageBps,
      sender: p.sender,
      ...(p.recipient ? { recipient: p.recipient } : {}),
    },
    signal,
  });
}

/** POST swap_auxiliary_api/v1/query_balances: balances of several tokens on one chain in one call. */
export interface TokenBalance {
  name: string;
  address: string;
  decimals: number;
  /** Token units ('12.5'), or null when the node could not read it. */
  balance: string | null;
}

export async function queryBalances(user: string, chainName: string, tokens: readonly SwapToken[], signal?: AbortSignal): Promise<TokenBalance[]> {
  const data = await request<{ balances: TokenBalance[] }>('swap_auxiliary_api/v1/query_balances', {
    method: 'POST',
    body: {
      user,
      chain_name: chainName,
      version: 1,
      tokens: tokens.map((t) => ({ name: t.symbol, address: t.address, decimals: t.decimals })),
    },
    signal,
  });
  return data.balances ?? [];
}

/** The quote is refreshed this often while it is on screen (and the tab is visible). */
export const SWAP_QUOTE_REFRESH_MS = 4000;
/** query_balances takes at most this many tokens per call. */
export const BALANCES_PER_CALL = 50;

/** While a chain's pools are still being read, its status is asked again this often. */
export const SWAP_CHAINS_PENDING_MS = 5000;

export const swapChainsQuery = () =>
  queryOptions({
    queryKey: ['swap-chains'],
    queryFn: ({ signal }) => getSwapChains(signal),
    staleTime: 5 * 60_000,
    retry: false,
    refetchInterval: (q) => (q.state.data?.some((c) => !c.ready) ? SWAP_CHAINS_PENDING_MS : false),
  });

export const swapTokensQuery = (chainId: number) =>
  queryOptions({
    queryKey: ['swap-tokens', chainId],
    queryFn: ({ signal }) => getSwapTokens(chainId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const swapQuoteKey = (p: SwapQuoteParams) =>
  ['swap-quote', p.chainId, p.tokenIn.toLowerCase(), p.tokenOut.toLowerCase(), p.amount, p.slippageBps] as const;

/** The live quote: keyed on every input; refetched every 4 s while shown, never in a hidden tab. */
export const swapQuoteQuery = (p: SwapQuoteParams, enabled: boolean, refresh = true) =>
  queryOptions({
    queryKey: swapQuoteKey(p),
    queryFn: ({ signal }) => getSwapQuote(p, signal),
    enabled,
    retry: false,
    staleTime: SWAP_QUOTE_REFRESH_MS,
    refetchInterval: refresh ? SWAP_QUOTE_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });

export const swapBalancesKey = (user: string, chainId: number) => ['swap-balances', chainId, user.toLowerCase()] as const;

export const swapBalancesQuery = (user: string, chainId: number, chainName: string, tokens: readonly SwapToken[]) =>
  queryOptions({
    queryKey: [...swapBalancesKey(user, chainId), tokens.map((t) => t.address).join(',')],
    queryFn: ({ signal }) => queryBalances(user, chainName, tokens.slice(0, BALANCES_PER_CALL), signal),
    enabled: user !== '' && chainName !== '' && tokens.length > 0,
    retry: false,
    staleTime: 10_000,
    refetchInterval: 15_000,
  });
