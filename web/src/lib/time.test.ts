import { describe, expect, it } from 'vitest';
import { countdownParts, msUntilNextUtcDay, utcDateStamp, utcHourStamp } from './time';

describe('countdownParts', () => {
  it('returns zeros for 0 and negatives', () => {
    const zero = { days: '00', hours: '00', minutes: '00', seconds: '00' };
    expect(countdownParts(0)).toEqual(zero);
    expect(countdownParts(-5000)).toEqual(zero);
    expect(countdownParts(Number.NaN)).toEqual(zero);
  });
  it('splits into two-digit days, hours, minutes and seconds', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(countdownParts(ms)).toEqual({ days: '02', hours: '03', minutes: '04', seconds: '05' });
    expect(countdownParts(59_000)).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '59' });
    expect(countdownParts(123 * 86_400_000).days).toBe('123');
  });
});

describe('UTC stamps', () => {
  it('formats the UTC hour as YYYYMMDDHH and the date as YYYYMMDD', () => {
    const d = new Date(Date.UTC(2026, 10, 2, 7, 59, 59));
    expect(utcHourStamp(d)).toBe('2026110207');
    expect(utcDateStamp(d)).toBe('20261102');
  });
  it('counts down to the next UTC midnight', () => {
    expect(msUntilNextUtcDay(new Date(Date.UTC(2026, 10, 22, 23, 59, 59)))).toBe(1000);
  });
});
