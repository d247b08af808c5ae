import { describe, expect, it } from 'vitest';
import type { PortfolioBalances } from '@/api/portfolio';
import { testChain } from '@/test/chains';
import { pickerTokens } from './tokenPicker';
import { pricesBySymbol, usdValue } from './usd';

const answer = (chainId: number, tokens: [string, number | null][]): PortfolioBalances => ({
  address: '0x',
  chains: [{ chain_id: chainId, chain_name: testChain(chainId, 'x').chain_name, status: 'ok', value_usd: 0, tokens: tokens.map(([symbol, price_usd]) => ({ symbol, address: '0x', decimals: 18, balance: '0', price_usd, value_usd: 0 })) }],
  total_usd: 0,
  by_chain: [],
  by_token: [],
  prices: { source: 'devnet-pools', as_of: 0 },
  watched: true,
});

describe('dollar values', () => {
  it("takes the server's prices by symbol, the first chain's first", () => {
    const prices = pricesBySymbol([answer(8453, [['ETH', 2500], ['usdc', 1], ['DAI', null]]), undefined, answer(42161, [['ETH', 2600], ['WBTC', 60000]])]);
    expect([...prices]).toEqual([
      ['ETH', 2500],
      ['USDC', 1],
      ['WBTC', 60000],
    ]);
  });

  it('values an amount in dollars, with cents, and says nothing without a price or an amount', () => {
    const prices = new Map([
      ['ETH', 2500],
      ['USDC', 0.9998],
    ]);
    expect(usdValue('0.01', 'ETH', prices)).toBe('$25.00');
    expect(usdValue('1234.5', 'eth', prices)).toBe('$3,086,250.00');
    expect(usdValue('0.000001', 'ETH', prices)).toBe('<$0.01');
    expect(usdValue('0', 'ETH', prices)).toBe('$0.00');
    expect(usdValue('100', 'USDC', prices)).toBe('$99.98');
    expect(usdValue('1', 'DAI', prices)).toBeNull();
    expect(usdValue('', 'ETH', prices)).toBeNull();
    expect(usdValue('abc', 'ETH', prices)).toBeNull();
  });
});

describe('the bridge in the shared token list', () => {
  it("lists the route's symbols with their address and decimals on the source network", () => {
    const all = [
      { symbol: 'ETH', chainId: 8453, address: '0x0000000000000000000000000000000000000000', decimals: 18 },
      { symbol: 'USDC', chainId: 8453, address: '0xA0b8', decimals: 6 },
      { symbol: 'USDC', chainId: 1, address: '0xother', decimals: 6 },
    ];
    expect(pickerTokens(all, 8453, ['USDC', 'ETH', 'USDT'])).toEqual([
      { address: '0xA0b8', symbol: 'USDC', name: '', decimals: 6, logo_url: null },
      { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', name: '', decimals: 18, logo_url: null },
      { address: 'USDT', symbol: 'USDT', name: '', decimals: 18, logo_url: null },
    ]);
    expect(pickerTokens(all, null, ['ETH'])[0]!.address).toBe('ETH');
  });
});
