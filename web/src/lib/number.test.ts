import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatThousands, isNumber, padHex, toPlainString, truncateDecimals } from './number';

describe('truncateDecimals', () => {
  it('defaults to 6 decimals without rounding up', () => {
    expect(truncateDecimals('1.23456789')).toBe('1.234567');
    expect(truncateDecimals('0.9999999')).toBe('0.999999');
    expect(truncateDecimals(2.9999999999)).toBe('2.999999');
  });
  it('strips trailing zeros and a bare decimal point', () => {
    expect(truncateDecimals('1.500000')).toBe('1.5');
    expect(truncateDecimals('2.000')).toBe('2');
    expect(truncateDecimals('10')).toBe('10');
    expect(truncateDecimals('1.0000001')).toBe('1');
  });
  it('honours an explicit count', () => {
    expect(truncateDecimals('3.14159', 2)).toBe('3.14');
    expect(truncateDecimals('3.14159', 0)).toBe('3');
    expect(truncateDecimals('0.123456789', 8)).toBe('0.12345678');
  });
  it('handles negatives, exponent notation and bad input', () => {
    expect(truncateDecimals('-1.23456789')).toBe('-1.234567');
    expect(truncateDecimals('-0.0000001')).toBe('0');
    expect(truncateDecimals(1e-7, 8)).toBe('0.0000001');
    expect(truncateDecimals(1.5e21)).toBe('1500000000000000000000');
    expect(truncateDecimals('abc')).toBe('0');
    expect(truncateDecimals(12n)).toBe('12');
  });
});

describe('toPlainString', () => {
  it('expands exponent notation', () => {
    expect(toPlainString(1e-7)).toBe('0.0000001');
    expect(toPlainString('1.25e3')).toBe('1250');
    expect(toPlainString('1.2345e2')).toBe('123.45');
  });
});

describe('formatThousands', () => {
  it('groups the integer part only', () => {
    expect(formatThousands(1234567.891)).toBe('1,234,567.891');
    expect(formatThousands('1000')).toBe('1,000');
    expect(formatThousands('999')).toBe('999');
    expect(formatThousands('-1234.5678')).toBe('-1,234.5678');
    expect(formatThousands(0)).toBe('0');
  });
});

describe('padHex', () => {
  it('left-pads to a length and keeps the 0x prefix', () => {
    expect(padHex('0x1', 4)).toBe('0x0001');
    expect(padHex('abc', 6)).toBe('000abc');
    expect(padHex('0xabc')).toBe(`0x${'0'.repeat(61)}abc`);
    expect(padHex('0x12345', 4)).toBe('0x12345');
  });
});

describe('isNumber', () => {
  it('accepts an optional minus, digits and an optional decimal part', () => {
    for (const ok of ['0', '12', '-12', '1.5', '-0.25', '007']) expect(isNumber(ok)).toBe(true);
  });
  it('rejects everything else', () => {
    for (const bad of ['', '-', '.5', '5.', '+1', '1e5', '1,000', ' 1', 'abc', '1.2.3', '--1']) expect(isNumber(bad)).toBe(false);
  });
});

describe('abbreviateNumber', () => {
  it('abbreviates at 1e6 (M) and 1e9 (B)', () => {
    expect(abbreviateNumber(999_999)).toBe('999,999');
    expect(abbreviateNumber(1_000_000)).toBe('1M');
    expect(abbreviateNumber(1_234_567)).toBe('1.23M');
    expect(abbreviateNumber(999_999_999)).toBe('999.99M');
    expect(abbreviateNumber(2_500_000_000)).toBe('2.5B');
    expect(abbreviateNumber(1234.5678)).toBe('1,234.56');
    expect(abbreviateNumber(0)).toBe('0');
  });
});
