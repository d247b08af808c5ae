import { useEffect, useState } from 'react';
import { DEFAULT_DEBOUNCE_MS } from './debounce';

/** `value` once it has stayed the same for `wait` ms (default 300). */
export function useDebouncedValue<T>(value: T, wait = DEFAULT_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return settled;
}
