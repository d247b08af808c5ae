import { describe, expect, it } from 'vitest';
import devnetProfile from '../../../../config/devnet.json';
import tokenList from '../../../../config/tokens.json';
import { allRoutes } from '@/api/appConfig';
import { testAppConfig } from '@/test/appConfig';
import { routeLimits, tokensForPair } from './routes';

// The served routes (config/routes.json) against the networks the devnet runs (config/devnet.json):
// every network the devnet runs can be bridged, so no picker offers one that is then refused.
const devnetChains = devnetProfile.chains.map((c) => c.chain_id);
/** Whether the real network has the token: the catalog (config/tokens.json) lists it there. */
const hasToken = (symbol: string, chainId: number): boolean => tokenList.tokens.some((t) => t.symbol === symbol && t.chainId === chainId);

describe('routes on the devnet networks', () => {
  const served = allRoutes(testAppConfig());

  it('runs the networks the product names, with their real chain ids', () => {
    expect(devnetChains).toEqual([1, 8453, 42161, 1868, 10, 59144, 534352, 324, 167000, 81457, 60808, 7777777, 57073]);
  });

  it('bridges ETH between every two EVM networks of the devnet, with the same limits everywhere', () => {
    for (const from of devnetChains) {
      for (const to of devnetChains) {
        if (from === to) continue;
        expect(tokensForPair(from, to, served), `${from} → ${to}`).toContain('ETH');
        expect(routeLimits('ETH', from, to, served)).toEqual(routeLimits('ETH', 8453, 42161, served));
      }
    }
  });

  it('bridges USDC and USDT between the devnet networks where the real network has them', () => {
    for (const token of ['USDC', 'USDT']) {
      const carried = devnetChains.filter((id) => served.some((r) => r.token === token && !r.to_token && r.chains.includes(id)));
      // Soneium's stable routes predate this rule (its check-in and faucet tests use them).
      expect(carried.filter((id) => id !== 1868), token).toEqual(devnetChains.filter((id) => id !== 1868 && hasToken(token, id)));
    }
    expect(tokensForPair(324, 59144, served)).toEqual(['ETH', 'USDC', 'USDT']);
    expect(tokensForPair(10, 534352, served)).toEqual(['ETH', 'USDC', 'USDT']);
    expect(tokensForPair(167000, 7777777, served)).toEqual(['ETH']);
  });
});
