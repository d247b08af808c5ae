import type { SwapToken } from '@/api/swap';
import type { DestinationSwap } from '@/api/bridge';
import { minimumOut } from '@/features/swap/slippage';
import { formatUnitsExact } from '@/lib/units';

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

/**
 * The destination token picker's list: first the token sent ('no swap', named by `sameName`), then the
 * tokens it can be swapped into. Without the sent token in the destination's list, its entry keeps the
 * symbol as address so it can still be chosen.
 */
export function destinationPickerTokens(same: SwapToken | undefined, sentSymbol: string, choices: readonly SwapToken[], sameName: string): SwapToken[] {
  const first: SwapToken = same ? { ...same, name: sameName } : { address: sentSymbol, symbol: sentSymbol, name: sameName, decimals: 18, logo_url: null };
  return [first, ...choices];
}

/**
 * What a pick in the list stores as the destination token: '' for the token sent, else the choice's
 * address spelled as the server listed it (the list reports lowercase addresses).
 */
export function pickedDestinationToken(picked: string, choices: readonly SwapToken[]): string {
  const lower = picked.toLowerCase();
  return choices.find((c) => c.address.toLowerCase() === lower)?.address ?? '';
}

/**
 * The destination swap as the card shows and sends it: its minimum recomputed for the slippage in
 * force (auto is known only once the swap is quoted), as build_tx computes it from the same output.
 */
export function withSwapSlippage<T extends Pick<DestinationSwap, 'receive_amount_wei' | 'min_out' | 'min_out_wei' | 'slippage_bps' | 'token_out'>>(swap: T, bps: number): T {
  if (swap.slippage_bps === bps) return swap;
  const minWei = minimumOut(BigInt(swap.receive_amount_wei || '0'), bps);
  return { ...swap, slippage_bps: bps, min_out_wei: minWei.toString(), min_out: formatUnitsExact(minWei, swap.token_out.decimals) };
}
