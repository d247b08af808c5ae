import type { SwapToken } from '@/api/swap';
import type { Token } from '@/api/types';

/**
 * The bridge's tokens as the shared token list shows them: the route's symbols, in the route's order,
 * with their address and decimals on the source network (a symbol without one there keeps an empty address).
 */
export function pickerTokens(all: readonly Token[], fromChainId: number | null, symbols: readonly string[]): SwapToken[] {
  return symbols.map((symbol) => {
    const onSource = fromChainId !== null ? all.find((tk) => tk.chainId === fromChainId && tk.symbol.toUpperCase() === symbol.toUpperCase()) : undefined;
    return { address: onSource?.address ?? symbol, symbol, name: '', decimals: onSource?.decimals ?? 18, logo_url: null };
  });
}
