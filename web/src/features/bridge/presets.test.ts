import { describe, expect, it } from 'vitest';
import { testChain } from '@/test/chains';
import { bridgeLinkTarget, bridgePresets, chainIdParam, checkPresets, walletDefaultFrom } from './presets';
import type { AppConfig } from '@/api/appConfig';
import { networkAvailability, type Availability } from '@/features/network-list/availability';
import { testAppConfig } from '@/test/appConfig';

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

describe("a quest's link into the bridge", () => {
  it('names the networks of an in-app bridge link, and nothing for any other link', () => {
    expect(bridgeLinkTarget('/?to=8453')).toEqual({ from: null, to: 8453 });
    expect(bridgeLinkTarget('/?from=1&to=10')).toEqual({ from: 1, to: 10 });
    expect(bridgeLinkTarget('/?from=8453')).toEqual({ from: 8453, to: null });
    for (const other of ['/', '/rewards', '/deploy?to=8453', '/?to=base', 'https://x.com/perch?to=1', '//evil.example/?to=1', '']) expect(bridgeLinkTarget(other), other).toBeNull();
  });
});

describe('presets from a link, checked against what this deployment bridges', () => {
  const base = testAppConfig().routes.find((r) => r.token === 'ETH')!;
  // ETH between Ethereum, Base and Arbitrum; USDC between Ethereum and Scroll only; Scroll has no ETH route.
  const config = testAppConfig({
    routes: [
      { ...base, chains: [1, 8453, 42161] },
      { ...base, token: 'USDC', decimals: 6, chains: [1, 534352] },
    ],
    cross_routes: [],
  });
  // A non-EVM network (Fuel-like) whose wallet connects but which no route leaves.
  const NON_EVM = 9889;
  const flags = (id: number) => (id === NON_EVM ? { evm: false, bitcoin: false, non_evm: true } : { evm: true, bitcoin: false, non_evm: false });
  const judgeWith =
    (c: AppConfig | undefined) =>
    (side: 'from' | 'to', id: number, other: number | null): Availability =>
      networkAvailability(side, { chain_id: id, flags: flags(id) }, { config: c, other });
  const check = (query: string, c: AppConfig | null = config) => checkPresets(bridgePresets(new URLSearchParams(query)), judgeWith(c ?? undefined));

  it('?to= a network no route reaches is left unchosen, with the reason', () => {
    expect(check('to=167000')).toEqual({ from: null, to: null, refused: [{ side: 'to', chainId: 167000, reason: 'noRouteTo' }] });
  });

  it('?from= a network no route leaves is left unchosen; a reachable ?to= stays', () => {
    expect(check('from=167000&to=42161')).toEqual({ from: null, to: 42161, refused: [{ side: 'from', chainId: 167000, reason: 'noRouteFrom' }] });
    expect(check(`from=${NON_EVM}`)).toEqual({ from: null, to: null, refused: [{ side: 'from', chainId: NON_EVM, reason: 'notBridgedFrom' }] });
  });

  it('?to= judged from the preset source: no route between them leaves To unchosen', () => {
    expect(check('from=8453&to=534352')).toEqual({ from: 8453, to: null, refused: [{ side: 'to', chainId: 534352, reason: 'noRouteBetween' }] });
  });

  it('a chain the server says it does not run is not preselected', () => {
    expect(check('to=42161', { ...config, run_chain_ids: [1, 8453, 534352] }).refused).toEqual([{ side: 'to', chainId: 42161, reason: 'notRun' }]);
  });

  it('routes that exist, or routes not known (app-config failed), keep the presets as they are', () => {
    expect(check('from=8453&to=42161')).toEqual({ from: 8453, to: 42161, refused: [] });
    expect(check('from=167000&to=534352', null)).toEqual({ from: 167000, to: 534352, refused: [] });
  });
});
