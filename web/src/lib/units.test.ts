import { describe, expect, it } from 'vitest';
import {
  conversionDecimals,
  formatUnitsExact,
  fromTokenUnits,
  fromUnit,
  parseUnitsExact,
  toTokenUnits,
  toUnit,
  unitForDecimals,
  unitMultiplier,
} from './units';

describe('named units', () => {
  it('has the web3 unit map: noether 0, wei 1, kwei 1e3 ... ether 1e18', () => {
    expect(unitMultiplier('noether')).toBe(0n);
    expect(unitMultiplier('wei')).toBe(1n);
    expect(unitMultiplier('kwei')).toBe(10n ** 3n);
    expect(unitMultiplier('Mwei')).toBe(10n ** 6n);
    expect(unitMultiplier('gwei')).toBe(10n ** 9n);
    expect(unitMultiplier('szabo')).toBe(10n ** 12n);
    expect(unitMultiplier('finney')).toBe(10n ** 15n);
    expect(unitMultiplier('ether')).toBe(10n ** 18n);
  });
  it('converts exactly with bigint', () => {
    expect(toUnit('1')).toBe(10n ** 18n);
    expect(toUnit('0.000000000000000001')).toBe(1n);
    expect(toUnit('1.5', 'gwei')).toBe(1_500_000_000n);
    expect(toUnit('123456789.123456789123456789')).toBe(123456789123456789123456789n);
    expect(toUnit('7', 'wei')).toBe(7n);
    expect(toUnit('5', 'noether')).toBe(0n);
    expect(fromUnit(1_500_000_000_000_000_000n)).toBe('1.5');
    expect(fromUnit(1n)).toBe('0.000000000000000001');
    expect(fromUnit(2_500n, 'kwei')).toBe('2.5');
    expect(fromUnit(99n, 'noether')).toBe('0');
  });
});

describe('token conversion', () => {
  it('uses 8 decimals for 8-decimal tokens', () => {
    expect(conversionDecimals(8)).toBe(8);
    expect(toTokenUnits('1.5', 8)).toBe(150_000_000n);
    expect(fromTokenUnits(1n, 8)).toBe('0.00000001');
  });
  it('uses the named unit matching the decimals, default 18', () => {
    expect(unitForDecimals(6)).toBe('Mwei');
    expect(conversionDecimals(6)).toBe(6);
    expect(toTokenUnits('2.5', 6)).toBe(2_500_000n);
    expect(conversionDecimals()).toBe(18);
    expect(conversionDecimals(7)).toBe(18);
    expect(toTokenUnits('1')).toBe(10n ** 18n);
  });
  it('truncates extra fraction digits and rejects garbage', () => {
    expect(parseUnitsExact('1.1234567', 6)).toBe(1_123_456n);
    expect(parseUnitsExact('-1.5', 1)).toBe(-15n);
    expect(parseUnitsExact('.5', 1)).toBe(5n);
    expect(() => parseUnitsExact('abc', 18)).toThrow();
    expect(() => parseUnitsExact('', 18)).toThrow();
    expect(formatUnitsExact(-15n, 1)).toBe('-1.5');
    expect(formatUnitsExact(100n, 0)).toBe('100');
  });
});
