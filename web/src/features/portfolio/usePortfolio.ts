import { useQueries, useQuery } from '@tanstack/react-query';
import { getPortfolioBalances, getPortfolioChains, getPortfolioHistory, portfolioKeys, type PriceStamp } from '@/api/portfolio';
import { chainRow, type ChainRow } from './portfolio';

const BALANCES_STALE_MS = 15_000;

/** The covered chains, then one balances query per chain (each row loads and fails on its own). */
export function usePortfolioRows(address: string): { rows: ChainRow[]; chainsError: Error | null; chainsLoading: boolean; prices: PriceStamp | null } {
  const chains = useQuery({ queryKey: portfolioKeys.chains, queryFn: ({ signal }) => getPortfolioChains(signal), staleTime: Infinity });
  const list = address ? (chains.data ?? []) : [];
  const balances = useQueries({
    queries: list.map((c) => ({
      queryKey: portfolioKeys.balances(address, c.chain_id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getPortfolioBalances(address, c.chain_id, signal),
      staleTime: BALANCES_STALE_MS,
      retry: 1,
    })),
  });
  const rows = list.map((c, i) => chainRow(c, balances[i] ?? { isPending: true, error: null }));
  // The newest price table any row was valued with.
  const prices = balances.reduce<PriceStamp | null>((best, q) => {
    const p = q.data?.prices;
    return p && (!best || p.as_of > best.as_of) ? p : best;
  }, null);
  return { rows, chainsError: chains.error, chainsLoading: chains.isPending, prices };
}

export function usePortfolioHistory(address: string) {
  return useQuery({
    queryKey: portfolioKeys.history(address),
    queryFn: ({ signal }) => getPortfolioHistory(address, signal),
    enabled: address !== '',
    staleTime: 60_000,
  });
}
