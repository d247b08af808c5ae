import { describe, expect, it, vi } from 'vitest';
import en from '@/i18n/en.json';
import { chunk, parseAddressLines, runBatches, sumValues, validateAirdropInput } from './validation';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'b'.repeat(40)}`;

describe('airdrop validation', () => {
  it('empty input → "Please enter the address."', () => {
    expect(validateAirdropInput('')).toEqual({ ok: false, error: 'empty' });
    expect(validateAirdropInput('  \n\n ')).toEqual({ ok: false, error: 'empty' });
    expect(en.airdrop.errors.empty).toBe('Please enter the address.');
  });
  it('any line whose length is not 42 → "address error."', () => {
    expect(validateAirdropInput(`${A}\n0x123`)).toEqual({ ok: false, error: 'badAddress' });
    expect(validateAirdropInput(`${A}0`)).toEqual({ ok: false, error: 'badAddress' });
    expect(en.airdrop.errors.badAddress).toBe('address error.');
  });
  it('accepts 42-character lines, trimming whitespace and blank lines', () => {
    expect(validateAirdropInput(` ${A} \r\n\n${B}\n`)).toEqual({ ok: true, addresses: [A, B] });
    expect(parseAddressLines('x\n\ny')).toEqual(['x', 'y']);
  });
});

describe('airdrop batches', () => {
  it('splits into batches of 5', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7]).map((b) => b.length)).toEqual([5, 2]);
    expect(chunk([])).toEqual([]);
  });
  it('queries batches in sequence and reports progress', async () => {
    const addrs = Array.from({ length: 7 }, (_, i) => `0x${String(i).repeat(40)}`);
    const query = vi.fn(async (batch: string[]) => batch.map((address, i) => ({ address, value: i })));
    const progress: number[] = [];
    const rows = await runBatches(addrs, query, (r) => progress.push(r.length));
    expect(query).toHaveBeenCalledTimes(2);
    expect(progress).toEqual([5, 7]);
    expect(rows).toHaveLength(7);
    expect(sumValues(rows)).toBe(0 + 1 + 2 + 3 + 4 + 0 + 1);
  });
  it('stops at the first failing batch', async () => {
    const addrs = Array.from({ length: 12 }, () => A);
    const query = vi.fn(async () => {
      throw new Error('boom');
    });
    await expect(runBatches(addrs, query, () => {})).rejects.toThrow('boom');
    expect(query).toHaveBeenCalledTimes(1);
  });
});
