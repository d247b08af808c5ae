import { request } from './client';

/** A faucet's id in config/faucets.json: ink, ink-usdc, ip, monad, ... */
export type FaucetSlug = string;

/** A faucet as this visitor sees it (GET /api/faucet_api/v1/faucets). */
export interface Faucet {
  slug: FaucetSlug;
  name: string;
  chain_id: number;
  symbol: string;
  decimals: number;
  /** The token it sends ('' for the native coin). */
  token: string;
  amount: string;
  available: boolean;
  unavailable_reason: string;
  empty: boolean;
  /** Seconds until this wallet and IP may claim again (0: now). */
  wait_seconds: number;
}

export interface FaucetList {
  faucet_address: string;
  window_hours: number;
  list: Faucet[];
}

export type ClaimStatus = 'queued' | 'sent' | 'done' | 'failed';

export interface FaucetClaim {
  id: number;
  slug: FaucetSlug;
  chain_id: number;
  address: string;
  /** In the coin's smallest unit. */
  amount: string;
  status: ClaimStatus;
  queue_position: number;
  tx_hash: string;
  error: string;
  created_at: number;
  updated_at: number;
}

export function getFaucets(address: string, signal?: AbortSignal): Promise<FaucetList> {
  return request<FaucetList>('faucet_api/v1/faucets', { query: { address: address || undefined }, signal });
}

/** Queues a claim for the signed-in wallet (run it under withSession). */
export function postFaucetClaim(slug: FaucetSlug, address: string): Promise<FaucetClaim> {
  return request<FaucetClaim>('faucet_api/v1/claims', { method: 'POST', body: { slug, address } });
}

export function getFaucetClaims(address: string, signal?: AbortSignal): Promise<{ list: FaucetClaim[] }> {
  return request<{ list: FaucetClaim[] }>('faucet_api/v1/claims', { query: { address }, signal });
}

export const faucetsQueryKey = (address: string) => ['faucets', address.toLowerCase()] as const;
export const faucetClaimsQueryKey = (address: string) => ['faucet-claims', address.toLowerCase()] as const;
