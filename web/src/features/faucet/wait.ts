/** Hours and minutes left, minutes rounded up so the page never promises an earlier time. */
export function waitParts(seconds: number): { hours: number; minutes: number } | null {
  if (seconds <= 0) return null;
  const total = Math.ceil(seconds / 60);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Whether any claim still moves (the list is polled until every claim is done or failed). */
export const anyPending = (statuses: readonly string[]): boolean => statuses.some((s) => s === 'queued' || s === 'sent');
