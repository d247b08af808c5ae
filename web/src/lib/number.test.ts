import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatThousands, isNumber, padHex, toPlainString, truncateDecimals } from './number';
import { expectOutputs } from '@/test/expectOutputs';

describe('truncateDecimals', () => {
  it('defaults to 6 decimals without rounding up', () => {
    expectOutputs(truncateDecimals, [['1.23456789', '1.234567'], ['0.9999999', '0.999999'], [2.9999999999, '2.999999']]);
  });
  it('strips trailing zeros and a bare decimal point', () => {
    expectOutputs(truncateDecimals, [['1.500000', '1.5'], ['2.000', '2'], ['10', '10'], ['1.0000001', '1']]);
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
    expectOutputs(truncateDecimals, [[1.5e21, '1500000000000000000000'], ['abc', '0'], [12n, '12']]);
  });
});

describe('toPlainString', () => {
  it('expands exponent notation', () => {
    expectOutputs(toPlainString, [[1e-7, '0.0000001'], ['1.25e3', '1250'], ['1.2345e2', '123.45']]);
  });
});

describe('formatThousands', () => {
  it('groups the integer part only', () => {
    expectOutputs(formatThousands, [[1234567.891, '1,234,567.891'], ['1000', '1,000'], ['999', '999'], ['-1234.5678', '-1,234.5678'], [0, '0']]);
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
    expectOutputs(abbreviateNumber, [[999_999, '999,999'], [1_000_000, '1M'], [1_234_567, '1.23M'], [999_999_999, '999.99M'], [2_500_000_000, '2.5B'], [1234.5678, '1,234.56'], [0, '0']]);
  });
});
