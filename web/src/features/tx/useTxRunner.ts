import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { logger } from '@/lib/logger';

/** One run of a card's transaction and what the card does around it. */
export interface TxRun<R> {
  /** The wallet flow (build, approve, send); its result ends the run. */
  flow: () => Promise<R>;
  /** Shows the result (the bridge tracker, the swap's outcome). */
  succeed: (result: R) => void;
  /** The card's store empties its amount: the next transaction starts from nothing typed. */
  clearAmount: () => void;
  /** Puts the failure on the card's error line. */
  fail: (err: unknown) => void;
  /** Back to idle, success or not. */
  settle: () => void;
  /** Queries the transaction changed (balances, allowances): read again, success or not. */
  refresh: readonly QueryKey[];
  /** The log line of a failure. */
  failureLog: string;
}

/** Runs a transaction card's flow with the reset after success shared by the bridge and the swap. Returns the result, or null when it failed. */
export function useTxRunner(): <R>(tx: TxRun<R>) => Promise<R | null> {
  const queryClient = useQueryClient();
  return useCallback(
    async <R,>(tx: TxRun<R>): Promise<R | null> => {
      try {
        const result = await tx.flow();
        tx.succeed(result);
        tx.clearAmount();
        return result;
      } catch (err) {
        logger.warn(tx.failureLog, err);
        tx.fail(err);
        return null;
      } finally {
        tx.settle();
        for (const queryKey of tx.refresh) void queryClient.invalidateQueries({ queryKey });
      }
    },
    [queryClient],
  );
}
