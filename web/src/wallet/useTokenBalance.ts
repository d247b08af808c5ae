import { useQuery } from '@tanstack/react-query';
import { erc20Abi, zeroAddress } from 'viem';
import { useWalletRuntime } from './runtimeStore';

type Hex = `0x${string}`;

/** The wallet's balance of `token` (zero address: the native coin) on `chainId`, from the chain. */
export function useTokenBalance(address: string, chainId: number | undefined, token: string | undefined) {
  const config = useWalletRuntime((s) => s.config);
  return useQuery({
    queryKey: ['token-balance', chainId, token, address.toLowerCase()],
    enabled: !!config && !!address && chainId !== undefined && !!token,
    refetchInterval: 15_000,
    queryFn: async () => {
      if (!config || chainId === undefined || !token) throw new Error('no wallet config');
      const { getBalance, readContract } = await import('wagmi/actions');
      if (token.toLowerCase() === zeroAddress) return (await getBalance(config, { address: address as Hex, chainId })).value;
      return readContract(config, { chainId, address: token as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] });
    },
  });
}
