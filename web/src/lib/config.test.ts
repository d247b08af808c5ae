import { describe, expect, it } from 'vitest';
import { BLOCKED_COUNTRIES, isBlockedCountry, isPoolAllowed, MAIN_CHANNEL_ID, POOL_ALLOW_LIST } from './config';

describe('config', () => {
  it('has 15 distinct well-formed pool addresses, compared case-insensitively', () => {
    expect(POOL_ALLOW_LIST).toHaveLength(15);
    expect(new Set(POOL_ALLOW_LIST.map((a) => a.toLowerCase())).size).toBe(15);
    for (const a of POOL_ALLOW_LIST) expect(a).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const first = POOL_ALLOW_LIST[0] ?? '';
    expect(isPoolAllowed(first.toLowerCase())).toBe(true);
    expect(isPoolAllowed(first.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(isPoolAllowed('0x000000000000000000000000000000000000dead')).toBe(false);
    expect(isPoolAllowed('')).toBe(false);
    expect(isPoolAllowed(null)).toBe(false);
  });
  it('blocks CU, IR, KP, SY, RU, CN only', () => {
    expect([...BLOCKED_COUNTRIES]).toEqual(['CU', 'IR', 'KP', 'SY', 'RU', 'CN']);
    expect(isBlockedCountry('ru')).toBe(true);
    expect(isBlockedCountry('US')).toBe(false);
    expect(isBlockedCountry(undefined)).toBe(false);
    expect(MAIN_CHANNEL_ID).toBe(98675412);
  });
});
