import type { Chain } from '@/api/types';
import { testChain } from './chains';
import { mockApi, ok } from './mockApi';

/** A network for wallet tests: listed under ALL, with an RPC address the wallet layer takes (nothing answers there). */
export const walletTestChain = (id: number, name: string, over: Partial<Chain> = {}): Chain =>
  testChain(id, name, { popular_item_list: [{ tag: 'ALL', weight: 1 }], rpc_urls: [`http://127.0.0.1:1/${id}`], ...over });

/** The server as a wallet test needs it: these networks, the action log, no campaigns. */
export function mockWalletApi(chains: readonly Chain[]) {
  return mockApi({
    '/api/bridge_api/v1/get-all-chains': () => ok({ list: chains }),
    '/api/config/user-action': () => ok(null),
    '/api/campaign_api/v1/*': () => ok({}),
  });
}
