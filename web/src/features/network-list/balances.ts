import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { request } from '@/api/client';
import { serverBalanceQuery, SOLANA_CHAIN_ID } from '@/wallet/ecosystems/balances';
import { isEvmAddress } from '@/lib/address';
import { balanceCell, batchIds, type BalanceCell, type BalanceEntry } from './networkList';

export type MultiBalance = Record<string, BalanceEntry>;

/** GET /api/balance_api/v1/multi-balance for one batch of chains (BALANCE_BATCH_SIZE at most). */
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

/** The token shown for Solana in the list: USDC when USDC is chosen, otherwise the native SOL. */
export const solanaListToken = (tokenName: string): string => (tokenName.toUpperCase() === 'USDC' ? 'USDC' : 'SOL');

/**
 * Balance cells of the visible networks: one query per batch of 4 for the EVM wallet; Solana's cell
 * from the Solana wallet's address (the server's single balance call); nothing for a wallet not connected.
 */
export function useNetworkBalances(
  userAddress: string,
  chainIds: readonly number[],
  tokenName: string,
  enabled: boolean,
  solanaAddress = '',
): Map<number, BalanceCell> {
  const active = enabled && isEvmAddress(userAddress);
  const withSolana = enabled && solanaAddress !== '' && chainIds.includes(SOLANA_CHAIN_ID);
  const evmIds = withSolana ? chainIds.filter((id) => id !== SOLANA_CHAIN_ID) : chainIds;
  const batches = active ? batchIds(evmIds) : [];
  const solana = useQuery({ ...serverBalanceQuery(SOLANA_CHAIN_ID, solanaListToken(tokenName), solanaAddress), enabled: withSolana });
  const results = useQueries({ queries: batches.map((ids) => multiBalanceQuery(userAddress, ids, tokenName)) });
  const cells = new Map<number, BalanceCell>();
  batches.forEach((ids, i) => {
    const r = results[i];
    const state = !r || r.isPending ? 'pending' : r.isError ? 'error' : 'success';
    for (const id of ids) cells.set(id, balanceCell(id, r?.data?.[String(id)], state));
  });
  if (withSolana) {
    cells.set(
      SOLANA_CHAIN_ID,
      solana.isPending ? { kind: 'loading' } : solana.isError ? { kind: 'error', message: solana.error.message } : { kind: 'value', text: solana.data.text },
    );
  }
  return cells;
}
