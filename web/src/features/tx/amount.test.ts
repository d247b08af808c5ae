import { describe, expect, it } from 'vitest';
import { formatAmount, maxSpendable, parseAmount, sanitizeAmountInput, unitsToRaw } from './amount';

const E18 = 10n ** 18n;

describe('amount input and parsing', () => {
  it('accepts digits and one dot, turns a comma into a dot, refuses other keystrokes', () => {
    expect(sanitizeAmountInput('1,5', '')).toBe('1.5');
    expect(sanitizeAmountInput('1.5.', '1.5')).toBe('1.5');
    expect(sanitizeAmountInput('1e5', '1')).toBe('1');
    expect(sanitizeAmountInput('-1', '')).toBe('');
    expect(sanitizeAmountInput(' 2 ', '')).toBe('2');
    expect(sanitizeAmountInput('007', '')).toBe('7');
    expect(sanitizeAmountInput('0.', '0')).toBe('0.');
    expect(sanitizeAmountInput('.5', '')).toBe('.5');
  });

  it('parses exactly with the token decimals, no floating point', () => {
    expect(parseAmount('', 18)).toEqual({ kind: 'empty' });
    expect(parseAmount('.', 18)).toEqual({ kind: 'empty' });
    expect(parseAmount('0.1', 18)).toEqual({ kind: 'ok', raw: E18 / 10n, text: '0.1' });
    // 0.1 + 0.2 in floating point is not 0.3; in raw units it is.
    const a = parseAmount('0.1', 18);
    const b = parseAmount('0.2', 18);
    expect(a.kind === 'ok' && b.kind === 'ok' ? a.raw + b.raw : 0n).toBe(3n * (E18 / 10n));
    expect(parseAmount('1.', 6)).toEqual({ kind: 'ok', raw: 1_000_000n, text: '1' });
    expect(parseAmount('.25', 6)).toEqual({ kind: 'ok', raw: 250_000n, text: '0.25' });
    expect(parseAmount('123456789.123456', 6)).toEqual({ kind: 'ok', raw: 123_456_789_123_456n, text: '123456789.123456' });
    expect(parseAmount('1.0000001', 6)).toEqual({ kind: 'tooPrecise', decimals: 6 });
    expect(parseAmount('1..2', 6)).toEqual({ kind: 'invalid' });
    expect(parseAmount('abc', 6)).toEqual({ kind: 'invalid' });
  });

  it('formats raw units truncated, never rounded up', () => {
    expect(formatAmount(999_999_999_999_999_999n, 18)).toBe('0.999999');
    expect(formatAmount('1500000', 6)).toBe('1.5');
    expect(formatAmount(1n, 18, 18)).toBe('0.000000000000000001');
    expect(formatAmount(0n, 18)).toBe('0');
    expect(unitsToRaw('0.001', 18)).toBe(E18 / 1000n);
    expect(unitsToRaw('x', 18)).toBeUndefined();
  });

  it('Max keeps a gas reserve for the native token only', () => {
    expect(maxSpendable(E18, 18, true)).toBe(E18 - 5n * 10n ** 14n);
    expect(maxSpendable(10n ** 14n, 18, true)).toBe(0n);
    expect(maxSpendable(5_000_000n, 6, false)).toBe(5_000_000n);
    // A larger reserve asked for (the swap's quoted cost) wins over the floor, a smaller one does not.
    expect(maxSpendable(E18, 18, true, 10n ** 15n)).toBe(E18 - 10n ** 15n);
    expect(maxSpendable(E18, 18, true, 1n)).toBe(E18 - 5n * 10n ** 14n);
  });
});

