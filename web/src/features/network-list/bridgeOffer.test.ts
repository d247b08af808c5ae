import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { testAppConfig } from '@/test/appConfig';
import { bridgeOffer, type NetworkRefName } from './bridgeOffer';

const t = i18n.t.bind(i18n);
const ETH = testAppConfig().routes.find((r) => r.token === 'ETH')!;
// ETH between Ethereum and Base, and between Ethereum and Arbitrum: none between Base and Arbitrum.
const CONFIG = testAppConfig({ routes: [{ ...ETH, chains: [1, 8453] }, { ...ETH, chains: [1, 42161] }], cross_routes: [] });
const base: NetworkRefName = { chainId: 8453, name: 'Base' };
const arbitrum: NetworkRefName = { chainId: 42161, name: 'Arbitrum One' };
const taiko: NetworkRefName = { chainId: 167000, name: 'Taiko' };
const fuel: NetworkRefName = { chainId: 9889, name: 'Fuel', flags: { evm: false, bitcoin: false, non_evm: true } };

describe('bridgeOffer: a link into the bridge, judged as the card judges its presets', () => {
  it('offers a destination a route reaches, and a pair a route joins', () => {
    expect(bridgeOffer(t, CONFIG, base)).toEqual({ offered: true });
    expect(bridgeOffer(t, CONFIG, arbitrum, { chainId: 1, name: 'Ethereum' })).toEqual({ offered: true });
  });

  it('names the first side that has no route, in the pickers\' words', () => {
    expect(bridgeOffer(t, CONFIG, taiko)).toEqual({ offered: false, chainId: 167000, reason: 'noRouteTo', text: 'This bridge has no route to Taiko.' });
    expect(bridgeOffer(t, CONFIG, arbitrum, base)).toEqual({ offered: false, chainId: 42161, reason: 'noRouteBetween', text: 'No route from Base to Arbitrum One.' });
    expect(bridgeOffer(t, CONFIG, base, fuel)).toMatchObject({ offered: false, chainId: 9889, reason: 'notBridgedFrom' });
    expect(bridgeOffer(t, { ...CONFIG, run_chain_ids: [1, 42161] }, base)).toMatchObject({ offered: false, reason: 'notRun', text: 'This deployment does not run Base.' });
  });

  it('without app-config nothing is known and everything is offered; naming no network refuses nothing', () => {
    expect(bridgeOffer(t, undefined, taiko, fuel)).toEqual({ offered: true });
    expect(bridgeOffer(t, CONFIG)).toEqual({ offered: true });
  });
});
