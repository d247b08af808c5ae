import { describe, expect, it } from 'vitest';
import { visibleNavItems } from './navigation/navItems';
import { animatedValue, easeOut } from './points/useAnimatedNumber';
import { tierForMultiplier } from './rewards/boost';
import { testAppConfig } from '@/test/appConfig';

const POOL_ALLOW_LIST = testAppConfig().pool_allow_list;

describe('nav items', () => {
  const all = ['bridge', 'swap', 'rewards', 'deploy', 'pool', 'portfolio'] as const;
  it('hides Pool unless the address is allow-listed', () => {
    expect(visibleNavItems(all, '', POOL_ALLOW_LIST).map((i) => i.key)).toEqual(['bridge', 'swap', 'rewards', 'deploy', 'portfolio']);
    expect(visibleNavItems(all, (POOL_ALLOW_LIST[1] ?? '').toUpperCase().replace('0X', '0x'), POOL_ALLOW_LIST).map((i) => i.key)).toContain('pool');
    expect(visibleNavItems(all, POOL_ALLOW_LIST[1] ?? '', ['0x000000000000000000000000000000000000dead']).map((i) => i.key)).not.toContain('pool');
  });
  it('follows the channel nav; Rewards carries the Hot tag', () => {
    expect(visibleNavItems(['bridge'], '', POOL_ALLOW_LIST).map((i) => i.key)).toEqual(['bridge']);
    expect(visibleNavItems(all, '', POOL_ALLOW_LIST).find((i) => i.key === 'rewards')?.hot).toBe(true);
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
  it('the tier of a reported multiplier (1.3x is the third), none for 1x or none reported', () => {
    expect(tierForMultiplier(1.3)).toBe(2);
    expect(tierForMultiplier(1)).toBe(-1);
    expect(tierForMultiplier(undefined)).toBe(-1);
  });
});
