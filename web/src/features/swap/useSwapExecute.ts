import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { buildSwapTx, type SwapBuildParams } from '@/api/swap';
import { recordSwapInBackground } from '@/api/swapHistory';
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
export function useSwapExecute(): (params: SwapBuildParams, withApprove?: boolean) => Promise<SwapOutcome | null> {
  const runTx = useTxRunner();
  const queryClient = useQueryClient();
  return useCallback(
    async (params, withApprove = false) => {
      useSwapForm.getState().setError(null);
      // The allowance read says whether an approval comes first; build_tx confirms it.
      useSwapForm.getState().setWithApprove(withApprove);
      return runTx({
        flow: () =>
          executeSwap(
            deps,
            params,
            (phase) => useSwapForm.getState().setPhase(phase),
            // The swap's `to` is the executor: the spender whose allowance the card reads from now on.
            (built) => {
              useSwapForm.getState().learnExecutor(built.swap.chain_id, built.swap.to);
              useSwapForm.getState().setWithApprove(built.approve !== null);
            },
          ),
        succeed: (outcome) => {
          useSwapForm.getState().setResult(outcome);
          // For /history; not awaited: the swap is done whatever the server answers.
          void recordSwapInBackground(queryClient, outcome.chainId, outcome.swapHash);
        },
        clearAmount: () => useSwapForm.getState().clearAmount(),
        fail: (err) => useSwapForm.getState().fail(swapErrorOf(err)),
        settle: () => useSwapForm.getState().setPhase('idle'),
        refresh: [['swap-balances'], ['swap-allowance']],
        failureLog: 'swap failed',
      });
    },
    [runTx, queryClient],
  );
}
