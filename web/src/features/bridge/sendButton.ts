import type { ParsedAmount } from '@/features/tx/amount';
import type { RecipientCheck } from './addressRules';

/**
 * The bridge card's send button: one pure function from the form and wallet state to what the
 * button says and does. The order of the checks is the order a user fixes things in.
 */

export type SendPhase = 'idle' | 'building' | 'approving' | 'depositing';

export interface SendButtonInput {
  walletConnected: boolean;
  walletChainId: number | null;
  fromChainId: number | null;
  toChainId: number | null;
  /** The source is a chain a connected wallet can send from (EVM, or Solana with the Solana wallet). */
  fromSupported: boolean;
  /** A route exists for the token between the two chains. */
  routeExists: boolean;
  amount: ParsedAmount;
  /** Raw balance of the token on the source chain; undefined while unknown. */
  balance: bigint | undefined;
  min: bigint | undefined;
  max: bigint | undefined;
  recipient: RecipientCheck;
  quote: 'idle' | 'loading' | 'error' | 'ready';
  phase: SendPhase;
}

export type SendButtonState =
  | { kind: 'connectWallet'; action: 'connect' }
  | { kind: 'selectNetwork'; action: 'none' }
  | { kind: 'unsupportedSource'; action: 'none' }
  | { kind: 'noRoute'; action: 'none' }
  | { kind: 'enterAmount'; action: 'none' }
  | { kind: 'invalidAmount'; action: 'none' }
  | { kind: 'tooPrecise'; action: 'none'; decimals: number }
  | { kind: 'belowMin'; action: 'none'; min: bigint }
  | { kind: 'aboveMax'; action: 'none'; max: bigint }
  | { kind: 'insufficientBalance'; action: 'none' }
  | { kind: 'enterAddress'; action: 'none' }
  | { kind: 'invalidAddress'; action: 'none' }
  | { kind: 'switchNetwork'; action: 'switch'; chainId: number }
  | { kind: 'quoting'; action: 'none' }
  | { kind: 'quoteUnavailable'; action: 'none' }
  | { kind: 'building' | 'approving' | 'depositing'; action: 'none' }
  | { kind: 'bridge'; action: 'send' };

export function sendButtonState(i: SendButtonInput): SendButtonState {
  if (i.phase !== 'idle') return { kind: i.phase, action: 'none' };
  if (!i.walletConnected) return { kind: 'connectWallet', action: 'connect' };
  if (i.fromChainId === null || i.toChainId === null) return { kind: 'selectNetwork', action: 'none' };
  if (!i.fromSupported) return { kind: 'unsupportedSource', action: 'none' };
  if (!i.routeExists) return { kind: 'noRoute', action: 'none' };
  const a = i.amount;
  if (a.kind === 'empty') return { kind: 'enterAmount', action: 'none' };
  if (a.kind === 'invalid') return { kind: 'invalidAmount', action: 'none' };
  if (a.kind === 'tooPrecise') return { kind: 'tooPrecise', action: 'none', decimals: a.decimals };
  if (a.raw === 0n) return { kind: 'enterAmount', action: 'none' };
  if (i.balance !== undefined && a.raw > i.balance) return { kind: 'insufficientBalance', action: 'none' };
  if (i.min !== undefined && a.raw < i.min) return { kind: 'belowMin', action: 'none', min: i.min };
  if (i.max !== undefined && a.raw > i.max) return { kind: 'aboveMax', action: 'none', max: i.max };
  if (!i.recipient.ok) return { kind: i.recipient.reason === 'required' ? 'enterAddress' : 'invalidAddress', action: 'none' };
  if (i.walletChainId !== i.fromChainId) return { kind: 'switchNetwork', action: 'switch', chainId: i.fromChainId };
  if (i.quote === 'loading' || i.quote === 'idle') return { kind: 'quoting', action: 'none' };
  if (i.quote === 'error') return { kind: 'quoteUnavailable', action: 'none' };
  return { kind: 'bridge', action: 'send' };
}
