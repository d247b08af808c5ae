import type { ParsedAmount } from '@/features/tx/amount';
import { amountGate, networkGate, phaseGate, type TxGate, type TxStop } from '@/features/tx/txGate';
import type { RecipientCheck } from './addressRules';
import type { SendPhase } from '@/state/bridgeFormStore';

/**
 * The bridge card's send button: one pure function from the form and wallet state to what the
 * button says and does. The order of the checks is the order a user fixes things in.
 */

export type { SendPhase };

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
  /** To an exchange: its minimum deposit, and what the quote says arrives after fees (raw units). */
  exchange?: { min: bigint | undefined; receive: bigint | undefined };
}

export type SendButtonState =
  | TxGate<SendPhase>
  | TxStop<'selectNetwork' | 'unsupportedSource' | 'noRoute' | 'enterAddress' | 'invalidAddress' | 'quoting' | 'quoteUnavailable'>
  | { kind: 'belowMin'; action: 'none'; min: bigint }
  | { kind: 'aboveMax'; action: 'none'; max: bigint }
  | { kind: 'exchangeBelowMin'; action: 'none'; min: bigint }
  | { kind: 'bridge'; action: 'send' };

export function sendButtonState(i: SendButtonInput): SendButtonState {
  const ready = phaseGate(i.phase, i.walletConnected);
  if (ready) return ready;
  if (i.fromChainId === null || i.toChainId === null) return { kind: 'selectNetwork', action: 'none' };
  if (!i.fromSupported) return { kind: 'unsupportedSource', action: 'none' };
  if (!i.routeExists) return { kind: 'noRoute', action: 'none' };
  const amountStop = amountGate(i.amount, i.balance);
  if (amountStop) return amountStop;
  const raw = i.amount.kind === 'ok' ? i.amount.raw : 0n;
  if (i.min !== undefined && raw < i.min) return { kind: 'belowMin', action: 'none', min: i.min };
  if (i.max !== undefined && raw > i.max) return { kind: 'aboveMax', action: 'none', max: i.max };
  if (!i.recipient.ok) return { kind: i.recipient.reason === 'required' ? 'enterAddress' : 'invalidAddress', action: 'none' };
  const network = networkGate(i.walletChainId, i.fromChainId);
  if (network) return network;
  if (i.quote === 'loading' || i.quote === 'idle') return { kind: 'quoting', action: 'none' };
  if (i.quote === 'error') return { kind: 'quoteUnavailable', action: 'none' };
  // An exchange keeps a deposit below its minimum: what counts is what arrives after the fees.
  const ex = i.exchange;
  if (ex?.min !== undefined && ex.receive !== undefined && ex.receive < ex.min) return { kind: 'exchangeBelowMin', action: 'none', min: ex.min };
  return { kind: 'bridge', action: 'send' };
}
