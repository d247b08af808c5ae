import type { SwapToken } from '@/api/swap';

/** Tokens matching a search: symbol or name (case-insensitive, symbol matches first) or a pasted address. */
export function searchTokens(tokens: readonly SwapToken[], query: string): SwapToken[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...tokens];
  if (/^0x[0-9a-f]{40}$/.test(q)) return tokens.filter((t) => t.address.toLowerCase() === q);
  const bySymbol = tokens.filter((t) => t.symbol.toLowerCase().startsWith(q));
  const rest = tokens.filter((t) => !bySymbol.includes(t) && (t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q)));
  return [...bySymbol, ...rest];
}
