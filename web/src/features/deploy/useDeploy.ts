import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deploymentsQueryKey, recordDeployment } from '@/api/deploy';
import { sendErrorMessage } from '@/features/tx/sendError';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { switchWalletChain } from '@/wallet/lazyRuntime';
import { useWalletStore } from '@/wallet/store';
import { networksToRun, useDeployForm } from './deployStore';
import { deployData } from './templates';

type Hex = `0x${string}`;

/**
 * Deploys the form's template on each chosen network in turn (networks already done are skipped,
 * so "retry" redoes only the failed ones): switch the wallet's chain, sign the creation
 * transaction, wait for it to be mined, and have perch verify and record it. One network's
 * failure is recorded on its row and the next network goes on.
 */
export function useDeploy(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const form = useDeployForm.getState();
    const config = useWalletRuntime.getState().config;
    const account = useWalletStore.getState().address as Hex;
    if (!config || !account || form.running) return;
    const chainIds = networksToRun(form.networks, form.progress);
    const data = deployData(form.template, form.values);
    form.start(chainIds);
    const { sendTransaction, waitForTransactionReceipt } = await import('wagmi/actions');
    for (const chainId of chainIds) {
      const set = useDeployForm.getState().setProgress;
      let txHash: string | undefined;
      let verifying = false;
      try {
        set(chainId, { step: 'switching' });
        await switchWalletChain(chainId);
        set(chainId, { step: 'signing' });
        txHash = await sendTransaction(config, { account, chainId, data });
        set(chainId, { step: 'mining', txHash });
        const receipt = await waitForTransactionReceipt(config, { hash: txHash as Hex, chainId });
        if (receipt.status !== 'success') throw new Error('the deployment transaction reverted');
        // Mined: the transaction step is over at once; perch's verification is its own step.
        verifying = true;
        set(chainId, { step: 'verifying', txHash });
        const recorded = await recordDeployment(chainId, txHash);
        set(chainId, { step: 'done', txHash, contract: recorded.contract_address });
      } catch (err) {
        set(chainId, { step: 'failed', txHash, error: sendErrorMessage(err), failedAt: verifying ? 'verify' : 'deploy' });
      }
    }
    useDeployForm.getState().finish();
    await queryClient.invalidateQueries({ queryKey: deploymentsQueryKey(account) });
  }, [queryClient]);
}
