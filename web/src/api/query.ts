import type { Order } from './bridge';
import { request } from './client';

/** GET query_api/v1/lookup (server/src/api/query_api.cpp). */

export type LookupKind = 'address' | 'tx_hash' | 'order_key';

export interface LookupPoints {
  total: number;
  campaign: number;
  cross: number;
  refer: number;
  check_in: number;
  pool: number;
  cross_v1: number;
  refer_v1: number;
}

export interface LookupCheckIn {
  /** YYYY-MM-DD (UTC). */
  date: string;
  chain_id: number;
  tx_hash: string;
  points: number;
}

export interface Lookup {
  kind: LookupKind;
  /** The input as the server keeps it (lower case). */
  q: string;
  /** Newest first, at most 50. */
  orders: Order[];
  orders_total: number;
  /** An address's points and last year's check-ins; null for a hash or an order key. */
  points: LookupPoints | null;
  checkins: LookupCheckIn[] | null;
}

export function lookup(q: string, signal?: AbortSignal): Promise<Lookup> {
  return request<Lookup>('query_api/v1/lookup', { query: { q }, signal });
}

export const lookupQueryKey = (q: string) => ['lookup', q.trim().toLowerCase()] as const;
