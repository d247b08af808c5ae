import { request } from './client';

/** GET bridge_api/v1/status (server/src/api/status_api.cpp): the public status page's figures. */

export type StatusWindow = '1h' | '24h' | '7d';

export interface StatusWindowStats {
  /** Orders deposited in the window, whatever became of them. */
  orders: number;
  completed: number;
  /** Deposit to payout, seconds (null: nothing completed in the window). */
  p50_seconds: number | null;
  p95_seconds: number | null;
  p99_seconds: number | null;
  refunds: number;
  refund_median_seconds: number | null;
  /** Token units (the route's token), null without refunds. */
  refund_median_cost: string | null;
}

export interface StatusRoute {
  route: string;
  from_chain_id: number;
  to_chain_id: number;
  token: string;
  decimals: number;
  /** Token units. */
  hour_cap: string;
  day_cap: string;
  hour_left: string;
  day_left: string;
  paused: boolean;
  paused_reason: string;
  stats: Record<StatusWindow, StatusWindowStats>;
}

export interface StatusChain {
  chain_id: number;
  head_block: number;
  seconds_since_new_head: number;
  watcher_lag_blocks: number;
  stopped: boolean;
}

export interface StatusIncident {
  /** 'pause' (subject 'all'), 'route_pause' (a route key) or 'head_stopped' (a chain id). */
  kind: 'pause' | 'route_pause' | 'head_stopped';
  subject: string;
  detail: string;
  started_at: number;
  /** null while it goes on. */
  ended_at: number | null;
}

export interface BridgeStatus {
  as_of: number;
  windows: { name: StatusWindow; seconds: number }[];
  paused: boolean;
  routes: StatusRoute[];
  chains: StatusChain[];
  incidents: StatusIncident[];
}

export function getBridgeStatus(signal?: AbortSignal): Promise<BridgeStatus> {
  return request<BridgeStatus>('bridge_api/v1/status', { signal });
}

export const bridgeStatusQueryKey = ['bridge-status'] as const;
