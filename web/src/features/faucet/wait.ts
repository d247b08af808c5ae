/** Hours and minutes left, minutes rounded up so the page never promises an earlier time. */
export function waitParts(seconds: number): { hours: number; minutes: number } | null {
  if (seconds <= 0) return null;
  const total = Math.ceil(seconds / 60);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Whether any claim still moves (the list is polled until every claim is done or failed). */
export const anyPending = (statuses: readonly string[]): boolean => statuses.some((s) => s === 'queued' || s === 'sent');

/**
 * Why a faucet makes this wallet wait. The limit keys on the wallet's address and on the visitor's
 * connection (the IP, an IPv6 one by its /64): with no counted claim of its own from this faucet in
 * the window (a failed one counts only once it was sent), the wait comes from another wallet on the
 * same connection.
 */
export function waitCause(
  slug: string,
  claims: readonly { slug: string; status: string; tx_hash: string; created_at: number }[] | undefined,
  windowHours: number,
  nowSeconds: number,
): 'wallet' | 'connection' {
  if (!claims) return 'wallet';
  const since = nowSeconds - windowHours * 3600;
  return claims.some((c) => c.slug === slug && (c.status !== 'failed' || c.tx_hash !== '') && c.created_at >= since) ? 'wallet' : 'connection';
}
