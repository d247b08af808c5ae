import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Config } from 'wagmi';
import { buildBridgeTx, type BuildTxParams, type BuildTxResult, type TxBody } from '@/api/bridge';
import { logger } from '@/lib/logger';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { sendErrorMessage } from '@/features/tx/sendError';
import { useBridgeForm, type ActiveDeposit } from './bridgeStore';

type Hex = `0x${string}`;

async function sendTx(config: Config, account: Hex, tx: TxBody): Promise<Hex> {
  const { sendTransaction } = await import('wagmi/actions');
  return sendTransaction(config, {
    account,
    chainId: tx.chain_id,
    to: tx.to as Hex,
    data: tx.data as Hex,
    value: BigInt(tx.value),
  });
}

/**
 * Sends what build_tx answered: a Solana source's unsigned transaction through the Solana wallet
 * (solana:signAndSendTransaction, docs/solana.md), or the EVM approve (waiting for its receipt) and
 * deposit through the EVM wallet. Returns the deposit's id on its chain (signature or tx hash).
 */
async function sendDeposit(built: BuildTxResult, account: Hex): Promise<string> {
  if (built.solana_tx) {
    useBridgeForm.getState().setPhase('depositing');
    const { signAndSendSolanaTransaction } = await import('@/wallet/ecosystems/solana');
    return signAndSendSolanaTransaction(built.solana_tx);
  }
  if (!built.deposit) throw new Error('build_tx answered no transaction');
  const config = useWalletRuntime.getState().config;
  if (!config) throw new Error('wallet not ready');
  if (built.approve) {
    useBridgeForm.getState().setPhase('approving');
    const approveHash = await sendTx(config, account, built.approve);
    const { waitForTransactionReceipt } = await import('wagmi/actions');
    const receipt = await waitForTransactionReceipt(config, { hash: approveHash, chainId: built.approve.chain_id });
    if (receipt.status !== 'success') throw new Error(`approve ${approveHash} reverted`);
  }
  useBridgeForm.getState().setPhase('depositing');
  return sendTx(config, account, built.deposit);
}

/**
 * The send flow: POST build_tx → (approve in the wallet, wait for its receipt) → deposit in the
 * wallet → the tracker follows the deposit. Returns the deposit hash, or '' when it failed (the
 * error is in the form store).
 */
export function useSendBridge(): (params: BuildTxParams & { exchange: string }) => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback(
    async (params) => {
      const form = useBridgeForm.getState();
      const account = params.sender as Hex;
      form.setSendError('');
      form.setPhase('building');
      try {
        const built = await buildBridgeTx(params);
        const hash = await sendDeposit(built, account);
        const cross = !!built.quote.receive_token && built.quote.receive_token !== params.token;
        const active: ActiveDeposit = {
          srcChainId: params.fromChainId,
          txHash: hash,
          dstChainId: params.toChainId,
          token: params.token,
          decimals: built.quote.decimals,
          amount: built.quote.send_amount,
          receive: built.quote.swap ? built.quote.swap.receive_amount : built.quote.receive_amount,
          recipient: params.recipient,
          exchange: params.exchange,
          toToken: built.quote.swap
            ? { symbol: built.quote.swap.token_out.symbol, decimals: built.quote.swap.token_out.decimals }
            : cross
              ? { symbol: built.quote.receive_token ?? '', decimals: built.quote.receive_decimals ?? built.quote.decimals }
              : null,
        };
        const s = useBridgeForm.getState();
        s.setActive(active);
        s.setAmount('');
        void queryClient.invalidateQueries({ queryKey: ['multi-balance'] });
        return hash;
      } catch (err) {
        logger.warn('bridge send failed', err);
        useBridgeForm.getState().setSendError(sendErrorMessage(err));
        return '';
      } finally {
        useBridgeForm.getState().setPhase('idle');
      }
    },
    [queryClient],
  );
}
