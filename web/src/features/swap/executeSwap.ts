import type { TxBody } from '@/api/bridge';
import type { QuoteToken, SwapBuildParams, SwapBuildResult } from '@/api/swap';
import { formatUnitsExact } from '@/lib/units';
import type { ReceiptLog } from './swapEvent';
import { TxRevertedError } from './swapErrors';
import type { SwapPhase } from './swapButton';

type Hex = `0x${string}`;

export interface MinedReceipt {
  status: 'success' | 'reverted';
  logs: readonly ReceiptLog[];
}

/** What the flow needs from the server and the wallet (wagmi in the app, doubles in tests). */
export interface SwapDeps {
  build: (p: SwapBuildParams) => Promise<SwapBuildResult>;
  send: (tx: TxBody, account: string) => Promise<Hex>;
  wait: (chainId: number, hash: Hex) => Promise<MinedReceipt>;
}

/** A mined swap as the result view shows it. */
export interface SwapOutcome {
  chainId: number;
  approveHash: string | null;
  swapHash: string;
  tokenIn: QuoteToken;
  tokenOut: QuoteToken;
  /** Token units ('1.5'). */
  amountIn: string;
  /** Token units: read from the Swapped event when `exact`, else the quoted amount. */
  amountOut: string;
  exact: boolean;
  /** The executor (the swap transaction's `to`): the token-in spender. */
  executor: string;
}

/**
 * build_tx → the approval (when the allowance is short) and its receipt → the swap and its receipt
 * → the amount received, read from the executor's Swapped event. Throws on the first failure.
 */
export async function executeSwap(
  deps: SwapDeps,
  params: SwapBuildParams,
  onPhase: (phase: SwapPhase) => void,
  onBuilt?: (built: SwapBuildResult) => void,
): Promise<SwapOutcome> {
  onPhase('building');
  const built = await deps.build(params);
  onBuilt?.(built);
  let approveHash: Hex | null = null;
  if (built.approve) {
    onPhase('approving');
    approveHash = await deps.send(built.approve, params.sender);
    onPhase('approvalPending');
    const receipt = await deps.wait(built.approve.chain_id, approveHash);
    if (receipt.status !== 'success') throw new TxRevertedError('approve', approveHash);
  }
  onPhase('swapping');
  const swapHash = await deps.send(built.swap, params.sender);
  onPhase('swapPending');
  const receipt = await deps.wait(built.swap.chain_id, swapHash);
  if (receipt.status !== 'success') throw new TxRevertedError('swap', swapHash);
  // viem's ABI decoder is fetched only now: the swap page itself does not wait for it.
  const { decodeSwapped } = await import('./swapEvent');
  const event = decodeSwapped(receipt.logs, built.swap.to);
  const q = built.quote;
  return {
    chainId: built.swap.chain_id,
    approveHash,
    swapHash,
    tokenIn: q.token_in,
    tokenOut: q.token_out,
    amountIn: q.amount_in,
    amountOut: event ? formatUnitsExact(event.amountOut, q.token_out.decimals) : q.amount_out,
    exact: event !== null,
    executor: built.swap.to.toLowerCase(),
  };
}
