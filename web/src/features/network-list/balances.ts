import { queryOptions, useQueries } from '@tanstack/react-query';
import { request } from '@/api/client';
import { balanceCell, batchIds, isEvmAddress, type BalanceCell, type BalanceEntry } from './networkList';

export type MultiBalance = Record<string, BalanceEntry>;

/** GET /api/balance_api/v1/multi-balance for one batch of chains (spec §7). */
export function getMultiBalance(userAddress: string, chainIds: readonly number[], tokenName: string, signal?: AbortSignal): Promise<MultiBalance> {
  return request<MultiBalance>('balance_api/v1/multi-balance', {
    query: { user_address: userAddress, chain_ids: chainIds.join(','), token_name: tokenName },
    signal,
  });
}

export const multiBalanceQuery = (userAddress: string, chainIds: readonly number[], tokenName: string) =>
  queryOptions({
    queryKey: ['multi-balance', userAddress.toLowerCase(), tokenName, chainIds.join(',')],
    queryFn: ({ signal }) => getMultiBalance(userAddress, chainIds, tokenName, signal),
    staleTime: 30_000,
    retry: false,
  });

/** Balance cells of the visible networks: one query per batch of 4; nothing when no EVM wallet is connected. */
export function useNetworkBalances(userAddress: string, chainIds: readonly number[], tokenName: string, enabled: boolean): Map<number, BalanceCell> {
  const active = enabled && isEvmAddress(userAddress);
  const batches = active ? batchIds(chainIds) : [];
  const results = useQueries({ queries: batches.map((ids) => multiBalanceQuery(userAddress, ids, tokenName)) });
  const cells = new Map<number, BalanceCell>();
  batches.forEach((ids, i) => {
    const r = results[i];
    const state = !r || r.isPending ? 'pending' : r.isError ? 'error' : 'success';
    for (const id of ids) cells.set(id, balanceCell(id, r?.data?.[String(id)], state));
  });
  return cells;
}
