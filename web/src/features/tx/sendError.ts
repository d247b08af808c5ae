import { USER_REJECTED } from '@/wallet/errors';

interface ErrLike {
  code?: unknown;
  name?: unknown;
  shortMessage?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** A wallet or API failure as one line for the user (viem's short message, not its long dump). */
export function sendErrorMessage(err: unknown): string {
  let cur: unknown = err;
  for (let i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    const e = cur as ErrLike;
    if (e.code === 4001 || e.name === 'UserRejectedRequestError') return USER_REJECTED;
    cur = e.cause;
  }
  const e = err as ErrLike | null;
  if (e && typeof e.shortMessage === 'string' && e.shortMessage) return e.shortMessage;
  if (e && typeof e.message === 'string' && e.message) return e.message.split('\n')[0] ?? e.message;
  return String(err);
}
