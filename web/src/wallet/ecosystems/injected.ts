/** Reads an injected wallet object from `window` by a dotted path ('okxwallet.bitcoin'). */
export function injected<T>(path: string): T | undefined {
  let cur: unknown = typeof window === 'undefined' ? undefined : window;
  for (const key of path.split('.')) {
    if (!cur || (typeof cur !== 'object' && typeof cur !== 'function')) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return (cur ?? undefined) as T | undefined;
}

/**
 * Injected objects appear when the extension's content script runs, which may be after the app;
 * the options are re-read on focus and on a short poll for the first seconds.
 */
export function watchInjection(onChange: () => void): () => void {
  let n = 0;
  const timer = setInterval(() => {
    onChange();
    if (++n >= 10) clearInterval(timer);
  }, 500);
  window.addEventListener('focus', onChange);
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', onChange);
  };
}
