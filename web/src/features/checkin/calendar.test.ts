import { describe, expect, it } from 'vitest';
import { explorerTxUrl } from '@/lib/explorer';
import { addMonths, canGoNext, canGoPrev, clampMonth, FIRST_MONTH, formatHms, monthGrid, toDate, toDateKey } from './calendar';
import { msUntilNextUtcDay } from '@/lib/time';

describe('check-in calendar months', () => {
  const now = new Date(Date.UTC(2026, 10, 22, 9, 0, 0)); // 2026-11-22

  it('cannot go back before December 2023 (the month of 2023-12-25)', () => {
    expect(FIRST_MONTH).toEqual({ year: 2023, month: 12 });
    expect(canGoPrev({ year: 2023, month: 12 })).toBe(false);
    expect(canGoPrev({ year: 2024, month: 1 })).toBe(true);
    expect(clampMonth({ year: 2023, month: 11 }, now)).toEqual({ year: 2023, month: 12 });
    expect(clampMonth({ year: 2020, month: 5 }, now)).toEqual({ year: 2023, month: 12 });
  });

  it('goes forward up to the current UTC month only', () => {
    expect(canGoNext({ year: 2026, month: 10 }, now)).toBe(true);
    expect(canGoNext({ year: 2026, month: 11 }, now)).toBe(false);
    expect(clampMonth({ year: 2027, month: 1 }, now)).toEqual({ year: 2026, month: 11 });
  });

  it('adds months across year borders', () => {
    expect(addMonths({ year: 2023, month: 12 }, 1)).toEqual({ year: 2024, month: 1 });
    expect(addMonths({ year: 2024, month: 1 }, -1)).toEqual({ year: 2023, month: 12 });
    expect(addMonths({ year: 2024, month: 3 }, -14)).toEqual({ year: 2023, month: 1 });
  });

  it('lays a month out Monday first with leading and trailing blanks', () => {
    // December 2023 starts on a Friday and has 31 days.
    const dec = monthGrid({ year: 2023, month: 12 });
    expect(dec[0]).toEqual([null, null, null, null, 1, 2, 3]);
    expect(dec.flat().filter((d) => d !== null)).toHaveLength(31);
    expect(dec.at(-1)).toEqual([25, 26, 27, 28, 29, 30, 31]);
    // February 2024 (leap year) starts on a Thursday.
    const feb = monthGrid({ year: 2024, month: 2 });
    expect(feb[0]).toEqual([null, null, null, 1, 2, 3, 4]);
    expect(feb.flat().filter((d) => d !== null)).toHaveLength(29);
    expect(feb.every((w) => w.length === 7)).toBe(true);
  });
});

describe('check-in countdown', () => {
  it('formats hh:mm:ss and clamps at zero', () => {
    expect(formatHms(0)).toBe('00:00:00');
    expect(formatHms(-5000)).toBe('00:00:00');
    expect(formatHms(Number.NaN)).toBe('00:00:00');
    expect(formatHms(999)).toBe('00:00:00');
    expect(formatHms(3_723_000)).toBe('01:02:03');
    expect(formatHms(86_399_000)).toBe('23:59:59');
  });

  it('counts down to the next UTC midnight', () => {
    expect(formatHms(msUntilNextUtcDay(new Date(Date.UTC(2024, 0, 5, 23, 59, 58, 500))))).toBe('00:00:01');
    expect(formatHms(msUntilNextUtcDay(new Date(Date.UTC(2024, 0, 5, 0, 0, 0))))).toBe('24:00:00');
    expect(formatHms(msUntilNextUtcDay(new Date(Date.UTC(2024, 0, 5, 10, 30, 0))))).toBe('13:30:00');
  });
});

describe('server dates', () => {
  it('reads yyyymmdd, seconds, milliseconds and ISO texts as UTC days', () => {
    expect(toDateKey(20231225)).toBe('20231225');
    expect(toDateKey('20231225')).toBe('20231225');
    expect(toDateKey(1703548799)).toBe('20231225'); // 2023-12-25T23:59:59Z
    expect(toDateKey(1703548800000)).toBe('20231226');
    expect(toDateKey('2023-12-25')).toBe('20231225');
    expect(toDateKey('2023-12-25T23:30:00-02:00')).toBe('20231226');
    expect(toDateKey('')).toBe('');
    expect(toDateKey('soon')).toBe('');
    expect(toDate(1703548800)?.toISOString()).toBe('2023-12-26T00:00:00.000Z');
    expect(toDate(undefined)).toBeUndefined();
  });

  it('links a transaction to the explorer', () => {
    expect(explorerTxUrl('https://soneium.blockscout.com/', '0xabc')).toBe('https://soneium.blockscout.com/tx/0xabc');
    expect(explorerTxUrl(undefined, '0xabc')).toBe('');
    expect(explorerTxUrl('https://x', '')).toBe('');
  });
});
