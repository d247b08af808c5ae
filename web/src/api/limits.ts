import { queryOptions } from '@tanstack/react-query';
import { request } from './client';

/**
 * GET bridge_api/v1/limits (docs/security.md "Outflow limits"): per route and token, what the
 * route can still pay in its rolling hour and day windows. Amounts are decimal strings in token
 * units. A deposit above what a route can pay now is not refused: it waits, and the tracker says
 * "delayed by the route's limit" with an estimate.
 */
export interface RouteLimit {
  /** "<from chain>:<to chain>:<token>", e.g. "8453:42161:ETH" (what `perch pause --route` takes). */
  route: string;
  from_chain_id: number;
  to_chain_id: number;
  token: string;
  decimals: number;
  min: string;
  max: string;
  hour_cap: string;
  day_cap: string;
  hour_left: string;
  day_left: string;
  /** Amounts above this (token units) are held hold_seconds before payout; null: none are. */
  hold_from: string | null;
  paused: boolean;
  paused_reason: string;
}

export interface LimitsData {
  as_of: number;
  hour_seconds: number;
  day_seconds: number;
  hold_above_usd: number;
  hold_seconds: number;
  list: RouteLimit[];
}

export interface LimitsParams {
  fromChainId?: number;
  toChainId?: number;
  token?: string;
}

export function getLimits(p: LimitsParams = {}, signal?: AbortSignal): Promise<LimitsData> {
  return request<LimitsData>('bridge_api/v1/limits', {
    query: { from_chain_id: p.fromChainId, to_chain_id: p.toChainId, token: p.token },
    signal,
  });
}

/** Refetched every 15 s: the windows roll. */
export const limitsQuery = (p: LimitsParams, enabled = true) =>
  queryOptions({
    queryKey: ['bridge-limits', p.fromChainId ?? 0, p.toChainId ?? 0, p.token ?? ''] as const,
    queryFn: ({ signal }) => getLimits(p, signal),
    enabled,
    staleTime: 10_000,
    refetchInterval: 15_000,
  });

/** What the card should warn about for `amount` (token units, as typed) on a route, or null. */
export type LimitWarning = { kind: 'paused'; reason: string } | { kind: 'exceeds_now'; left: string } | { kind: 'held'; seconds: number };

/**
 * The warning for an amount on one route: paused; above what the route can pay now (the smaller of
 * hour_left and day_left: it would wait, not be refused); or held for its size. Compares decimal
 * strings exactly (no floats) at the route's decimals.
 */
export function limitWarning(limit: RouteLimit, holdSeconds: number, amount: string): LimitWarning | null {
  if (limit.paused) return { kind: 'paused', reason: limit.paused_reason };
  const units = (text: string) => toUnits(text, limit.decimals);
  const value = units(amount);
  if (value === null) return null;
  const hour = units(limit.hour_left) ?? 0n;
  const day = units(limit.day_left) ?? 0n;
  const left = hour < day ? limit.hour_left : limit.day_left;
  if (value > (hour < day ? hour : day)) return { kind: 'exceeds_now', left };
  const holdFrom = limit.hold_from === null ? null : units(limit.hold_from);
  if (holdFrom !== null && value > holdFrom && holdSeconds > 0) return { kind: 'held', seconds: holdSeconds };
  return null;
}

/** "1.5" at 18 decimals -> 1500000000000000000n; null for anything but a plain decimal. */
export function toUnits(text: string, decimals: number): bigint | null {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt(m[1] + frac);
}
