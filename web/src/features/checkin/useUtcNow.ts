import { useEffect, useState } from 'react';

/** The current time, re-read every `tickMs` (1 s for the check-in clock, 10 ms for campaign countdowns). */
export function useNow(tickMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs, enabled]);
  return now;
}
