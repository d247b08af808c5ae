import { request } from './client';

/** GET maker_api/v1/dashboard (server/src/api/maker_dashboard_api.cpp): the maker's public figures. */

export interface MakerTokenBalance {
  symbol: string;
  decimals: number;
  /** Base units. */
  balance: string;
}

export interface MakerLiquidity {
  chain_id: number;
  chain_name: string;
  /** '' when the chain answered. */
  error: string;
  tokens: MakerTokenBalance[];
}

export interface MakerVolume {
  token: string;
  decimals: number;
  /** Base units deposited by completed orders. */
  amount: string;
  orders: number;
}

export interface MakerRouteTimes {
  src_chain_id: number;
  dst_chain_id: number;
  token: string;
  completed: number;
  median_seconds: number;
  p95_seconds: number;
}

export interface MakerPayout {
  src_chain_id: number;
  dst_chain_id: number;
  token: string;
  decimals: number;
  amount: string;
  /** In receive_token: the deposited token, or on a cross route (SOL → ETH) the paid one. */
  receive_amount: string;
  receive_token: string;
  receive_decimals: number;
  recipient: string;
  tx_hash: string;
  /** The destination explorer's page of the payout ('' when the chain has no explorer). */
  explorer_url: string;
  completed_at: number;
}

export type MakerWindow = '24h' | '7d';

export interface MakerDashboard {
  maker: string;
  as_of: number;
  paused: boolean;
  liquidity: MakerLiquidity[];
  volume: Record<MakerWindow, MakerVolume[]>;
  /** Orders created in the window, by state. */
  orders: Record<MakerWindow, Record<string, number>>;
  routes: MakerRouteTimes[];
  recent_payouts: MakerPayout[];
}

export function getMakerDashboard(signal?: AbortSignal): Promise<MakerDashboard> {
  return request<MakerDashboard>('maker_api/v1/dashboard', { signal });
}

export const makerDashboardQueryKey = ['maker-dashboard'] as const;
