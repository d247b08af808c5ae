import { describe, expect, it } from 'vitest';
import type { Exchange } from '@/api/types';
import { exchangeCreditsToken, exchangeDepositOf, exchangeMinimum, exchangeRefusal } from './exchangeDeposits';
import { exchangeRouteAllowed } from './networkList';

// Coinbase as a test config: ETH on Arbitrum, USDT on Ethereum, USDC on Optimism only with a memo.
const deposit = (token: string, chain_id: number, min: string, memo = false) => ({ token, chain_id, min, memo });
const coinbase: Exchange = { id: 14, name: 'Coinbase', icon: '', deposits: [deposit('ETH', 42161, '0.002'), deposit('USDT', 1, '10'), deposit('USDC', 10, '2', true)] };

describe('what an exchange credits', () => {
  it('finds the token on the network, whatever the symbol case', () => {
    expect(exchangeDepositOf(coinbase, 'eth', 42161)?.min).toBe('0.002');
    expect(exchangeDepositOf(coinbase, 'ETH', 10)).toBeUndefined();
  });

  it('refuses a token the exchange does not credit there, and one that needs a memo', () => {
    expect(exchangeRefusal(coinbase, 'ETH', 42161)).toBeNull();
    expect(exchangeRefusal(coinbase, 'USDT', 42161)).toBe('notCredited');
    expect(exchangeRefusal(coinbase, 'USDC', 10)).toBe('needsMemo');
    expect(exchangeRouteAllowed('USDT', coinbase, 42161)).toBe(false);
    expect(exchangeRouteAllowed('USDT', coinbase, 1)).toBe(true);
    expect(exchangeRouteAllowed('USDC', coinbase, 10)).toBe(false);
  });

  it('says whether any of the networks would do', () => {
    expect(exchangeCreditsToken(coinbase, 'USDT', [1, 10, 42161])).toBe(true);
    expect(exchangeCreditsToken(coinbase, 'USDT', [10, 42161])).toBe(false);
    expect(exchangeCreditsToken(coinbase, 'USDC', [1, 10, 42161])).toBe(false);
  });

  it('gives the minimum in raw units of the token', () => {
    expect(exchangeMinimum(coinbase, 'ETH', 42161, 18)).toBe(2_000_000_000_000_000n);
    expect(exchangeMinimum(coinbase, 'USDT', 1, 6)).toBe(10_000_000n);
    expect(exchangeMinimum(coinbase, 'ETH', 1, 18)).toBeUndefined();
  });
});
