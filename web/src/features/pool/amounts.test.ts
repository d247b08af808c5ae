import { describe, expect, it } from 'vitest';
import { parsePoolAmount, showAmount, showShare } from './amounts';

describe('parsePoolAmount', () => {
  it('reads decimals exactly and keeps within the maximum', () => {
    expect(parsePoolAmount('1.5', 6, 10n ** 9n)).toEqual({ value: 1_500_000n });
    expect(parsePoolAmount(' 100 ', 18, 10n ** 21n)).toEqual({ value: 10n ** 20n });
    expect(parsePoolAmount('1001', 6, 1_000_000_000n)).toEqual({ error: 'tooMuch' });
  });
  it('names what is wrong', () => {
    expect(parsePoolAmount('', 6, 1n)).toEqual({ error: 'empty' });
    expect(parsePoolAmount('abc', 6, 1n)).toEqual({ error: 'invalid' });
    expect(parsePoolAmount('-1', 6, 1n)).toEqual({ error: 'invalid' });
    expect(parsePoolAmount('0.0000001', 6, 1n)).toEqual({ error: 'invalid' });
    expect(parsePoolAmount('0', 6, 1n)).toEqual({ error: 'zero' });
    expect(parsePoolAmount('.', 6, 1n)).toEqual({ error: 'invalid' });
  });
});

describe('showAmount and showShare', () => {
  it('cuts to four decimals and drops trailing zeros', () => {
    expect(showAmount('1500000', 6)).toBe('1.5');
    expect(showAmount(123456789n, 6)).toBe('123.4567');
    expect(showAmount('0', 18)).toBe('0');
    expect(showAmount(10n ** 20n, 18)).toBe('100');
    expect(showAmount(1n, 18)).toBe('0');
  });
  it('prints basis points as a percentage', () => {
    expect(showShare(10000)).toBe('100%');
    expect(showShare(2550)).toBe('25.5%');
  });
});
