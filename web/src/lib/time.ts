/** Time helpers: countdowns and the UTC hour of the per-hour request header. */

export interface CountdownParts {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** Splits a duration in milliseconds into two-digit days/hours/minutes/seconds; 0 or less → zeros. */
export function countdownParts(ms: number): CountdownParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  return {
    days: two(Math.floor(total / 86_400)),
    hours: two(Math.floor((total % 86_400) / 3_600)),
    minutes: two(Math.floor((total % 3_600) / 60)),
    seconds: two(total % 60),
  };
}

/** Milliseconds from `now` until the next UTC midnight (check-in countdown). */
export function msUntilNextUtcDay(now: Date = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return next - now.getTime();
}

/** The current UTC hour as YYYYMMDDHH. */
export function utcHourStamp(date: Date = new Date()): string {
  return (
    String(date.getUTCFullYear()) +
    two(date.getUTCMonth() + 1) +
    two(date.getUTCDate()) +
    two(date.getUTCHours())
  );
}

/** UTC date as YYYYMMDD (check-in contract argument). */
export function utcDateStamp(date: Date = new Date()): string {
  return String(date.getUTCFullYear()) + two(date.getUTCMonth() + 1) + two(date.getUTCDate());
}
