import type { ChainActivity, IndexedChain } from '@/api/tracker';
import { formatUnitsExact } from '@/lib/units';
import { formatNumber } from '@/lib/format';

/** The per-network table's columns, in order; each sorts by its own value. */
export const ACTIVITY_COLUMNS = [
  'network',
  'transactions',
  'volume',
  'activeDays',
  'activeWeeks',
  'activeMonths',
  'contracts',
  'lastActive',
  'gasSpent',
  'bridgedVolume',
] as const;
export type ActivityColumn = (typeof ACTIVITY_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export interface ActivitySort {
  column: ActivityColumn;
  direction: SortDirection;
}

const VALUE_OF: Record<Exclude<ActivityColumn, 'network'>, (c: ChainActivity) => number | bigint> = {
  transactions: (c) => c.tx_count,
  volume: (c) => c.volume_usd,
  activeDays: (c) => c.active_days,
  activeWeeks: (c) => c.active_weeks,
  activeMonths: (c) => c.active_months,
  contracts: (c) => c.contracts,
  lastActive: (c) => c.last_active,
  gasSpent: (c) => toBigInt(c.gas_spent),
  bridgedVolume: (c) => c.bridged_volume_usd,
};

function toBigInt(text: string): bigint {
  try {
    return BigInt(text);
  } catch {
    return 0n;
  }
}

function compare(a: ChainActivity, b: ChainActivity, column: ActivityColumn): number {
  if (column === 'network') return a.chain_name.localeCompare(b.chain_name);
  const x = VALUE_OF[column](a);
  const y = VALUE_OF[column](b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A sorted copy; ties keep the server's order (a stable sort), so the table does not jump. */
export function sortActivity(rows: readonly ChainActivity[], sort: ActivitySort): ChainActivity[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b, sort.column));
}

/** Clicking a header: the same column flips; another starts descending (most first), names ascending. */
export function nextSort(current: ActivitySort, column: ActivityColumn): ActivitySort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: column === 'network' ? 'asc' : 'desc' };
}

/** Gas spent in the chain's native coin, at most 6 decimals ("0.000021"). */
export function formatGas(wei: string): string {
  return formatNumber(formatUnitsExact(toBigInt(wei), 18));
}

export { formatUsd } from '@/lib/format';

export type RelativeTime = { key: 'never' } | { key: 'justNow' } | { key: 'minutes' | 'hours' | 'days' | 'months' | 'years'; count: number };

/** How long ago a unix time was, in the largest whole unit (i18n picks the words). 0 is never. */
export function relativeTime(unixSeconds: number, nowMs: number): RelativeTime {
  if (unixSeconds <= 0) return { key: 'never' };
  const seconds = Math.max(0, Math.floor(nowMs / 1000) - unixSeconds);
  if (seconds < 60) return { key: 'justNow' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { key: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: 'hours', count: hours };
  const days = Math.floor(hours / 24);
  if (days < 30) return { key: 'days', count: days };
  if (days < 365) return { key: 'months', count: Math.floor(days / 30) };
  return { key: 'years', count: Math.floor(days / 365) };
}

/** Chains the indexer is this many blocks or more behind are named above the table. */
export const LAG_NOTICE_BLOCKS = 3;

export function laggingChains(chains: readonly IndexedChain[], threshold = LAG_NOTICE_BLOCKS): IndexedChain[] {
  return chains.filter((c) => c.lag_blocks >= threshold);
}

export interface HeatmapCell {
  /** YYYY-MM-DD (UTC). */
  date: string;
  active: boolean;
  /** After today: drawn empty. */
  future: boolean;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The heatmap's weeks (columns, Monday first) covering the last `weeks` weeks up to today (UTC):
 * each cell is a day, active when any chain had activity that day.
 */
export function heatmapWeeks(activeDays: Iterable<string>, todayMs: number, weeks = 53): HeatmapCell[][] {
  const active = new Set(activeDays);
  const today = Math.floor(todayMs / DAY_MS) * DAY_MS;
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // 0 = Monday
  const start = today - (weekday + 7 * (weeks - 1)) * DAY_MS;
  const out: HeatmapCell[][] = [];
  for (let w = 0; w < weeks; w++) {
    const column: HeatmapCell[] = [];
    for (let d = 0; d < 7; d++) {
      const ms = start + (w * 7 + d) * DAY_MS;
      const date = isoDay(ms);
      column.push({ date, active: active.has(date), future: ms > today });
    }
    out.push(column);
  }
  return out;
}

/** Every active day of an address across its chains. */
export function activeDaysOf(chains: readonly ChainActivity[]): Set<string> {
  return new Set(chains.flatMap((c) => c.days));
}
