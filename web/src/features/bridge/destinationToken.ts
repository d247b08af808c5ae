import type { Order } from '@/api/bridge';
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

/** What an order pays on the destination: raw units, decimals and symbol (the swapped token when it swaps). */
export interface Received {
  raw: string;
  decimals: number;
  token: string;
}

/** What the recipient got (completed) or is quoted to get; null when a swap has not delivered yet. */
export function orderReceived(order: Pick<Order, 'receive_amount' | 'receive_token' | 'receive_decimals' | 'swap'>): Received | null {
  if (order.swap) {
    if (!order.swap.delivered_amount) return null;
    return { raw: order.swap.delivered_amount, decimals: order.swap.decimals, token: order.swap.token };
  }
  // The paid token: the deposited one, or the destination's on a cross route (SOL → ETH).
  return { raw: order.receive_amount, decimals: order.receive_decimals, token: order.receive_token };
}
