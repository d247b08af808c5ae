import { useCallback } from 'react';
import type { Config } from 'wagmi';
import { buildBridgeTx, type BuildTxParams, type BuildTxResult, type TxBody } from '@/api/bridge';
import { sendErrorMessage } from '@/features/tx/sendError';
import { useTxRunner } from '@/features/tx/useTxRunner';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useBridgeForm, type ActiveDeposit } from '@/state/bridgeFormStore';

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

/** What the tracker follows: the deposit as sent and what it is quoted to deliver. */
function activeDeposit(params: BuildTxParams & { exchange: string }, built: BuildTxResult, hash: string): ActiveDeposit {
  const { quote } = built;
  const cross = !!quote.receive_token && quote.receive_token !== params.token;
  return {
    srcChainId: params.fromChainId,
    txHash: hash,
    dstChainId: params.toChainId,
    token: params.token,
    decimals: quote.decimals,
    amount: quote.send_amount,
    receive: quote.swap ? quote.swap.receive_amount : quote.receive_amount,
    recipient: params.recipient,
    exchange: params.exchange,
    toToken: quote.swap
      ? { symbol: quote.swap.token_out.symbol, decimals: quote.swap.token_out.decimals }
      : cross
        ? { symbol: quote.receive_token ?? '', decimals: quote.receive_decimals ?? quote.decimals }
        : null,
  };
}

/**
 * The send flow: POST build_tx → (approve in the wallet, wait for its receipt) → deposit in the
 * wallet → the tracker follows the deposit. Returns the deposit hash, or '' when it failed (the
 * error is in the form store).
 */
export function useSendBridge(): (params: BuildTxParams & { exchange: string }) => Promise<string> {
  const runTx = useTxRunner();
  return useCallback(
    async (params) => {
      const form = useBridgeForm.getState();
      form.setSendError('');
      form.setPhase('building');
      const active = await runTx({
        flow: async () => {
          const built = await buildBridgeTx(params);
          return activeDeposit(params, built, await sendDeposit(built, params.sender as Hex));
        },
        succeed: (deposit) => useBridgeForm.getState().setActive(deposit),
        clearAmount: () => useBridgeForm.getState().clearAmount(),
        fail: (err) => useBridgeForm.getState().setSendError(sendErrorMessage(err)),
        settle: () => useBridgeForm.getState().setPhase('idle'),
        refresh: [['multi-balance']],
        failureLog: 'bridge send failed',
      });
      return active?.txHash ?? '';
    },
    [runTx],
  );
}
