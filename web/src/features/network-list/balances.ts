import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { request } from '@/api/client';
import { serverBalanceQuery, SOLANA_CHAIN_ID } from '@/wallet/ecosystems/balances';
import { isEvmAddress } from '@/lib/address';
import { balanceCell, type BalanceCell, type BalanceEntry } from './networkList';

export type MultiBalance = Record<string, BalanceEntry>;

/**
 * A chain whose RPC is down holds its request until the server gives up: the list gives up first,
 * shows '-' with the hint, and never lets such requests take every connection the browser has.
 */
export const BALANCE_TIMEOUT_MS = 4_000;
/** Balance requests in flight at once: the browser allows six per host, the icons and other calls keep the rest. */
export const BALANCE_CONCURRENCY = 3;

/** Runs at most `max` calls at once, the others in the order they came; a call whose signal aborted while waiting is not made. */
export function limitConcurrency(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => {
    if (active < max) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  // A freed slot passes straight to the next waiting call.
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return async function run<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await acquire();
    try {
      signal?.throwIfAborted();
      return await call();
    } finally {
      release();
    }
  };
}

const balanceSlots = limitConcurrency(BALANCE_CONCURRENCY);

/** GET /api/balance_api/v1/multi-balance for some chains (the network list asks one chain per request). */
export function getMultiBalance(userAddress: string, chainIds: readonly number[], tokenName: string, signal?: AbortSignal, timeout?: number): Promise<MultiBalance> {
  return request<MultiBalance>('balance_api/v1/multi-balance', {
    query: { user_address: userAddress, chain_ids: chainIds.join(','), token_name: tokenName },
    signal,
    timeout,
  });
}

/** One chain's balance (or a few): through the shared slots, and timed out on its own after BALANCE_TIMEOUT_MS. */
export const multiBalanceQuery = (userAddress: string, chainIds: readonly number[], tokenName: string) =>
  queryOptions({
    queryKey: ['multi-balance', userAddress.toLowerCase(), tokenName, chainIds.join(',')],
    queryFn: ({ signal }) => balanceSlots(() => getMultiBalance(userAddress, chainIds, tokenName, signal, BALANCE_TIMEOUT_MS), signal),
    staleTime: 30_000,
    retry: false,
  });

/** The token shown for Solana in the list: USDC when USDC is chosen, otherwise the native SOL. */
export const solanaListToken = (tokenName: string): string => (tokenName.toUpperCase() === 'USDC' ? 'USDC' : 'SOL');

/**
 * Balance cells of the visible networks: one query per chain for the EVM wallet, so each cell fills
 * as its chain answers and a dead chain delays only its own; Solana's cell
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
  const batches = active ? evmIds.map((id) => [id]) : [];
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
