import type { MakerDashboard, MakerWindow } from '@/api/maker';
import { formatAmount } from '@/features/tx/amount';

/** Order states in the order the dashboard lists them. */
export const ORDER_STATES = ['completed', 'confirming', 'queued', 'paying', 'refunding', 'refunded', 'failed', 'dropped', 'rejected'] as const;

/** Every order of the window, whatever its state. */
export function totalOrders(d: MakerDashboard, w: MakerWindow): number {
  return Object.values(d.orders[w] ?? {}).reduce((a, n) => a + n, 0);
}

/** Share of the window's finished orders (completed, refunded, failed) that completed, in whole percent; null with none. */
export function completionRate(byState: Record<string, number>): number | null {
  const completed = byState.completed ?? 0;
  const finished = completed + (byState.refunded ?? 0) + (byState.failed ?? 0);
  return finished === 0 ? null : Math.round((completed * 100) / finished);
}

/** Seconds as "4 s", "1 min 5 s" or "2 h 3 min": the largest two units. */
export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
  const h = Math.floor(m / 60);
  return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
}

/** A base-units amount with the token's decimals, at most 6 fraction digits. */
export const tokenAmount = (raw: string, decimals: number) => formatAmount(raw, decimals, 6);
