/** Weekly day boxes: claimed (has points), unclaimed (missed), or a special day (bonus points). */
import { toDateKey, utcDateKey } from '@/features/checkin/calendar';
import type { CheckInInfo } from '@/api/rewardsTypes';

/** Special days by default: Wednesday, Friday, Sunday (Monday = 0). */
export const DEFAULT_SPECIAL_WEEKDAYS = [2, 4, 6] as const;
/**
 * The day after exactly this many consecutive check-ins is special too. Streaks count consecutive
 * UTC days across week and month borders (no restart on Monday) and keep counting past 6; only the
 * exact counts 2, 4 and 6 give the bonus (same rule as the server's rules.cpp).
 */
export const STREAK_BONUS_AFTER = [2, 4, 6] as const;

export type DayBoxState = 'claimed' | 'unclaimed' | 'special';

export interface DayBox {
  /** 0 = Monday. */
  weekday: number;
  key: string;
  state: DayBoxState;
  /** Special whether or not claimed (shows the x2 mark). */
  special: boolean;
  points: number;
  isToday: boolean;
  isFuture: boolean;
}

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week holding `now`. */
export function utcWeekStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - weekday * DAY_MS);
}

/** Consecutive checked-in days ending the day before `day` (not capped, not reset on Mondays). */
export function streakBefore(day: Date, checked: ReadonlySet<string>): number {
  let n = 0;
  for (let t = day.getTime() - DAY_MS; checked.has(utcDateKey(new Date(t))); t -= DAY_MS) n++;
  return n;
}

/** Whether `day` is special: Wed/Fri/Sun, or the day after 2, 4 or 6 consecutive check-ins (across week and month borders). */
export function isSpecialDay(day: Date, checked: ReadonlySet<string>): boolean {
  const weekday = (day.getUTCDay() + 6) % 7;
  if ((DEFAULT_SPECIAL_WEEKDAYS as readonly number[]).includes(weekday)) return true;
  return (STREAK_BONUS_AFTER as readonly number[]).includes(streakBefore(day, checked));
}

/** The check-in days known from the info: the week's mask plus the listed days. */
type WeekInfo = Pick<CheckInInfo, 'sign_in_mask' | 'list' | 'special_mask'>;

const entryKey = (e: CheckInInfo['list'][number]): string => toDateKey(e.day ?? '') || toDateKey(e.sign_in_time);

export function checkedDays(info: WeekInfo, weekStart: Date): Set<string> {
  const set = new Set<string>();
  [...(info.sign_in_mask ?? '')].slice(0, 7).forEach((c, i) => {
    if (c === '1') set.add(utcDateKey(new Date(weekStart.getTime() + i * DAY_MS)));
  });
  for (const e of info.list ?? []) {
    const k = entryKey(e);
    if (k) set.add(k);
  }
  return set;
}

/** The seven boxes of the week holding `now`. */
export function weekBoxes(info: WeekInfo | undefined, now: Date): DayBox[] {
  const start = utcWeekStart(now);
  const checked = info ? checkedDays(info, start) : new Set<string>();
  const points = new Map<string, number>();
  const serverSpecial = /^[01]{7}$/.test(info?.special_mask ?? '') ? info?.special_mask : undefined;
  for (const e of info?.list ?? []) {
    const k = entryKey(e);
    if (k) points.set(k, (points.get(k) ?? 0) + (e.points ?? 0));
  }
  const today = utcDateKey(now);
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(start.getTime() + i * DAY_MS);
    const key = utcDateKey(day);
    const special = serverSpecial ? serverSpecial[i] === '1' : isSpecialDay(day, checked);
    const claimed = checked.has(key);
    return {
      weekday: i,
      key,
      special,
      state: claimed ? 'claimed' : special ? 'special' : 'unclaimed',
      points: points.get(key) ?? 0,
      isToday: key === today,
      isFuture: key > today,
    };
  });
}

/** Whether today's check-in is doubled ('Check-in has earned x2 points!'). */
export function todayIsSpecial(info: WeekInfo | undefined, now: Date): boolean {
  return weekBoxes(info, now).find((b) => b.isToday)?.special ?? false;
}
