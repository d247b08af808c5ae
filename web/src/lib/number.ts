/** Number formatting helpers. Pure, string based, exact. */

export const DEFAULT_TRUNCATE_DECIMALS = 6;

const NUMBER_RE = /^-?\d+(\.\d+)?$/;

/** A string counts as a number only if it is an optional minus, digits and an optional decimal part. */
export function isNumber(value: string): boolean {
  return NUMBER_RE.test(value);
}

/** Expands a JS number (possibly in exponent form, e.g. 1e-7) to a plain decimal string. */
export function toPlainString(value: number | string | bigint): string {
  if (typeof value === 'bigint') return value.toString();
  const str = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(str);
  if (!match) return str;
  const sign = match[1] ?? '';
  const intPart = match[2] ?? '0';
  const fracPart = match[3] ?? '';
  const exp = Number(match[4]);
  const digits = intPart + fracPart;
  const point = intPart.length + exp;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + stripLeadingZeros(out);
}

function stripLeadingZeros(s: string): string {
  const [int = '0', frac] = s.split('.');
  const cleanInt = int.replace(/^0+(?=\d)/, '');
  return frac === undefined ? cleanInt : `${cleanInt}.${frac}`;
}

/**
 * Cuts a decimal to at most `decimals` fraction digits without rounding (never rounds up) and
 * strips trailing zeros: truncateDecimals('1.23456789') === '1.234567', ('2.500') === '2.5'.
 * Non-numeric input gives '0'.
 */
export function truncateDecimals(value: number | string | bigint, decimals = DEFAULT_TRUNCATE_DECIMALS): string {
  const plain = toPlainString(value);
  if (!isNumber(plain)) return '0';
  const negative = plain.startsWith('-');
  const [int = '0', frac = ''] = (negative ? plain.slice(1) : plain).split('.');
  const cut = frac.slice(0, Math.max(0, decimals)).replace(/0+$/, '');
  const cleanInt = int.replace(/^0+(?=\d)/, '');
  const body = cut ? `${cleanInt}.${cut}` : cleanInt;
  const isZero = /^0(\.0*)?$/.test(body);
  return negative && !isZero ? `-${body}` : body;
}

/** Thousands separators on the integer part: '1234567.891' → '1,234,567.891'. */
export function formatThousands(value: number | string | bigint): string {
  const plain = toPlainString(value);
  if (!isNumber(plain)) return plain;
  const negative = plain.startsWith('-');
  const [int = '0', frac] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

/** Left-pads a hex value (with or without 0x) with zeros to `length` hex digits; keeps the 0x prefix. */
export function padHex(value: string, length = 64): string {
  const hasPrefix = /^0x/i.test(value);
  const body = hasPrefix ? value.slice(2) : value;
  const padded = body.padStart(length, '0');
  return hasPrefix ? `0x${padded}` : padded;
}

export const ABBREVIATIONS = [
  { threshold: 1e9, suffix: 'B' },
  { threshold: 1e6, suffix: 'M' },
] as const;

/**
 * Abbreviates point values at 1e6 (M) and 1e9 (B); smaller values get thousands
 * separators. Fraction digits are truncated, never rounded up.
 */
export function abbreviateNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '0';
  const abs = Math.abs(value);
  for (const { threshold, suffix } of ABBREVIATIONS) {
    if (abs >= threshold) return `${truncateDecimals(value / threshold, decimals)}${suffix}`;
  }
  return formatThousands(truncateDecimals(value, decimals));
}
