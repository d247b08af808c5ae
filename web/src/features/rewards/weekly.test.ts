import { describe, expect, it } from 'vitest';
import { isSpecialDay, streakBefore, todayIsSpecial, utcWeekStart, weekBoxes } from './weekly';

const d = (y: number, m: number, day: number): Date => new Date(Date.UTC(y, m - 1, day, 12));

describe('weekly day boxes', () => {
  // 2026-11-16 is a Monday; "now" is Thursday 2026-11-19.
  const now = d(2026, 11, 19);

  it('starts the UTC week on Monday', () => {
    expect(utcWeekStart(now).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(utcWeekStart(d(2026, 11, 22)).toISOString()).toBe('2026-11-16T00:00:00.000Z'); // Sunday
    expect(utcWeekStart(d(2026, 11, 23)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('marks Wed, Fri and Sun special by default, claimed days from the mask, the rest unclaimed', () => {
    const boxes = weekBoxes({ sign_in_mask: '1000000', list: [{ sign_in_time: '2026-11-16', points: 2 }] }, now);
    expect(boxes.map((b) => b.state)).toEqual(['claimed', 'unclaimed', 'special', 'unclaimed', 'special', 'unclaimed', 'special']);
    expect(boxes[0]?.points).toBe(2);
    expect(boxes[3]?.isToday).toBe(true);
    expect(boxes[4]?.isFuture).toBe(true);
    expect(boxes[1]?.isFuture).toBe(false);
  });

  it('makes the day after 2 consecutive check-ins special; a claimed special day stays claimed', () => {
    const boxes = weekBoxes({ sign_in_mask: '1110000', list: [] }, now);
    // Mon+Tue = 2 → Wed special (also by default), Mon-Wed = 3 → Thu not special.
    expect(boxes.map((b) => b.special)).toEqual([false, false, true, false, true, false, true]);
    expect(boxes[2]?.state).toBe('claimed');
    const twoThenThu = weekBoxes({ sign_in_mask: '0110000', list: [] }, now);
    expect(twoThenThu[3]?.special).toBe(true); // Tue+Wed = 2 → Thu
    expect(todayIsSpecial({ sign_in_mask: '0110000', list: [] }, now)).toBe(true);
    expect(todayIsSpecial({ sign_in_mask: '1110000', list: [] }, now)).toBe(false);
  });

  it('counts streaks across week and month borders (4 and 6)', () => {
    // 2026-11-27 Fri .. 2026-11-30 Mon: 4 days across the month border → Tue 2026-12-01 special.
    const checked = new Set(['20261127', '20261128', '20261129', '20261130']);
    expect(streakBefore(d(2026, 12, 1), checked)).toBe(4);
    expect(isSpecialDay(d(2026, 12, 1), checked)).toBe(true);
    expect(isSpecialDay(d(2026, 12, 1), new Set(['20261128', '20261129', '20261130']))).toBe(false);
    // Six in a row Tue..Sun → next Monday special; seven → the Tuesday after is not.
    const six = new Set(['20261117', '20261118', '20261119', '20261120', '20261121', '20261122']);
    expect(isSpecialDay(d(2026, 11, 23), six)).toBe(true);
    six.add('20261123');
    expect(isSpecialDay(d(2026, 11, 24), six)).toBe(false);
  });

  it('carries a streak over Sunday→Monday and the month end into the week boxes', () => {
    // Sat 2026-11-28 + Sun 11-29 (last week, listed without a mask) → Mon 11-30 special.
    expect(streakBefore(d(2026, 11, 30), new Set(['20261128', '20261129']))).toBe(2);
    const boxes = weekBoxes({ sign_in_mask: '0000000', list: [{ sign_in_time: '2026-11-28', points: 2 }, { sign_in_time: '2026-11-29', points: 4 }] }, d(2026, 12, 1));
    expect(boxes[0]?.key).toBe('20261130');
    expect(boxes[0]?.special).toBe(true);
    // Sun 11-29 + Mon 11-30 → Tue 12-01 special (streak 2 across both borders).
    expect(isSpecialDay(d(2026, 12, 1), new Set(['20261129', '20261130']))).toBe(true);
    // Sat..Mon (3) → Tue not special; past 6 no bonus: 7 in a row → the 8th day is plain.
    expect(isSpecialDay(d(2026, 12, 1), new Set(['20261128', '20261129', '20261130']))).toBe(false);
    const seven = new Set(['20261124', '20261125', '20261126', '20261127', '20261128', '20261129', '20261130']);
    expect(streakBefore(d(2026, 12, 1), seven)).toBe(7);
    expect(isSpecialDay(d(2026, 12, 1), seven)).toBe(false);
  });

  it("prefers the server's special_mask and its yyyymmdd day", () => {
    const boxes = weekBoxes({ sign_in_mask: '1000000', special_mask: '0100001', list: [{ sign_in_time: 1763251200, day: 20261116, points: 4 }] }, now);
    expect(boxes.map((b) => b.special)).toEqual([false, true, false, false, false, false, true]);
    expect(boxes[0]?.points).toBe(4);
    expect(weekBoxes({ sign_in_mask: '0000000', special_mask: 'bad', list: [] }, now)[2]?.special).toBe(true);
  });

  it('shows nothing claimed without info', () => {
    expect(weekBoxes(undefined, now).filter((b) => b.state === 'claimed')).toHaveLength(0);
  });
});
