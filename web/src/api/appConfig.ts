import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';
import type { Channel, Token } from './types';

/**
 * The deployment's settings, read from the server at start (GET bridge_api/v1/app-config) rather
 * than bundled, so one build of the app serves any deployment: the routes as the quote reads them
 * (the server's config_dir/routes.json), the tokens they move on each chain, the Solana cluster,
 * the check-in chain, the channels and the Pool allow-list.
 */

export interface FeeTier {
  /** Upper bound in token units (inclusive), "" for the last tier. */
  up_to: string;
  bps: number;
}

export interface RouteConfig {
  token: string;
  decimals: number;
  chains: number[];
  enabled: boolean;
  min: string;
  max: string;
  fee_tiers: FeeTier[];
  /** Keyed by destination chain id, or "default". */
  dtc: Record<string, string>;
  /** Keyed by source chain id, or "default". */
  expected_seconds: Record<string, number>;
  /**
   * Cross-asset routes (docs/solana.md, e.g. SOL on Solana → ETH on 42161): `token` deposited on
   * `chains` is paid as `to_token` on `to_chains`, one direction only. Absent: the same token
   * between any two of `chains`.
   */
  to_token?: string;
  to_decimals?: number;
  to_chains?: number[];
}

export interface SolanaConfig {
  chain_id: number;
  /** The Wallet Standard chain wallets sign for: 'solana:mainnet', 'solana:devnet', ... */
  cluster: string;
  /** A URL browsers may read the cluster at ('' when the deployment names none). */
  rpc_url: string;
  usdc_mint: string;
}

/** A channel of config_dir/channels.json; chain_id: the partner's own network, which its pages bridge to. */
export type AppChannel = Channel & { default_token?: string; label?: string; chain_id?: number };

export interface AppConfig {
  quote_ttl_seconds: number;
  /** Same-token routes. */
  routes: RouteConfig[];
  /** Cross-asset routes. */
  cross_routes: RouteConfig[];
  /** The tokens the routes move, per chain (all-tokens' entries). */
  tokens: Token[];
  /** null: this deployment has no Solana. */
  solana: SolanaConfig | null;
  checkin: { chain_id: number; contract: string };
  default_channel_id: number;
  channels: AppChannel[];
  pool_allow_list: string[];
  /**
   * The chains this deployment runs (reads, pays out and records deployments on), when its server
   * names them; absent, the routes are taken as the chains it runs (features/network-list/availability).
   */
  run_chain_ids?: number[];
}

export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return request<AppConfig>('bridge_api/v1/app-config', { signal });
}

/** Loaded once per visit: the server's answer does not change while it runs. */
export const appConfigQuery = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: ({ signal }) => getAppConfig(signal), staleTime: Infinity, gcTime: Infinity, retry: 2 });

export const useAppConfig = () => useQuery(appConfigQuery());

/** Same-token routes first, then the cross-asset ones. */
export const allRoutes = (config: AppConfig | undefined): readonly RouteConfig[] => (config ? [...config.routes, ...config.cross_routes] : []);

/** The Pool page's allow-list (lower-case compare); empty while the config loads. */
export function isPoolAllowed(address: string | null | undefined, allowList: readonly string[] | undefined): boolean {
  if (!address || !allowList) return false;
  const lower = address.toLowerCase();
  return allowList.some((a) => a.toLowerCase() === lower);
}
