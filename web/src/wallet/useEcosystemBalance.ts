import { useQuery } from '@tanstack/react-query';
import type { Chain } from '@/api/types';
import { truncateDecimals } from '@/lib/number';
import { formatUnitsExact } from '@/lib/units';
import type { Ecosystem } from './ecosystems/types';
import { BALANCE_DECIMALS } from './useWalletBalance';

/** Balances show 5 decimals, 8 for Fuel and BenFen (spec §9). */
export function balanceDecimals(ecosystem: Ecosystem | 'evm'): number {
  return ecosystem === 'fuel' || ecosystem === 'benfen' ? 8 : BALANCE_DECIMALS;
}

/** The ecosystems whose node the app reads a native balance from (Solana's JSON-RPC getBalance). */
const SOLANA_FAMILY: readonly Ecosystem[] = ['solana', 'eclipse'];

export async function solanaBalance(rpcUrl: string, address: string, signal?: AbortSignal): Promise<bigint> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw new Error(`getBalance: HTTP ${res.status}`);
  const body = (await res.json()) as { result?: { value?: number }; error?: { message?: string } };
  if (body.error || typeof body.result?.value !== 'number') throw new Error(body.error?.message ?? 'getBalance: no value');
  return BigInt(body.result.value);
}

/**
 * The native balance of a connected non-EVM account, read from its network's node (the chain list's
 * first rpc url). Ecosystems without such a read show '-' (an error) rather than a made-up number.
 */
export function useEcosystemBalance(ecosystem: Ecosystem, address: string, chain: Chain | undefined) {
  const rpcUrl = chain?.rpc_urls?.find((u) => /^https?:\/\//i.test(u));
  return useQuery({
    queryKey: ['ecosystem-balance', ecosystem, chain?.chain_id ?? null, address],
    enabled: address !== '' && !!chain,
    retry: false,
    refetchInterval: 30_000,
    queryFn: async ({ signal }) => {
      if (!chain || !rpcUrl || !SOLANA_FAMILY.includes(ecosystem)) throw new Error(`no balance read for ${ecosystem}`);
      const decimals = chain.native_currency?.decimals ?? 9;
      const raw = await solanaBalance(rpcUrl, address, signal);
      return { value: truncateDecimals(formatUnitsExact(raw, decimals), balanceDecimals(ecosystem)), symbol: chain.native_currency?.symbol ?? 'SOL' };
    },
  });
}
