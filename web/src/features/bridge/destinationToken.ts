import type { SwapToken } from '@/api/swap';

/**
 * Bridge and swap (docs/swap.md): the tokens a bridge may deliver on its destination instead of
 * the token sent — the destination's swap tokens, when that chain swaps and its pools are read,
 * other than the bridged token itself (its address there; native ETH is the zero address).
 */
export function destinationTokenChoices(swapTokens: readonly SwapToken[] | undefined, bridgedAddress: string | undefined, swapReady: boolean): SwapToken[] {
  if (!swapReady || !swapTokens || bridgedAddress === undefined) return [];
  const bridged = bridgedAddress.toLowerCase();
  return swapTokens.filter((t) => t.address.toLowerCase() !== bridged);
}

/** The chosen destination token if it is still on offer, else '' (the token sent). */
export function validDestinationToken(chosen: string, choices: readonly SwapToken[]): string {
  if (!chosen) return '';
  return choices.some((t) => t.address.toLowerCase() === chosen.toLowerCase()) ? chosen : '';
}
