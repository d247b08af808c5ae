import { formatBpsPercent } from '@/lib/format';
import { formatUnitsExact, parseUnitsExact } from '@/lib/units';

/** A typed amount in the token's smallest unit, or an error key (pool.form.errors.*). */
export function parsePoolAmount(text: string, decimals: number, max: bigint): { value: bigint } | { error: 'empty' | 'invalid' | 'zero' | 'tooMuch' } {
  const trimmed = text.trim();
  if (!trimmed) return { error: 'empty' };
  if (!/^\d*(\.\d*)?$/.test(trimmed) || trimmed === '.') return { error: 'invalid' };
  const [, frac = ''] = trimmed.split('.');
  if (frac.length > decimals) return { error: 'invalid' };
  const value = parseUnitsExact(trimmed, decimals);
  if (value === 0n) return { error: 'zero' };
  if (value > max) return { error: 'tooMuch' };
  return { value };
}

/** An amount for display: at most 4 decimals, cut, never rounded up. */
export function showAmount(value: string | bigint, decimals: number): string {
  const text = formatUnitsExact(BigInt(value), decimals);
  const [whole, frac] = text.split('.');
  return frac ? `${whole}.${frac.slice(0, 4)}`.replace(/\.?0+$/, '') || '0' : text;
}

/** Basis points as a percentage with two decimals. */
export const showShare = (bps: number): string => formatBpsPercent(bps);
