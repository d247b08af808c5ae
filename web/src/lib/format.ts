/**
 * The one display style of numbers and dates on every page: thousands separators, at most six
 * decimals (cut, never rounded up, so a balance is never shown larger than it is), the token's
 * symbol after the amount, US dollars with two decimals, and one date-time form.
 */
import { currentLocale } from '@/i18n';
import { formatThousands, truncateDecimals } from './number';
import { formatUnitsExact } from './units';

export const MAX_DISPLAY_DECIMALS = 6;

/**
 * A decimal for reading: from 1 up, thousands separators and at most six decimals
 * ('1234567.1234567' → '1,234,567.123456'); below 1, six significant digits, so a small amount
 * never reads as 0 ('0.0000001234567' → '0.000000123456'). Cut, never rounded up.
 */
export function formatNumber(value: string | number | bigint): string {
  const plain = truncateDecimals(value, 36);
  const negative = plain.startsWith('-');
  const [int = '0', frac = ''] = (negative ? plain.slice(1) : plain).split('.');
  if (int !== '0' || frac === '') return formatThousands(truncateDecimals(plain, MAX_DISPLAY_DECIMALS));
  const lead = /^0*/.exec(frac)?.[0].length ?? 0;
  return truncateDecimals(plain, Math.min(lead + MAX_DISPLAY_DECIMALS, 36));
}

/** Raw base units of a token as its display amount, with the symbol when given: '1,234.5 USDC'. */
export function formatTokenAmount(raw: bigint | string, decimals: number, symbol?: string): string {
  const value = typeof raw === 'string' ? BigInt(raw || '0') : raw;
  const text = formatNumber(formatUnitsExact(value, decimals));
  return symbol ? `${text} ${symbol}` : text;
}

/** A decimal token amount (already in token units) with its symbol: '0.05 ETH'. */
export function formatDecimalAmount(value: string | number, symbol?: string): string {
  const text = formatNumber(value);
  return symbol ? `${text} ${symbol}` : text;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dollars, two decimals, thousands separators: '$20,000.00'. */
export function formatUsd(value: number): string {
  return USD.format(Number.isFinite(value) ? value : 0);
}

/** A dollar value for reading beside an amount: '$1,234.56', and '<$0.01' for dust so it never reads as nothing. */
export function formatUsdValue(value: number): string {
  if (value > 0 && value < 0.01) return `<${formatUsd(0.01)}`;
  return formatUsd(value);
}

/** Chart axis labels, short in the app's language: 1234 → '1.2K', 3400000 → '3.4M' (English). */
export function formatCompact(value: number): string {
  return new Intl.NumberFormat(currentLocale(), { notation: 'compact', maximumFractionDigits: 1 }).format(Number.isFinite(value) ? value : 0);
}

/** Dollars on a chart axis: 1234 → '$1.2K'. */
export function formatCompactUsd(value: number): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(
    Number.isFinite(value) ? value : 0,
  );
}

/**
 * Every percentage, given in percent (12.5 → '12.5%'), in the app's language, at most `digits`
 * decimals (trailing zeros dropped: 0.30 → '0.3%').
 */
export function formatPercent(percent: number, digits = 2): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: digits }).format(Number.isFinite(percent) ? percent / 100 : 0);
}

/** A share in basis points as a percentage: 1250 → '12.5%'. */
export const formatBpsPercent = (bps: number, digits = 2): string => formatPercent(bps / 100, digits);

/** A calendar's title, a UTC month in the app's language: 'November 2026', '2026年11月'. */
export function formatMonthYear(year: number, month: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** Integer cents as dollars (sums kept in cents stay exact). */
export const formatUsdCents = (cents: number): string => formatUsd(cents / 100);

/** A unit price: cents from $1 up; below $1 up to six decimals (a cent of USDT is not its price). */
export function formatUsdPrice(usd: number): string {
  if (usd >= 1) return formatUsd(usd);
  return `$${formatNumber(usd)}`;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** The one date-time form, in the viewer's time zone, the same in every language: '2026-11-28 15:04'. */
export function formatDateTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${formatDateOf(d)} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The date part alone: '2026-11-28'. */
export function formatDate(unixSeconds: number): string {
  return formatDateOf(new Date(unixSeconds * 1000));
}

function formatDateOf(d: Date): string {
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** The date part of a UTC day (campaign and event dates are days in UTC): '2026-11-28'. */
export function formatUtcDate(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

/** The time of day alone, for steps of one flow already dated: '15:04:05'. */
export function formatTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** The machine-readable form for a <time dateTime>. */
export const isoDateTime = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString();
