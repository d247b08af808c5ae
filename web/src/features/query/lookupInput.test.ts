import { describe, expect, it } from 'vitest';
import type { Lookup } from '@/api/query';
import { isNothingFound, lookupKind } from './lookupInput';

const HASH = `0x${'ab'.repeat(32)}`;

describe('/query input', () => {
  it('tells an address, a transaction hash and an order key apart, as the server does', () => {
    expect(lookupKind(` 0x${'a'.repeat(40)} `)).toBe('address');
    expect(lookupKind(HASH)).toBe('tx_hash');
    expect(lookupKind(`8453:${HASH}:0`)).toBe('order_key');
    for (const bad of ['', 'hello', '0x12', `${HASH}0`, `8453:${HASH}`, `x:${HASH}:1`, `8453:0x12:1`]) expect(lookupKind(bad)).toBeNull();
  });
  it('nothing found: no order, no points, no check-in', () => {
    const empty: Lookup = { kind: 'address', q: 'x', orders: [], orders_total: 0, points: { total: 0, campaign: 0, cross: 0, refer: 0, check_in: 0, pool: 0, cross_v1: 0, refer_v1: 0 }, checkins: [] };
    expect(isNothingFound(empty)).toBe(true);
    expect(isNothingFound({ ...empty, kind: 'tx_hash', points: null, checkins: null })).toBe(true);
    expect(isNothingFound({ ...empty, checkins: [{ date: '2026-11-20', chain_id: 1868, tx_hash: HASH, points: 2 }] })).toBe(false);
  });
});
