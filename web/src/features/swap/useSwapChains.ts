import { useQuery } from '@tanstack/react-query';
import { chainsQuery } from '@/api/queries';
import { swapChainsQuery } from '@/api/swap';
import type { Chain } from '@/api/types';

export interface SwapChain {
  chain: Chain;
  /** Its pools have been read up to the head (quotes are refused until then). */
  ready: boolean;
}

/**
 * The networks swaps run on: the chains GET swap_api/v1/chains names, in the app's network order,
 * with their names and icons from the chain list (enabled EVM networks only).
 */
export function useSwapChains(): { chains: SwapChain[]; settled: boolean } {
  const appChains = useQuery(chainsQuery());
  const swapChains = useQuery(swapChainsQuery());
  const status = new Map((swapChains.data ?? []).map((c) => [c.chain_id, c]));
  const chains: SwapChain[] = [];
  for (const chain of appChains.data ?? []) {
    const s = status.get(chain.chain_id);
    if (s && chain.flags?.evm && !chain.disabled) chains.push({ chain, ready: s.ready });
  }
  return { chains, settled: !appChains.isPending && !swapChains.isPending };
}
