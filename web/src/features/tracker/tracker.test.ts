import { describe, expect, it } from 'vitest';
import type { ChainActivity } from '@/api/tracker';
import en from '@/i18n/en.json';
import { formatGas, heatmapWeeks, laggingChains, nextSort, relativeTime, sortActivity } from './activity';
import { addressesFromSearch, shareLink, splitAddresses, validateAddresses } from './addresses';
import { chainActivity } from './fixtures';
import { expectOutputs } from '@/test/expectOutputs';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'B'.repeat(40)}`;
const addr = (n: number) => `0x${String(n).repeat(40).slice(0, 40)}`;

const row = chainActivity;

describe('tracker addresses', () => {
  it('splits on lines, commas and spaces and drops repeats in any case', () => {
    expect(splitAddresses(` ${A},${B}\n${A.toUpperCase().replace('0X', '0x')}  ${B}`)).toEqual([A, B]);
  });
  it('uses the airdrop messages for empty and bad input, its own for more than five', () => {
    expect(validateAddresses('  ')).toEqual({ ok: false, error: 'empty' });
    expect(validateAddresses(`${A}\n0x12`)).toEqual({ ok: false, error: 'badAddress' });
    expect(validateAddresses(`0x${'g'.repeat(40)}`)).toEqual({ ok: false, error: 'badAddress' });
    expect(validateAddresses([1, 2, 3, 4, 5, 6].map(addr).join(','))).toEqual({ ok: false, error: 'tooMany' });
    expect(validateAddresses([1, 2, 3, 4, 5].map(addr).join(','))).toEqual({ ok: true, addresses: [1, 2, 3, 4, 5].map(addr) });
    expect(validateAddresses(`${A},${B}`, 1)).toEqual({ ok: false, error: 'tooMany' });
    expect(en.airdrop.errors.empty).toBe('Please enter the address.');
    expect(en.trackerPages.tooMany).toBe('Enter at most 5 addresses.');
  });
  it('a share link carries the addresses and restores them', () => {
    const link = shareLink('https://perch.example', '/tracker', [A, B]);
    expect(link).toBe(`https://perch.example/tracker?addresses=${A},${B}`);
    expect(addressesFromSearch(new URL(link).search)).toEqual([A, B]);
    expect(addressesFromSearch(`?address=${A}`)).toEqual([A]);
    expect(addressesFromSearch('?addresses=0x12')).toEqual([]);
    expect(shareLink('https://perch.example', '/tracker', [])).toBe('https://perch.example/tracker');
  });
});

describe('tracker table rules', () => {
  const rows = [
    row({ chain_id: 1, chain_name: 'Ethereum', tx_count: 5, gas_spent: '900', volume_usd: 10 }),
    row({ chain_id: 8453, chain_name: 'Base', tx_count: 12, gas_spent: '100000000000000000000', volume_usd: 10 }),
    row({ chain_id: 1868, chain_name: 'Soneium', tx_count: 1, gas_spent: '5', volume_usd: 99 }),
  ];
  const ids = (r: ChainActivity[]) => r.map((x) => x.chain_id);
  it('sorts by any column, numbers and wei as numbers, names by name; ties keep their order', () => {
    expect(ids(sortActivity(rows, { column: 'transactions', direction: 'desc' }))).toEqual([8453, 1, 1868]);
    expect(ids(sortActivity(rows, { column: 'gasSpent', direction: 'asc' }))).toEqual([1868, 1, 8453]);
    expect(ids(sortActivity(rows, { column: 'network', direction: 'asc' }))).toEqual([8453, 1, 1868]);
    expect(ids(sortActivity(rows, { column: 'volume', direction: 'asc' }))).toEqual([1, 8453, 1868]);
    expect(ids(rows)).toEqual([1, 8453, 1868]); // a copy: the input is untouched
  });
  it('a click flips the same column; another column starts with the most first, names A to Z', () => {
    expect(nextSort({ column: 'transactions', direction: 'desc' }, 'transactions')).toEqual({ column: 'transactions', direction: 'asc' });
    expect(nextSort({ column: 'transactions', direction: 'asc' }, 'gasSpent')).toEqual({ column: 'gasSpent', direction: 'desc' });
    expect(nextSort({ column: 'transactions', direction: 'asc' }, 'network')).toEqual({ column: 'network', direction: 'asc' });
  });
  it('gas is shown in the native coin', () => {
    // The shared style: a tiny amount keeps six significant digits, a large one gets separators.
    expectOutputs(formatGas, [['21000000000000', '0.000021'], ['1500000000000000000', '1.5'], ['junk', '0'], ['123', '0.000000000000000123'], ['1234567891234567891234', '1,234.567891']]);
  });
  it('last active in the largest whole unit; 0 is never', () => {
    const now = 1_764_086_400_000;
    const s = now / 1000;
    expect(relativeTime(0, now)).toEqual({ key: 'never' });
    expect(relativeTime(s - 30, now)).toEqual({ key: 'justNow' });
    expect(relativeTime(s - 120, now)).toEqual({ key: 'minutes', count: 2 });
    expect(relativeTime(s - 3 * 3600, now)).toEqual({ key: 'hours', count: 3 });
    expect(relativeTime(s - 86400, now)).toEqual({ key: 'days', count: 1 });
    expect(relativeTime(s - 65 * 86400, now)).toEqual({ key: 'months', count: 2 });
    expect(relativeTime(s - 800 * 86400, now)).toEqual({ key: 'years', count: 2 });
    expect(relativeTime(s + 50, now)).toEqual({ key: 'justNow' }); // clocks apart
  });
  it('names chains the indexer is 3 or more blocks behind', () => {
    const chain = (id: number, lag: number) => ({ chain_id: id, chain_name: `c${id}`, indexed_block: 10, head_block: 10 + lag, lag_blocks: lag });
    expect(laggingChains([chain(1, 0), chain(2, 2), chain(3, 3), chain(4, 50)]).map((c) => c.chain_id)).toEqual([3, 4]);
  });
});

describe('tracker heatmap', () => {
  // Wednesday 2026-11-25 (UTC), mid-day.
  const today = Date.UTC(2026, 10, 25, 12);
  it('53 weeks of Monday-first columns ending with the current week; later days are future', () => {
    const weeks = heatmapWeeks(['2026-11-24', '2026-11-02', '2025-01-01', '2026-11-26'], today);
    expect(weeks).toHaveLength(53);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const last = weeks[52] ?? [];
    expect(last[0]?.date).toBe('2026-11-23'); // Monday
    expect(last[1]).toEqual({ date: '2026-11-24', active: true, future: false });
    expect(last[2]).toEqual({ date: '2026-11-25', active: false, future: false });
    expect(last[3]).toEqual({ date: '2026-11-26', active: true, future: true });
    expect(weeks[0]?.[0]?.date).toBe('2025-11-24');
    const active = weeks.flat().filter((c) => c.active && !c.future).map((c) => c.date);
    expect(active).toEqual(['2026-11-02', '2026-11-24']); // 2025-01-01 is out of the year shown
  });
});
