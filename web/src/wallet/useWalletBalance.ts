import { useQuery } from '@tanstack/react-query';
import { truncateDecimals } from '@/lib/number';
import { formatUnitsExact } from '@/lib/units';
import { useWalletRuntime } from './runtimeStore';

export const BALANCE_DECIMALS = 5;

/** Native balance of the connected address on its current chain, read from the chain's RPC (viem). */
export function useWalletBalance(address: string, chainId: number | null) {
  const config = useWalletRuntime((s) => s.config);
  const known = !!config && chainId !== null && config.chains.some((c) => c.id === chainId);
  return useQuery({
    queryKey: ['wallet-balance', chainId, address.toLowerCase()],
    enabled: known && address !== '',
    retry: false,
    refetchInterval: 30_000,
    queryFn: async () => {
      if (!config || chainId === null) throw new Error('no wallet config');
      const { getBalance } = await import('wagmi/actions');
      const b = await getBalance(config, { address: address as `0x${string}`, chainId });
      return { value: truncateDecimals(formatUnitsExact(b.value, b.decimals), BALANCE_DECIMALS), symbol: b.symbol };
    },
  });
}
