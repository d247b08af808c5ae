import { ApiError } from '@/api/client';
import { sendErrorMessage } from '@/features/tx/sendError';

/** Why a swap did not happen, in words the card shows (swap.errors.<kind>). */
export type SwapErrorKind =
  | 'userRejected'
  | 'insufficientFunds'
  | 'chainMismatch'
  | 'slippage'
  | 'expired'
  | 'approveReverted'
  | 'swapReverted'
  | 'api'
  | 'walletNotReady'
  | 'other';

export interface SwapError {
  kind: SwapErrorKind;
  /** The wallet's or server's own words (shown with some kinds). */
  message: string;
  /** The transaction that reverted, for the explorer link. */
  txHash?: string;
}

/** A mined transaction of the flow came back with status 'reverted'. */
export class TxRevertedError extends Error {
  readonly step: 'approve' | 'swap';
  readonly hash: string;
  constructor(step: 'approve' | 'swap', hash: string) {
    super(`${step} transaction ${hash} reverted`);
    this.name = 'TxRevertedError';
    this.step = step;
    this.hash = hash;
  }
}

export class WalletNotReadyError extends Error {
  constructor() {
    super('wallet not ready');
    this.name = 'WalletNotReadyError';
  }
}

interface ErrLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  details?: unknown;
  cause?: unknown;
}

/** Maps a failure of the swap flow (wallet, chain or API) to what the card says. */
export function swapErrorOf(err: unknown): SwapError {
  const chain: ErrLike[] = [];
  for (let cur: unknown = err, i = 0; i < 8 && cur && typeof cur === 'object'; i++, cur = (cur as ErrLike).cause) chain.push(cur as ErrLike);
  const names = chain.map((e) => String(e.name ?? ''));
  const codes = chain.map((e) => e.code);
  const text = chain.map((e) => `${String(e.shortMessage ?? '')} ${String(e.message ?? '')} ${String(e.details ?? '')}`).join(' ');
  const message = sendErrorMessage(err);
  if (codes.includes(4001) || names.includes('UserRejectedRequestError') || /user (rejected|denied)/i.test(text)) return { kind: 'userRejected', message };
  if (err instanceof TxRevertedError) return { kind: err.step === 'approve' ? 'approveReverted' : 'swapReverted', message, txHash: err.hash };
  if (err instanceof WalletNotReadyError) return { kind: 'walletNotReady', message };
  if (err instanceof ApiError) return { kind: 'api', message: err.message };
  if (names.includes('InsufficientFundsError') || /insufficient funds/i.test(text)) return { kind: 'insufficientFunds', message };
  if (names.includes('ChainMismatchError') || /chain mismatch|does not match the target chain/i.test(text)) return { kind: 'chainMismatch', message };
  if (/InsufficientOutput/.test(text)) return { kind: 'slippage', message };
  if (/\bExpired\b/.test(text)) return { kind: 'expired', message };
  return { kind: 'other', message };
}
