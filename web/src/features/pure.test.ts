import { describe, expect, it } from 'vitest';
import type { Chain } from '@/api/types';
import { filterNetworks } from './bridge/networkFilter';
import { visibleNavItems } from './navigation/navItems';
import { animatedValue, easeOut } from './points/useAnimatedNumber';
import { currentBoostTier, tierForMultiplier } from './rewards/boost';
import { POOL_ALLOW_LIST } from '@/lib/config';

const chain = (over: Partial<Chain>): Chain =>
  ({ chain_id: 1, chain_name: 'Ethereum', alias_name: 'Ethereum', is_testnet: false, disabled: false, order: 1, searchText: 'ethereum eth 1', ...over }) as Chain;

describe('network filter', () => {
  const list = [
    chain({ chain_id: 10, chain_name: 'Optimism', searchText: 'optimism op 10', order: 3 }),
    chain({}),
    chain({ chain_id: 11155111, chain_name: 'Sepolia', searchText: 'sepolia', is_testnet: true, order: 2 }),
    chain({ chain_id: 5, chain_name: 'Gone', searchText: 'gone', disabled: true }),
  ];
  it('drops disabled chains and testnets, sorts by order', () => {
    expect(filterNetworks(list, '').map((c) => c.chain_id)).toEqual([1, 10]);
    expect(filterNetworks(list, '', true).map((c) => c.chain_id)).toEqual([1, 11155111, 10]);
  });
  it('searches searchText case-insensitively', () => {
    expect(filterNetworks(list, 'OP').map((c) => c.chain_id)).toEqual([10]);
    expect(filterNetworks(list, '  eth ').map((c) => c.chain_id)).toEqual([1]);
  });
});

describe('nav items', () => {
  const all = ['bridge', 'swap', 'rewards', 'deploy', 'pool', 'portfolio'] as const;
  it('hides Pool unless the address is allow-listed', () => {
    expect(visibleNavItems(all, '').map((i) => i.key)).toEqual(['bridge', 'swap', 'rewards', 'deploy', 'portfolio']);
    expect(visibleNavItems(all, (POOL_ALLOW_LIST[1] ?? '').toUpperCase().replace('0X', '0x')).map((i) => i.key)).toContain('pool');
  });
  it('follows the channel nav; Rewards carries the Hot tag', () => {
    expect(visibleNavItems(['bridge'], '').map((i) => i.key)).toEqual(['bridge']);
    expect(visibleNavItems(all, '').find((i) => i.key === 'rewards')?.hot).toBe(true);
  });
});

describe('points animation', () => {
  it('goes from the start value to the target over the duration', () => {
    expect(animatedValue(0, 1000, 0, 1500)).toBe(0);
    expect(animatedValue(0, 1000, 750, 1500)).toBeCloseTo(1000 * easeOut(0.5));
    expect(animatedValue(0, 1000, 1500, 1500)).toBe(1000);
    expect(animatedValue(0, 1000, 9999, 1500)).toBe(1000);
    expect(animatedValue(500, 100, 1500, 1500)).toBe(100);
  });
});

describe('boost tiers', () => {
  it('1.1x at 3, 1.2x at 10, 1.3x at 50, 1.5x at 100 bridges', () => {
    expect(currentBoostTier(2)).toBe(-1);
    expect(currentBoostTier(3)).toBe(0);
    expect(currentBoostTier(49)).toBe(1);
    expect(currentBoostTier(50)).toBe(2);
    expect(currentBoostTier(1000)).toBe(3);
    expect(tierForMultiplier(1.3)).toBe(2);
    expect(tierForMultiplier(1)).toBe(-1);
    expect(tierForMultiplier(undefined)).toBe(-1);
  });
});
