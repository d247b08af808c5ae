import { describe, expect, it } from 'vitest';
import type { MakerDashboard } from '@/api/maker';
import { completionRate, formatSeconds, tokenAmount, totalOrders } from './stats';
import { expectOutputs } from '@/test/expectOutputs';

describe('maker dashboard figures', () => {
  it('completion rate over finished orders only', () => {
    expect(completionRate({})).toBeNull();
    expect(completionRate({ queued: 3 })).toBeNull();
    expect(completionRate({ completed: 9, refunded: 1, queued: 40 })).toBe(90);
    expect(completionRate({ completed: 2, failed: 1 })).toBe(67);
  });
  it('seconds in the two largest units', () => {
    expectOutputs(formatSeconds, [[2.5, '3 s'], [59, '59 s'], [60, '1 min'], [65, '1 min 5 s'], [7380, '2 h 3 min'], [3600, '1 h']]);
  });
  it('orders of a window and token amounts', () => {
    const d = { orders: { '24h': { completed: 2, queued: 1 }, '7d': {} } } as unknown as MakerDashboard;
    expect(totalOrders(d, '24h')).toBe(3);
    expect(totalOrders(d, '7d')).toBe(0);
    expect(tokenAmount('1500000', 6)).toBe('1.5');
    expect(tokenAmount('10000000000000000', 18)).toBe('0.01');
  });
});
