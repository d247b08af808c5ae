import { useQueries, useQuery } from '@tanstack/react-query';
import { chainsQuery } from '@/api/queries';
import { swapTokensQuery, type SwapToken } from '@/api/swap';
import type { Chain } from '@/api/types';

export interface SwapChain {
  chain: Chain;
  tokens: SwapToken[];
}

/** EVM networks of the chain list that could have swap pools: enabled ones. */
export const swapCandidates = (chains: readonly Chain[]): Chain[] => chains.filter((c) => c.flags?.evm && !c.disabled);

/**
 * The networks swaps run on: the app's EVM networks whose swap token list comes back non-empty
 * (asked once per network and cached; the token list of the chosen network is the same query).
 */
export function useSwapChains(): { chains: SwapChain[]; settled: boolean } {
  const { data, isPending } = useQuery(chainsQuery());
  const candidates = swapCandidates(data ?? []);
  const results = useQueries({ queries: candidates.map((c) => swapTokensQuery(c.chain_id)) });
  const chains: SwapChain[] = [];
  candidates.forEach((chain, i) => {
    const tokens = results[i]?.data?.tokens;
    if (tokens && tokens.length > 0) chains.push({ chain, tokens });
  });
  return { chains, settled: !isPending && results.every((r) => !r.isPending) };
}
