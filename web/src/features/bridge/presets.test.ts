import { describe, expect, it } from 'vitest';
import { testChain } from '@/test/chains';
import { bridgePresets, chainIdParam, walletDefaultFrom } from './presets';

const CHAINS = [testChain(8453, 'Base'), testChain(42161, 'Arbitrum One'), testChain(83797601, 'Solana', { flags: { evm: false, bitcoin: false, non_evm: true } })];

describe('bridge presets', () => {
  it('reads chain ids from the address bar and nothing else', () => {
    expect(chainIdParam('8453')).toBe(8453);
    expect(chainIdParam(' 42161 ')).toBe(42161);
    for (const bad of [null, '', 'base', '-1', '0', '1.5', '1e3']) expect(chainIdParam(bad)).toBeNull();
  });

  it('?from=8453&to=42161 sets both networks', () => {
    expect(bridgePresets(new URLSearchParams('from=8453&to=42161'))).toEqual({ from: 8453, to: 42161 });
    expect(bridgePresets(new URLSearchParams('to=42161'))).toEqual({ from: null, to: 42161 });
    expect(bridgePresets(new URLSearchParams(''))).toEqual({ from: null, to: null });
  });

  it("a partner's page bridges to the partner's chain unless ?to= names another, never From = To", () => {
    expect(bridgePresets(new URLSearchParams(''), 60808)).toEqual({ from: null, to: 60808 });
    expect(bridgePresets(new URLSearchParams('to=42161'), 60808)).toEqual({ from: null, to: 42161 });
    expect(bridgePresets(new URLSearchParams('from=8453&to=8453'))).toEqual({ from: 8453, to: null });
  });

  it("From defaults to the connected wallet's chain only when none is chosen", () => {
    expect(walletDefaultFrom(null, 8453, CHAINS, null)).toBe(8453);
    expect(walletDefaultFrom(null, 8453, CHAINS, 42161)).toBe(8453);
    expect(walletDefaultFrom(42161, 8453, CHAINS, null)).toBeNull();
    expect(walletDefaultFrom(null, null, CHAINS, null)).toBeNull();
    // Not a network of the list (yet), or already the destination: From stays unchosen.
    expect(walletDefaultFrom(null, 999, CHAINS, null)).toBeNull();
    expect(walletDefaultFrom(null, 8453, undefined, null)).toBeNull();
    expect(walletDefaultFrom(null, 8453, CHAINS, 8453)).toBeNull();
    // A wallet on a network this deployment does not bridge from leaves From to the user.
    expect(walletDefaultFrom(null, 8453, CHAINS, null, (c) => c.chain_id !== 8453)).toBeNull();
    expect(walletDefaultFrom(null, 8453, CHAINS, null, (c) => c.chain_id === 8453)).toBe(8453);
  });
});
