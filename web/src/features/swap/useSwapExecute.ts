import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { buildSwapTx, type SwapBuildParams } from '@/api/swap';
import { logger } from '@/lib/logger';
import { executeSwap, type SwapDeps, type SwapOutcome } from './executeSwap';
import { swapErrorOf } from './swapErrors';
import { useSwapForm } from './swapStore';
import { sendSwapTx, waitSwapReceipt } from './walletTx';

const deps: SwapDeps = { build: (p) => buildSwapTx(p), send: sendSwapTx, wait: waitSwapReceipt };

/**
 * The swap click: runs the flow with the store's phase following each step; on success the result
 * view replaces the form, on failure the error is in the store. Returns the outcome or null.
 */
export function useSwapExecute(): (params: SwapBuildParams) => Promise<SwapOutcome | null> {
  const queryClient = useQueryClient();
  return useCallback(
    async (params) => {
      const form = useSwapForm.getState();
      form.setError(null);
      try {
        const outcome = await executeSwap(
          deps,
          params,
          (phase) => useSwapForm.getState().setPhase(phase),
          // The swap's `to` is the executor: the spender whose allowance the card reads from now on.
          (built) => useSwapForm.getState().learnExecutor(built.swap.chain_id, built.swap.to),
        );
        const s = useSwapForm.getState();
        s.setResult(outcome);
        s.setAmount('');
        return outcome;
      } catch (err) {
        logger.warn('swap failed', err);
        useSwapForm.getState().setError(swapErrorOf(err));
        return null;
      } finally {
        useSwapForm.getState().setPhase('idle');
        void queryClient.invalidateQueries({ queryKey: ['swap-balances'] });
        void queryClient.invalidateQueries({ queryKey: ['swap-allowance'] });
      }
    },
    [queryClient],
  );
}
