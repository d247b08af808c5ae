import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, formatUtcDate, formatDecimalAmount, formatNumber, formatTokenAmount, formatUsd, formatUsdCents, formatUsdPrice } from './format';

describe('formatNumber', () => {
  it('groups thousands and cuts to six decimals without rounding up', () => {
    expect(formatNumber('1234567.1234567')).toBe('1,234,567.123456');
    expect(formatNumber('0.9999999')).toBe('0.999999');
    expect(formatNumber(20000)).toBe('20,000');
    expect(formatNumber('2.500')).toBe('2.5');
  });
  it('keeps six significant digits below 1, so a small amount never reads as 0', () => {
    expect(formatNumber('0.0000001234567')).toBe('0.000000123456');
    expect(formatNumber(1e-9)).toBe('0.000000001');
    expect(formatNumber('0.0002')).toBe('0.0002');
    expect(formatNumber('0')).toBe('0');
    expect(formatNumber('0.000000')).toBe('0');
  });
});

describe('formatTokenAmount', () => {
  it('turns base units into the amount with its symbol', () => {
    expect(formatTokenAmount(1_234_567_891n, 6, 'USDC')).toBe('1,234.567891 USDC');
    expect(formatTokenAmount('50000000000000000', 18, 'ETH')).toBe('0.05 ETH');
    expect(formatTokenAmount('123456789012345678901', 18, 'DAI')).toBe('123.456789 DAI');
    expect(formatTokenAmount(100_000_000n, 8)).toBe('1');
  });
  it('reads decimal amounts the same way', () => {
    expect(formatDecimalAmount('10000', 'USDC')).toBe('10,000 USDC');
  });
});

describe('formatUsd', () => {
  it('is dollars with two decimals and separators', () => {
    expect(formatUsd(20000)).toBe('$20,000.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(Number.NaN)).toBe('$0.00');
    expect(formatUsdCents(123456)).toBe('$1,234.56');
  });
  it('prices below a dollar keep their digits', () => {
    expect(formatUsdPrice(0.99951234)).toBe('$0.999512');
    expect(formatUsdPrice(0.00001234567)).toBe('$0.0000123456');
    expect(formatUsdPrice(3010)).toBe('$3,010.00');
  });
});

describe('dates', () => {
  it('one form in every language: YYYY-MM-DD HH:mm in local time', () => {
    const unix = new Date(2026, 10, 28, 9, 5).getTime() / 1000;
    expect(formatDateTime(unix)).toBe('2026-11-28 09:05');
    expect(formatDate(unix)).toBe('2026-11-28');
  });
});

describe('UTC days and times of day', () => {
  it('a campaign day is its UTC date in the one date form, whatever the viewer zone', () => {
    expect(formatUtcDate(Date.UTC(2024, 5, 1) / 1000)).toBe('2024-06-01');
    expect(formatUtcDate(Date.UTC(2024, 7, 31, 23, 59) / 1000)).toBe('2024-08-31');
  });
  it('a time of day is 24-hour with seconds', () => {
    const unix = new Date(2026, 10, 28, 9, 5, 7).getTime() / 1000;
    expect(formatTime(unix)).toBe('09:05:07');
  });
});
