import { request } from './client';

/** One token of PerchPool on one chain; amounts in the token's smallest unit. */
export interface PoolToken {
  symbol: string;
  /** Token address (the zero address for ETH). */
  token: string;
  decimals: number;
  total: string;
  available: string;
  /** Drawn by the maker for bridge payouts and not repaid yet. */
  owed: string;
  mine: string;
  /** The wallet's share of the total, in basis points. */
  share_bps: number;
}

export interface PoolChain {
  chain_id: number;
  name: string;
  /** PerchPool on this chain (a deployment may put it at another address on each chain). */
  contract: string;
  error: string;
  tokens: PoolToken[];
}

export interface PoolState {
  contract: string;
  points_per_token_hour: Record<string, string>;
  chains: PoolChain[];
  allowed?: boolean;
  points?: { accrued: string; credited: number };
}

export function getPool(address: string, signal?: AbortSignal): Promise<PoolState> {
  return request<PoolState>('pool_api/v1/pool', { query: { address: address || undefined }, signal });
}

export const poolQueryKey = (address: string) => ['pool', address.toLowerCase()] as const;
