import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { encodeFunctionData, erc20Abi, parseAbi, zeroAddress } from 'viem';
import { poolQueryKey } from '@/api/pool';
import { sendErrorMessage } from '@/features/tx/sendError';
import { switchWalletChain } from '@/wallet/lazyRuntime';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';

type Hex = `0x${string}`;

const POOL_ABI = parseAbi(['function deposit(address token, uint256 amount) payable', 'function withdraw(address token, uint256 amount)']);

export type PoolPhase = 'idle' | 'switching' | 'approving' | 'signing' | 'mining';

export interface PoolRequest {
  action: 'deposit' | 'withdraw';
  chainId: number;
  pool: string;
  token: string;
  amount: bigint;
}

/**
 * Deposit or withdraw through the wallet: the pool's chain, then (a token deposit short of
 * allowance) an approve, then the pool call; each waits for its receipt. `onMined` runs once the
 * pool call is mined, before the pool is read again.
 */
export function usePoolAction(): { run: (r: PoolRequest, onMined?: () => void) => Promise<boolean>; phase: PoolPhase; error: string } {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<PoolPhase>('idle');
  const [error, setError] = useState('');
  const run = useCallback(
    async (r: PoolRequest, onMined?: () => void) => {
      const config = useWalletRuntime.getState().config;
      const account = useWalletStore.getState().address as Hex;
      if (!config || !account) return false;
      setError('');
      try {
        setPhase('switching');
        await switchWalletChain(r.chainId);
        const { readContract, sendTransaction, waitForTransactionReceipt } = await import('wagmi/actions');
        const mined = async (hash: Hex) => {
          setPhase('mining');
          const receipt = await waitForTransactionReceipt(config, { hash, chainId: r.chainId });
          if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
        };
        const native = r.token.toLowerCase() === zeroAddress;
        if (r.action === 'deposit' && !native) {
          const allowance = await readContract(config, {
            chainId: r.chainId,
            address: r.token as Hex,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [account, r.pool as Hex],
          });
          if (allowance < r.amount) {
            setPhase('approving');
            const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [r.pool as Hex, r.amount] });
            await mined(await sendTransaction(config, { account, chainId: r.chainId, to: r.token as Hex, data }));
          }
        }
        setPhase('signing');
        const data = encodeFunctionData({ abi: POOL_ABI, functionName: r.action, args: [r.token as Hex, r.amount] });
        const value = r.action === 'deposit' && native ? r.amount : 0n;
        await mined(await sendTransaction(config, { account, chainId: r.chainId, to: r.pool as Hex, data, value }));
        onMined?.(); // before the pool is read again, so the form is cleared as the figures move
        return true;
      } catch (err) {
        setError(sendErrorMessage(err));
        return false;
      } finally {
        setPhase('idle');
        await queryClient.invalidateQueries({ queryKey: poolQueryKey(account) });
      }
    },
    [queryClient],
  );
  return { run, phase, error };
}
