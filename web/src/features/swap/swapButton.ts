import type { ParsedAmount } from '@/features/tx/amount';

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
  | { kind: Exclude<SwapPhase, 'idle'>; action: 'none' }
  | { kind: 'connectWallet'; action: 'connect' }
  | { kind: 'selectToken'; action: 'none' }
  | { kind: 'enterAmount'; action: 'none' }
  | { kind: 'invalidAmount'; action: 'none' }
  | { kind: 'tooPrecise'; action: 'none'; decimals: number }
  | { kind: 'insufficientBalance'; action: 'none' }
  | { kind: 'quoting'; action: 'none' }
  | { kind: 'noRoute'; action: 'none' }
  | { kind: 'quoteUnavailable'; action: 'none' }
  | { kind: 'priceImpactTooHigh'; action: 'none' }
  | { kind: 'switchNetwork'; action: 'switch'; chainId: number }
  | { kind: 'approve'; action: 'swap' }
  | { kind: 'swap'; action: 'swap' };

export function swapButtonState(i: SwapButtonInput): SwapButtonState {
  if (i.phase !== 'idle') return { kind: i.phase, action: 'none' };
  if (!i.walletConnected) return { kind: 'connectWallet', action: 'connect' };
  if (i.chainId === null || !i.tokensChosen) return { kind: 'selectToken', action: 'none' };
  const a = i.amount;
  if (a.kind === 'empty') return { kind: 'enterAmount', action: 'none' };
  if (a.kind === 'invalid') return { kind: 'invalidAmount', action: 'none' };
  if (a.kind === 'tooPrecise') return { kind: 'tooPrecise', action: 'none', decimals: a.decimals };
  if (a.raw === 0n) return { kind: 'enterAmount', action: 'none' };
  if (i.balance !== undefined && a.raw > i.balance) return { kind: 'insufficientBalance', action: 'none' };
  if (i.quote === 'idle' || i.quote === 'loading') return { kind: 'quoting', action: 'none' };
  if (i.quote === 'noRoute') return { kind: 'noRoute', action: 'none' };
  if (i.quote === 'error') return { kind: 'quoteUnavailable', action: 'none' };
  if (i.priceImpactBps !== undefined && i.priceImpactBps > i.impactBlockBps) return { kind: 'priceImpactTooHigh', action: 'none' };
  if (i.walletChainId !== i.chainId) return { kind: 'switchNetwork', action: 'switch', chainId: i.chainId };
  if (i.needsApproval) return { kind: 'approve', action: 'swap' };
  return { kind: 'swap', action: 'swap' };
}
