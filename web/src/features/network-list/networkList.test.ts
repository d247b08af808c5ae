import { describe, expect, it } from 'vitest';
import type { Chain } from '@/api/types';
import { balanceCell, batchIds, chainsForTab, exchangeNetworks, exchangesForToken, popularChains, searchChains } from './networkList';

/** What a test exchange credits: ETH, USDC and USDT on the exchange networks, BTC on 56. */
const CREDITS_ALL = ['ETH', 'USDC', 'USDT'].flatMap((token) => [1, 10, 42161].map((chain_id) => ({ token, chain_id, min: '0' }))).concat([{ token: 'BTC', chain_id: 56, min: '0' }]);


const chain = (id: number, over: Partial<Chain> = {}): Chain =>
  ({
    chain_id: id,
    chain_name: `Chain ${id}`,
    alias_name: `Chain ${id}`,
    is_testnet: false,
    flags: { evm: true, bitcoin: false, non_evm: false },
    disabled: false,
    order: id,
    searchText: `chain ${id}`,
    popular_item_list: [],
    ...over,
  }) as Chain;

const btc = chain(999706684, { flags: { evm: false, bitcoin: true, non_evm: true }, order: 50, popular_item_list: [{ tag: 'ALL', weight: 75 }, { tag: 'Bitcoin', weight: 75 }] });
const sol = chain(83797601, { flags: { evm: false, bitcoin: false, non_evm: true }, order: 40 });
const sepolia = chain(11155111, { is_testnet: true, order: 90 });
const gone = chain(5, { disabled: true });
const eth = chain(1, { searchText: 'ethereum eth 1', popular_item_list: [{ tag: 'ALL', weight: 100 }, { tag: 'EVM', weight: 100 }] });
const arb = chain(42161, { order: 2, searchText: 'arbitrum one arb', popular_item_list: [{ tag: 'ALL', weight: 95 }, { tag: 'EVM', weight: 95 }] });
const all = [btc, sol, sepolia, gone, eth, arb];

describe('network list tabs', () => {
  it('ALL / EVM / Bitcoin / Non-EVM exclude testnets and disabled chains; Testnet has only testnets', () => {
    const ids = (l: Chain[]) => l.map((c) => c.chain_id).sort((a, b) => a - b);
    expect(ids(chainsForTab(all, 'all'))).toEqual([1, 42161, 83797601, 999706684]);
    expect(ids(chainsForTab(all, 'evm'))).toEqual([1, 42161]);
    expect(ids(chainsForTab(all, 'bitcoin'))).toEqual([999706684]);
    expect(ids(chainsForTab(all, 'nonEvm'))).toEqual([83797601, 999706684]);
    expect(ids(chainsForTab(all, 'testnet'))).toEqual([11155111]);
  });

  it('searches searchText case-insensitively and sorts by order', () => {
    expect(searchChains(all, 'ARB').map((c) => c.chain_id)).toEqual([42161]);
    expect(searchChains([arb, eth], '').map((c) => c.chain_id)).toEqual([1, 42161]);
    expect(searchChains([chain(7, { searchText: '', chain_name: 'Zora', alias_name: 'Zora Network' })], 'zora net')).toHaveLength(1);
  });

  it('orders Popular by weight for the tab tag', () => {
    expect(popularChains(all, 'ALL').map((c) => c.chain_id)).toEqual([1, 42161, 999706684]);
    expect(popularChains(all, 'Bitcoin').map((c) => c.chain_id)).toEqual([999706684]);
    expect(popularChains(all, 'ALL', 2)).toHaveLength(2);
    expect(popularChains(all, 'Testnet')).toEqual([]);
  });

  it('exchange networks: 42161, 10 and 1; BTC only 56 and exchange 11', () => {
    expect(exchangeNetworks([eth, arb, chain(10, { order: 4 }), chain(56)], 'ETH').map((c) => c.chain_id)).toEqual([1, 42161, 10]);
    expect(exchangeNetworks([eth, chain(56)], 'btc').map((c) => c.chain_id)).toEqual([56]);
    const ex = [{ id: 11, name: 'Binance', icon: '', deposits: CREDITS_ALL }, { id: 12, name: 'OKX', icon: '', deposits: CREDITS_ALL }];
    expect(exchangesForToken(ex, 'BTC').map((e) => e.id)).toEqual([11]);
    expect(exchangesForToken(ex, 'USDC')).toHaveLength(2);
  });
});

describe('balances', () => {
  it('batches chain ids by 4', () => {
    expect(batchIds([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    expect(batchIds([])).toEqual([]);
  });

  it('formats a cell: spinner, "-" on failure or status_code ≠ 0, else 5 decimals (8 for Fuel and BenFen)', () => {
    const ok = (v: string) => ({ view_value: v, status_code: 0, status_message: '' });
    expect(balanceCell(1, undefined, 'pending')).toEqual({ kind: 'loading' });
    expect(balanceCell(1, undefined, 'error').kind).toBe('error');
    expect(balanceCell(1, undefined, 'success').kind).toBe('error');
    expect(balanceCell(1, { view_value: '0', status_code: 1, status_message: 'key not found' }, 'success')).toEqual({ kind: 'error', message: 'key not found' });
    expect(balanceCell(1, ok('10000.000000000000000000'), 'success')).toEqual({ kind: 'value', text: '10000' });
    expect(balanceCell(1, ok('1.123456789'), 'success')).toEqual({ kind: 'value', text: '1.12345' });
    expect(balanceCell(9889, ok('1.123456789'), 'success')).toEqual({ kind: 'value', text: '1.12345678' });
    expect(balanceCell(66706701, ok('0.000000019'), 'success')).toEqual({ kind: 'value', text: '0.00000001' });
  });
});
