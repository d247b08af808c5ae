import type { ParsedAmount } from '@/features/tx/amount';
import { amountGate, networkGate, phaseGate, type TxGate, type TxStop } from '@/features/tx/txGate';

/**
 * The swap card's main button: one pure function from the form, quote and wallet state to what the
 * button says and does. The checks run in the order a user fixes things.
 */

export type SwapPhase = 'idle' | 'building' | 'approving' | 'approvalPending' | 'swapping' | 'swapPending';

/** The quote as the button sees it: none asked for yet, on its way, there, no route, or refused. */
export type QuoteStatus = 'idle' | 'loading' | 'ready' | 'noRoute' | 'error';

export interface SwapButtonInput {
  walletConnected: boolean;
  walletChainId: number | null;
  chainId: number | null;
  /** Both tokens are chosen (and differ). */
  tokensChosen: boolean;
  amount: ParsedAmount;
  /** Raw balance of the token in; undefined while unknown. */
  balance: bigint | undefined;
  quote: QuoteStatus;
  priceImpactBps: number | undefined;
  /** Price impact above this (bps) blocks the swap. */
  impactBlockBps: number;
  /** The token in's allowance is short of the amount; undefined when unknown (or native). */
  needsApproval: boolean | undefined;
  phase: SwapPhase;
}

export type SwapButtonState =
  | TxGate<SwapPhase>
  | TxStop<'selectToken' | 'quoting' | 'noRoute' | 'quoteUnavailable' | 'priceImpactTooHigh'>
  | { kind: 'approve' | 'swap'; action: 'swap' };

export function swapButtonState(i: SwapButtonInput): SwapButtonState {
  const ready = phaseGate(i.phase, i.walletConnected);
  if (ready) return ready;
  if (i.chainId === null || !i.tokensChosen) return { kind: 'selectToken', action: 'none' };
  const amountStop = amountGate(i.amount, i.balance);
  if (amountStop) return amountStop;
  if (i.quote === 'idle' || i.quote === 'loading') return { kind: 'quoting', action: 'none' };
  if (i.quote === 'noRoute') return { kind: 'noRoute', action: 'none' };
  if (i.quote === 'error') return { kind: 'quoteUnavailable', action: 'none' };
  if (i.priceImpactBps !== undefined && i.priceImpactBps > i.impactBlockBps) return { kind: 'priceImpactTooHigh', action: 'none' };
  const network = networkGate(i.walletChainId, i.chainId);
  if (network) return network;
  if (i.needsApproval) return { kind: 'approve', action: 'swap' };
  return { kind: 'swap', action: 'swap' };
}
