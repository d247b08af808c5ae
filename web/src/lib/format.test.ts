import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { formatDate, formatDateTime, formatTime, formatUtcDate, formatDecimalAmount, formatNumber, formatTokenAmount, formatUsd, formatUsdCents, formatUsdPrice, formatBpsPercent, formatCompact, formatCompactUsd, formatMonthYear, formatPercent, formatUsdValue } from './format';
import { expectOutputs } from '@/test/expectOutputs';

describe('formatNumber', () => {
  it('groups thousands and cuts to six decimals without rounding up', () => {
    expectOutputs(formatNumber, [['1234567.1234567', '1,234,567.123456'], ['0.9999999', '0.999999'], [20000, '20,000'], ['2.500', '2.5']]);
  });
  it('keeps six significant digits below 1, so a small amount never reads as 0', () => {
    expectOutputs(formatNumber, [['0.0000001234567', '0.000000123456'], [1e-9, '0.000000001'], ['0.0002', '0.0002'], ['0', '0'], ['0.000000', '0']]);
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
    expectOutputs(formatUsd, [[20000, '$20,000.00'], [1234.5, '$1,234.50'], [Number.NaN, '$0.00']]);
    expect(formatUsdCents(123456)).toBe('$1,234.56');
  });
  it('prices below a dollar keep their digits', () => {
    expectOutputs(formatUsdPrice, [[0.99951234, '$0.999512'], [0.00001234567, '$0.0000123456'], [3010, '$3,010.00']]);
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

describe('chart, calendar and percent style (the app language)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('chart axis labels are compact: 1.2K, 3.4M, $1.2K', () => {
    expectOutputs(formatCompact, [[1234, '1.2K'], [3_400_000, '3.4M'], [12, '12']]);
    expect(formatCompactUsd(1234)).toBe('$1.2K');
    expect(formatCompactUsd(0)).toBe('$0');
  });

  it('a calendar month title is the month and year in words, per language', async () => {
    expect(formatMonthYear(2026, 11)).toBe('November 2026');
    expect(formatMonthYear(2027, 1)).toBe('January 2027');
    await i18n.changeLanguage('zh');
    expect(formatMonthYear(2026, 11)).toBe('2026年11月');
    expect(formatCompact(12_345)).toBe('1.2万');
  });

  it('every percentage has one form: at most two decimals, no trailing zeros', () => {
    expectOutputs(formatPercent, [[12.5, '12.5%'], [0.3, '0.3%'], [100, '100%'], [0.123456, '0.12%']]);
    expect(formatBpsPercent(2550)).toBe('25.5%');
  });

  it('a dollar value is the shared USD form, dust reads <$0.01', () => {
    expectOutputs(formatUsdValue, [[3_086_250, '$3,086,250.00'], [0.000_01, '<$0.01'], [0, '$0.00']]);
  });
});
