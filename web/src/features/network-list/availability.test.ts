import { describe, expect, it } from 'vitest';
import type { AppConfig, RouteConfig } from '@/api/appConfig';
import { testAppConfig } from '@/test/appConfig';
import { networkAvailability, offeredFirst, otherTokensNote } from './availability';

const EVM = { evm: true, bitcoin: false, non_evm: false };
const NON_EVM = { evm: false, bitcoin: false, non_evm: true };
const net = (chain_id: number, flags = EVM) => ({ chain_id, flags });

const route = (token: string, chains: number[], over: Partial<RouteConfig> = {}): RouteConfig => ({
  token,
  decimals: 18,
  chains,
  enabled: true,
  min: '0.001',
  max: '5',
  fee_tiers: [],
  dtc: {},
  expected_seconds: {},
  ...over,
});

/** ETH between 1, 8453 and 42161; USDC between 8453 and 42161; SOL on Solana paid as ETH on 1; a disabled USDT route to 10. */
const config: AppConfig = testAppConfig({
  routes: [route('ETH', [1, 8453, 42161]), route('USDC', [8453, 42161], { decimals: 6 }), route('USDT', [8453, 10], { enabled: false })],
  cross_routes: [route('SOL', [83797601], { to_token: 'ETH', to_chains: [1] })],
  checkin: { chain_id: 1868, contract: '0x0000000000000000000000000000000000000000' },
});

describe('networkAvailability: sources', () => {
  it('offers a network a route leaves, with the tokens sent from it', () => {
    expect(networkAvailability('from', net(8453), { config })).toEqual({ offered: true, tokens: ['ETH', 'USDC'] });
    expect(networkAvailability('from', net(83797601, NON_EVM), { config })).toEqual({ offered: true, tokens: ['SOL'] });
  });

  it('says why an EVM network without a route is not offered (Taiko), and a disabled route is no route', () => {
    expect(networkAvailability('from', net(167000), { config })).toEqual({ offered: false, reason: 'noRouteFrom' });
    expect(networkAvailability('from', net(10), { config })).toEqual({ offered: false, reason: 'noRouteFrom' });
  });

  it('says plainly that bridging from a non-EVM network whose chain is not run is not offered (Starknet, Fuel, Bitcoin, BenFen)', () => {
    for (const id of [666666666, 9889, 999706684, 66706701]) {
      expect(networkAvailability('from', net(id, NON_EVM), { config })).toEqual({ offered: false, reason: 'notBridgedFrom' });
    }
  });

  it('with a destination chosen: only sources with a route to it; the destination itself is not a source', () => {
    expect(networkAvailability('from', net(83797601, NON_EVM), { config, other: 8453 })).toEqual({ offered: false, reason: 'noRouteBetween' });
    expect(networkAvailability('from', net(83797601, NON_EVM), { config, other: 1 })).toEqual({ offered: true, tokens: ['SOL'] });
    expect(networkAvailability('from', net(42161), { config, other: 42161 })).toEqual({ offered: false, reason: 'sameAsDestination' });
  });
});

describe('networkAvailability: destinations', () => {
  it('offers a network a route reaches; a cross-asset route reaches only its to_chains', () => {
    expect(networkAvailability('to', net(1), { config })).toEqual({ offered: true, tokens: ['ETH', 'SOL'] });
    expect(networkAvailability('to', net(83797601, NON_EVM), { config })).toEqual({ offered: false, reason: 'notBridgedTo' });
    expect(networkAvailability('to', net(167000), { config })).toEqual({ offered: false, reason: 'noRouteTo' });
  });

  it('given the source: the tokens of the pair, or no route between them', () => {
    expect(networkAvailability('to', net(42161), { config, other: 8453 })).toEqual({ offered: true, tokens: ['ETH', 'USDC'] });
    expect(networkAvailability('to', net(1), { config, other: 8453 })).toEqual({ offered: true, tokens: ['ETH'] });
    expect(networkAvailability('to', net(42161), { config, other: 83797601 })).toEqual({ offered: false, reason: 'noRouteBetween' });
    expect(networkAvailability('to', net(8453), { config, other: 8453 })).toEqual({ offered: false, reason: 'sameAsSource' });
  });

  it('given the token: a destination the token does not reach names the tokens that do', () => {
    const toEthereum = networkAvailability('to', net(1), { config, other: 8453 });
    expect(otherTokensNote(toEthereum, 'USDC')).toEqual(['ETH']);
    expect(otherTokensNote(toEthereum, 'ETH')).toBeNull();
    expect(otherTokensNote(networkAvailability('to', net(167000), { config }), 'ETH')).toBeNull();
  });
});

describe('networkAvailability: what the server runs', () => {
  const running = { ...config, run_chain_ids: [1, 8453, 83797601] };

  it('a route to a chain the server does not run is no route', () => {
    expect(networkAvailability('to', net(42161), { config: running, other: 8453 })).toEqual({ offered: false, reason: 'notRun' });
    expect(networkAvailability('to', net(1), { config: running, other: 8453 })).toEqual({ offered: true, tokens: ['ETH'] });
    expect(networkAvailability('from', net(666666666, NON_EVM), { config: running })).toEqual({ offered: false, reason: 'notBridgedFrom' });
  });

  it('deploys only to the chains it runs', () => {
    expect(networkAvailability('deploy', net(8453), { config: running })).toEqual({ offered: true, tokens: [] });
    expect(networkAvailability('deploy', net(42161), { config: running })).toEqual({ offered: false, reason: 'notRun' });
  });
});

describe('networkAvailability: deploy', () => {
  it('offers the EVM chains the routes or the check-in name, not the other EVM chains nor non-EVM ones', () => {
    for (const id of [1, 8453, 42161, 1868]) expect(networkAvailability('deploy', net(id), { config }).offered).toBe(true);
    expect(networkAvailability('deploy', net(167000), { config })).toEqual({ offered: false, reason: 'notDeployable' });
    expect(networkAvailability('deploy', net(10), { config })).toEqual({ offered: false, reason: 'notDeployable' });
    expect(networkAvailability('deploy', net(83797601, NON_EVM), { config })).toEqual({ offered: false, reason: 'notDeployable' });
  });
});

describe('networkAvailability without app-config', () => {
  it('offers everything while nothing is known', () => {
    expect(networkAvailability('from', net(167000), { config: undefined })).toEqual({ offered: true, tokens: [] });
    expect(networkAvailability('to', net(9889, NON_EVM), { config: undefined, other: 1 })).toEqual({ offered: true, tokens: [] });
    expect(networkAvailability('deploy', net(167000), { config: undefined }).offered).toBe(true);
  });
});

describe('the repository routes', () => {
  it('reach every devnet EVM network (Taiko, Blast, BOB, Zora and Ink too), and leave the others disabled', () => {
    const repo = testAppConfig();
    for (const id of [1, 10, 324, 42161, 1868, 59144, 534352, 167000, 81457, 60808, 7777777, 57073]) {
      expect(networkAvailability('to', net(id), { config: repo, other: 8453 }).offered).toBe(true);
      expect(networkAvailability('from', net(id), { config: repo }).offered).toBe(true);
    }
    // Mantle and Fantom are in the network list, not on the devnet: no route.
    for (const id of [5000, 250]) {
      expect(networkAvailability('to', net(id), { config: repo, other: 8453 })).toEqual({ offered: false, reason: 'noRouteTo' });
      expect(networkAvailability('from', net(id), { config: repo })).toEqual({ offered: false, reason: 'noRouteFrom' });
    }
  });
});

describe('offeredFirst', () => {
  it('keeps each group in its order', () => {
    expect(offeredFirst([1, 2, 3, 4, 5], (n) => n % 2 === 0)).toEqual([2, 4, 1, 3, 5]);
  });
});
