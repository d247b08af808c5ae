import { request } from './client';

/**
 * The portfolio API (docs/tracker.md "Portfolio"): the chains it covers, an address's balances on
 * one or more of them with USD values, and the daily totals. Balances are base-unit strings; USD
 * values are numbers rounded to the cent, so a total is exactly the sum of the values shown.
 */

export interface PortfolioChainRef {
  chain_id: number;
  chain_name: string;
}

export interface PortfolioToken {
  symbol: string;
  /** Lowercase 0x address; the zero address for the native coin. */
  address: string;
  decimals: number;
  /** Base units; null when the node could not read it. */
  balance: string | null;
  /** USD per whole token; null when the price table has none. */
  price_usd: number | null;
  value_usd: number;
}

export interface PortfolioChain extends PortfolioChainRef {
  status: 'ok' | 'error';
  error?: string;
  value_usd: number;
  tokens: PortfolioToken[];
}

export interface PortfolioAllocation {
  label: string;
  value_usd: number;
  /** Of the total, 0..1. */
  share: number;
  chain_id?: number;
  symbol?: string;
}

export interface PriceStamp {
  /** "config", "devnet-pools" or the feed's URL. */
  source: string;
  /** Unix seconds. */
  as_of: number;
}

export interface PortfolioBalances {
  address: string;
  chains: PortfolioChain[];
  total_usd: number;
  by_chain: PortfolioAllocation[];
  by_token: PortfolioAllocation[];
  prices: PriceStamp;
  /** Whether the address is (now) snapshotted daily. */
  watched: boolean;
}

export interface PortfolioDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  total_usd: number;
}

export function getPortfolioChains(signal?: AbortSignal): Promise<PortfolioChainRef[]> {
  return request<PortfolioChainRef[]>('portfolio_api/v1/chains', { signal });
}

/** One chain's balances (the page asks chain by chain, so each row loads and fails on its own). */
export function getPortfolioBalances(address: string, chainId: number, signal?: AbortSignal): Promise<PortfolioBalances> {
  return request<PortfolioBalances>('portfolio_api/v1/balances', { query: { address, chain_ids: chainId }, signal });
}

export function getPortfolioHistory(address: string, signal?: AbortSignal): Promise<PortfolioDay[]> {
  return request<PortfolioDay[]>('portfolio_api/v1/history', { query: { address }, signal });
}

export const portfolioKeys = {
  chains: ['portfolio', 'chains'] as const,
  balances: (address: string, chainId: number) => ['portfolio', 'balances', address.toLowerCase(), chainId] as const,
  history: (address: string) => ['portfolio', 'history', address.toLowerCase()] as const,
};
