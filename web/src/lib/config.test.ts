import { describe, expect, it } from 'vitest';
import { isPoolAllowed } from '@/api/appConfig';
import { testAppConfig } from '@/test/appConfig';
import { BLOCKED_COUNTRIES, isBlockedCountry, MAIN_CHANNEL_ID } from './config';

describe('config', () => {
  it("the served Pool allow-list (config/pool-allowlist.json): 15 distinct well-formed addresses, compared case-insensitively", () => {
    const POOL_ALLOW_LIST = testAppConfig().pool_allow_list;
    expect(POOL_ALLOW_LIST).toHaveLength(15);
    expect(new Set(POOL_ALLOW_LIST.map((a) => a.toLowerCase())).size).toBe(15);
    for (const a of POOL_ALLOW_LIST) expect(a).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const first = POOL_ALLOW_LIST[0] ?? '';
    expect(isPoolAllowed(first.toLowerCase(), POOL_ALLOW_LIST)).toBe(true);
    expect(isPoolAllowed(first.toUpperCase().replace('0X', '0x'), POOL_ALLOW_LIST)).toBe(true);
    expect(isPoolAllowed('0x000000000000000000000000000000000000dead', POOL_ALLOW_LIST)).toBe(false);
    expect(isPoolAllowed('', POOL_ALLOW_LIST)).toBe(false);
    expect(isPoolAllowed(null, POOL_ALLOW_LIST)).toBe(false);
    expect(isPoolAllowed(first, undefined)).toBe(false);
  });
  it('blocks CU, IR, KP, SY, RU, CN only', () => {
    expect([...BLOCKED_COUNTRIES]).toEqual(['CU', 'IR', 'KP', 'SY', 'RU', 'CN']);
    expect(isBlockedCountry('ru')).toBe(true);
    expect(isBlockedCountry('US')).toBe(false);
    expect(isBlockedCountry(undefined)).toBe(false);
    expect(MAIN_CHANNEL_ID).toBe(98675412);
  });
});
