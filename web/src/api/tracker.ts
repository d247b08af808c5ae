import { request } from './client';

/** docs/tracker.md: the tracker API contract (served by api/tracker_api.cpp). */

export interface TrackerToken {
  symbol: string;
  address: string;
  decimals: number;
  /** Base units. */
  sent: string;
  received: string;
}

/** One address's activity on one chain (zeros and `first_active` 0 when it has none). */
export interface ChainActivity {
  chain_id: number;
  chain_name: string;
  tx_count: number;
  /** Unix seconds. */
  first_active: number;
  last_active: number;
  active_days: number;
  active_weeks: number;
  active_months: number;
  contracts: number;
  contracts_deployed: number;
  /** Wei. */
  gas_spent: string;
  volume_usd: number;
  tokens: TrackerToken[];
  bridge_deposits: number;
  bridge_payouts: number;
  bridged_volume_usd: number;
  /** YYYY-MM-DD (UTC), at most the last 366 active days. */
  days: string[];
}

export interface AddressActivity {
  /** EIP-55. */
  address: string;
  chains: ChainActivity[];
}

export interface IndexedChain {
  chain_id: number;
  chain_name: string;
  indexed_block: number;
  head_block: number;
  lag_blocks: number;
}

export interface Activity {
  addresses: AddressActivity[];
  chains: IndexedChain[];
  prices: { source: string; as_of: number };
}

export interface ScoreRule {
  id: string;
  label_key: string;
  value: number;
  points: number;
}

export interface ScoreNext {
  id: string;
  label_key: string;
  /** The points one more unit of this rule would add. */
  gain: number;
}

export interface Score {
  program: string;
  title: string;
  chain_id: number;
  chain_name: string;
  score: number;
  /** 1-based among every indexed address with activity on the chain (`of` of them). */
  rank: number;
  of: number;
  rules: ScoreRule[];
  next: ScoreNext[];
}

export function getActivity(addresses: readonly string[], signal?: AbortSignal): Promise<Activity> {
  return request<Activity>('tracker_api/v1/activity', { query: { addresses: addresses.join(',') }, signal });
}

export function getScore(program: string, address: string, signal?: AbortSignal): Promise<Score> {
  return request<Score>('tracker_api/v1/score', { query: { program, address }, signal });
}

export const activityQueryKey = (addresses: readonly string[]) => ['tracker-activity', addresses.map((a) => a.toLowerCase()).join(',')] as const;
export const scoreQueryKey = (program: string, address: string) => ['tracker-score', program, address.toLowerCase()] as const;
