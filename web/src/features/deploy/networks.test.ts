import { describe, expect, it } from 'vitest';
import { testAppConfig } from '@/test/appConfig';
import { solanaChain, testChain } from '@/test/chains';
import { deployAvailability, deployNetworks } from './networks';

const rpc = { rpc_urls: ['http://127.0.0.1:8545'] };
const CHAINS = [
  testChain(1, 'Ethereum', rpc),
  testChain(8453, 'Base', rpc),
  testChain(1868, 'Soneium', rpc),
  testChain(167000, 'Taiko', rpc),
  testChain(81457, 'Blast', rpc),
  testChain(42161, 'Arbitrum One'),
  solanaChain(83797601, 'Solana', rpc),
];
const ROUTES = testAppConfig({
  routes: [{ token: 'ETH', decimals: 18, chains: [1, 8453, 42161], enabled: true, min: '0.001', max: '5', fee_tiers: [], dtc: {}, expected_seconds: {} }],
  cross_routes: [],
  checkin: { chain_id: 1868, contract: '0x0000000000000000000000000000000000000000' },
});

describe('deployNetworks', () => {
  it('lists only EVM networks with an RPC that this deployment bridges or checks in on, not Taiko or Blast', () => {
    expect(deployNetworks(CHAINS, ROUTES).map((c) => c.chain_id)).toEqual([1, 8453, 1868]);
  });

  it('lists only the chains the server runs when it names them', () => {
    expect(deployNetworks(CHAINS, { ...ROUTES, run_chain_ids: [8453, 167000] }).map((c) => c.chain_id)).toEqual([8453, 167000]);
  });

  it('without app-config, every EVM network with an RPC', () => {
    expect(deployNetworks(CHAINS, undefined).map((c) => c.chain_id)).toEqual([1, 8453, 1868, 167000, 81457]);
  });
});

describe('deployAvailability (the deploy page, the badge and campaign tasks that link to it)', () => {
  const chain = (id: number) => CHAINS.find((c) => c.chain_id === id)!;
  it('says why a network is not offered: not run by the server, not recorded here, no RPC, not EVM', () => {
    expect(deployAvailability(chain(8453), ROUTES)).toEqual({ offered: true, tokens: [] });
    expect(deployAvailability(chain(167000), { ...ROUTES, run_chain_ids: [8453] })).toEqual({ offered: false, reason: 'notRun' });
    expect(deployAvailability(chain(167000), ROUTES)).toEqual({ offered: false, reason: 'notDeployable' });
    expect(deployAvailability(chain(42161), ROUTES)).toEqual({ offered: false, reason: 'notDeployable' });
    expect(deployAvailability(chain(83797601), undefined)).toEqual({ offered: false, reason: 'notDeployable' });
  });
});
