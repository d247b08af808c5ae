import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { formatDate, formatDateTime, formatTime, formatUtcDate, formatDecimalAmount, formatNumber, formatTokenAmount, formatUsd, formatUsdCents, formatUsdPrice, formatBpsPercent, formatCompact, formatCompactUsd, formatMonthYear, formatPercent, formatUsdValue } from './format';

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

describe('chart, calendar and percent style (the app language)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('chart axis labels are compact: 1.2K, 3.4M, $1.2K', () => {
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(3_400_000)).toBe('3.4M');
    expect(formatCompact(12)).toBe('12');
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
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(0.3)).toBe('0.3%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(0.123456)).toBe('0.12%');
    expect(formatBpsPercent(2550)).toBe('25.5%');
  });

  it('a dollar value is the shared USD form, dust reads <$0.01', () => {
    expect(formatUsdValue(3_086_250)).toBe('$3,086,250.00');
    expect(formatUsdValue(0.000_01)).toBe('<$0.01');
    expect(formatUsdValue(0)).toBe('$0.00');
  });
});
