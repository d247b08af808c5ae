/** Check-in calendar rules: months in UTC (check-ins count per UTC day), weeks start on Monday, nothing before December 2023 (the first check-in month). */
import type { DateLike } from '@/api/rewardsTypes';

export interface YearMonth {
  year: number;
  /** 1-12 */
  month: number;
}

/** The calendar cannot go back before the month of 2023-12-25. */
export const FIRST_MONTH: YearMonth = { year: 2023, month: 12 };

const index = (m: YearMonth): number => m.year * 12 + (m.month - 1);
const fromIndex = (i: number): YearMonth => ({ year: Math.floor(i / 12), month: (i % 12) + 1 });

export const utcMonthOf = (d: Date): YearMonth => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });

export function addMonths(m: YearMonth, n: number): YearMonth {
  return fromIndex(index(m) + n);
}

export const canGoPrev = (m: YearMonth): boolean => index(m) > index(FIRST_MONTH);

/** Months after the current UTC month hold nothing to show. */
export const canGoNext = (m: YearMonth, now: Date): boolean => index(m) < index(utcMonthOf(now));

/** Clamps a month into [December 2023, the current UTC month]. */
export function clampMonth(m: YearMonth, now: Date): YearMonth {
  const i = Math.min(Math.max(index(m), index(FIRST_MONTH)), index(utcMonthOf(now)));
  return fromIndex(i);
}

export const daysInMonth = (m: YearMonth): number => new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();

/** Weeks (Monday first) of the month; days outside it are null. */
export function monthGrid(m: YearMonth): (number | null)[][] {
  const first = new Date(Date.UTC(m.year, m.month - 1, 1)).getUTCDay(); // 0 = Sunday
  const lead = (first + 6) % 7;
  const cells: (number | null)[] = [...Array<null>(lead).fill(null)];
  for (let d = 1; d <= daysInMonth(m); d++) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const two = (n: number): string => String(n).padStart(2, '0');

export const dateKey = (year: number, month: number, day: number): string => `${year}${two(month)}${two(day)}`;

export const utcDateKey = (d: Date): string => dateKey(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());

/**
 * A server date as yyyymmdd (UTC). Accepts unix seconds or milliseconds, yyyymmdd as number or
 * text, and ISO texts ('2024-01-05', '2024-01-05T10:00:00Z', '2024/01/05'). '' when unreadable.
 */
export function toDateKey(v: DateLike | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number' || /^\d+$/.test(v)) {
    const n = Number(v);
    if (n >= 19_000_101 && n <= 99_991_231 && String(n).length === 8) return String(n);
    if (n >= 1e11) return utcDateKey(new Date(n));
    if (n > 0) return utcDateKey(new Date(n * 1000));
    return '';
  }
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(.*)$/.exec(v.trim());
  if (!m) return '';
  const rest = m[4] ?? '';
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(rest)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? '' : utcDateKey(d);
  }
  return dateKey(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A server time as a Date: seconds or milliseconds or a date text; undefined when unreadable. */
export function toDate(v: DateLike | null | undefined): Date | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (typeof v === 'number' || /^\d+$/.test(v)) {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) return undefined;
    return new Date(n >= 1e11 ? n : n * 1000);
  }
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** hh:mm:ss (hours not capped at 24), zeros at or below 0. */
export function formatHms(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const h = Math.floor(total / 3600);
  return `${two(h)}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}
