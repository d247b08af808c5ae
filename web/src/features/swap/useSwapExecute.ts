import { useCallback } from 'react';
import { buildSwapTx, type SwapBuildParams } from '@/api/swap';
import { useTxRunner } from '@/features/tx/useTxRunner';
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
  const runTx = useTxRunner();
  return useCallback(
    async (params) => {
      useSwapForm.getState().setError(null);
      return runTx({
        flow: () =>
          executeSwap(
            deps,
            params,
            (phase) => useSwapForm.getState().setPhase(phase),
            // The swap's `to` is the executor: the spender whose allowance the card reads from now on.
            (built) => useSwapForm.getState().learnExecutor(built.swap.chain_id, built.swap.to),
          ),
        succeed: (outcome) => useSwapForm.getState().setResult(outcome),
        clearAmount: () => useSwapForm.getState().clearAmount(),
        fail: (err) => useSwapForm.getState().setError(swapErrorOf(err)),
        settle: () => useSwapForm.getState().setPhase('idle'),
        refresh: [['swap-balances'], ['swap-allowance']],
        failureLog: 'swap failed',
      });
    },
    [runTx],
  );
}
