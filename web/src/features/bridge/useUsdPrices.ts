import { useQueries } from '@tanstack/react-query';
import { getPortfolioBalances, portfolioKeys } from '@/api/portfolio';
import { isEvmAddress } from '@/lib/address';
import { pricesBySymbol } from './usd';

/**
 * Prices of the tokens on the route's networks, as the portfolio reads them for the connected wallet
 * (the server's one price table). Without an EVM wallet there is no price to show.
 */
export function useUsdPrices(address: string, chainIds: readonly (number | null)[]): Map<string, number> {
  const ids = [...new Set(chainIds.filter((id): id is number => id !== null))];
  const enabled = isEvmAddress(address);
  const results = useQueries({
    queries: ids.map((chainId) => ({
      queryKey: portfolioKeys.balances(address, chainId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getPortfolioBalances(address, chainId, signal),
      enabled,
      staleTime: 60_000,
      retry: false,
    })),
  });
  return pricesBySymbol(results.map((r) => r.data));
}
