import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, request } from './client';

/** One side of a recorded swap: `amount` in token units ('' when the server does not know the token). */
export interface SwapSide {
  address?: string;
  symbol?: string;
  amount?: string;
  amount_wei?: string;
}

/** A mined swap as the server recorded it from its receipt's Swapped event. */
export interface SwapRecord {
  chain_id: number;
  tx_hash: string;
  sender: string;
  recipient: string;
  token_in: SwapSide;
  token_out: SwapSide;
  block_number?: number;
  /** The block's timestamp (seconds). */
  swapped_at: number;
  recorded_now?: boolean;
}

export interface SwapHistoryData {
  list: SwapRecord[];
  total: number;
  page: number;
  size: number;
}

export function recordSwap(chainId: number, txHash: string, signal?: AbortSignal): Promise<SwapRecord> {
  return request<SwapRecord>('swap_api/v1/swaps', { method: 'POST', body: { chain_id: chainId, tx_hash: txHash }, signal });
}

export function getSwapHistory(address: string, page: number, size: number, signal?: AbortSignal): Promise<SwapHistoryData> {
  return request<SwapHistoryData>('swap_api/v1/history', { query: { address, page, size }, signal });
}

export const swapHistoryKey = ['swap-history'] as const;

export const swapHistoryQuery = (address: string, page: number, size: number) =>
  queryOptions({
    queryKey: [...swapHistoryKey, address.toLowerCase(), page, size],
    queryFn: ({ signal }) => getSwapHistory(address, page, size, signal),
    enabled: address !== '',
    retry: false,
  });

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Records a confirmed swap for the history, then refreshes it. Fire and forget: the user's swap
 * already succeeded, so a failure here is only logged. A node behind the wallet's may not have the
 * receipt yet (400), hence a couple of retries.
 */
export async function recordSwapInBackground(
  qc: Pick<QueryClient, 'invalidateQueries'>,
  chainId: number,
  txHash: string,
  opts: { tries?: number; delayMs?: number } = {},
): Promise<SwapRecord | null> {
  const tries = opts.tries ?? 3;
  const delayMs = opts.delayMs ?? 2000;
  for (let i = 0; i < tries; i++) {
    try {
      const rec = await recordSwap(chainId, txHash);
      await qc.invalidateQueries({ queryKey: swapHistoryKey });
      return rec;
    } catch (err) {
      // Only "not mined yet" can change by waiting; a failed or foreign transaction never will.
      const retryable = err instanceof ApiError && (err.status === 400 || err.code === 400) && /not mined/i.test(err.message);
      if (!retryable || i === tries - 1) {
        console.warn('swap not recorded', err);
        return null;
      }
      await sleep(delayMs * (i + 1));
    }
  }
  return null;
}
