import { describe, expect, it } from 'vitest';
import type { SwapToken } from '@/api/swap';
import { orderReceived } from '@/api/bridge';
import { destinationPickerTokens, destinationTokenChoices, pickedDestinationToken, validDestinationToken, withSwapSlippage } from './destinationToken';

const tok = (address: string, symbol: string, decimals = 18): SwapToken => ({ address, symbol, name: symbol, decimals, logo_url: '' });
const ETH = tok('0x0000000000000000000000000000000000000000', 'ETH');
const USDC = tok('0xAf88d065e77c8cC2239327C5EDb3A432268e5831', 'USDC', 6);
const DAI = tok('0xda10009cbd5d07dd0cecc66161fc93d7c9000da1', 'DAI');

describe('destination token (bridge and swap)', () => {
  it('offers the destination swap tokens other than the bridged one, only when the chain swaps', () => {
    expect(destinationTokenChoices([ETH, USDC, DAI], ETH.address, true).map((t) => t.symbol)).toEqual(['USDC', 'DAI']);
    // The bridged token's address is compared without case.
    expect(destinationTokenChoices([ETH, USDC, DAI], USDC.address.toLowerCase(), true).map((t) => t.symbol)).toEqual(['ETH', 'DAI']);
    expect(destinationTokenChoices([ETH, USDC], ETH.address, false)).toEqual([]);
    expect(destinationTokenChoices(undefined, ETH.address, true)).toEqual([]);
    expect(destinationTokenChoices([ETH, USDC], undefined, true)).toEqual([]);
  });

  it('keeps a chosen token only while it is on offer', () => {
    expect(validDestinationToken(USDC.address.toLowerCase(), [USDC, DAI])).toBe(USDC.address.toLowerCase());
    expect(validDestinationToken(USDC.address, [DAI])).toBe('');
    expect(validDestinationToken('', [USDC])).toBe('');
  });

  it('says what an order delivered: the swapped token once mined, else the bridged one', () => {
    const plain = { receive_amount: '999150000000000000', receive_decimals: 18, receive_token: 'ETH', swap: null };
    expect(orderReceived(plain)).toEqual({ raw: '999150000000000000', decimals: 18, token: 'ETH' });
    // A cross route (SOL → ETH): the paid token and its decimals, not the deposited SOL's 9.
    const cross = { receive_amount: '24677722525000002', receive_decimals: 18, receive_token: 'ETH', swap: null };
    expect(orderReceived(cross)).toEqual({ raw: '24677722525000002', decimals: 18, token: 'ETH' });
    const swapping = { ...plain, swap: { token_address: USDC.address, token: 'USDC', decimals: 6, min_out: '2900000000', delivered_amount: '' } };
    expect(orderReceived(swapping)).toBeNull();
    const swapped = { ...plain, swap: { ...swapping.swap, delivered_amount: '2991500000' } };
    expect(orderReceived(swapped)).toEqual({ raw: '2991500000', decimals: 6, token: 'USDC' });
  });

  it('the picker lists the token sent first (no swap), then the swap choices; a pick stores the listed address', () => {
    const list = destinationPickerTokens(ETH, 'ETH', [USDC, DAI], 'ETH (no swap)');
    expect(list.map((t) => [t.symbol, t.name])).toEqual([
      ['ETH', 'ETH (no swap)'],
      ['USDC', 'USDC'],
      ['DAI', 'DAI'],
    ]);
    expect(list[0]?.address).toBe(ETH.address);
    // Not listed on the destination: still offered, keyed by its symbol.
    expect(destinationPickerTokens(undefined, 'WBTC', [USDC], 'WBTC (no swap)')[0]).toMatchObject({ address: 'WBTC', symbol: 'WBTC' });
    // The list reports lowercase addresses; the stored choice is the server's spelling, and the token sent is ''.
    expect(pickedDestinationToken(USDC.address.toLowerCase(), [USDC, DAI])).toBe(USDC.address);
    expect(pickedDestinationToken(ETH.address, [USDC, DAI])).toBe('');
  });

  it('the destination swap shown and sent with the slippage in force: its minimum recomputed as build_tx does', () => {
    const swap = { receive_amount_wei: '2987460000', min_out: '2975.51016', min_out_wei: '2975510160', slippage_bps: 40, token_out: { address: USDC.address, symbol: 'USDC', decimals: 6 } };
    expect(withSwapSlippage(swap, 40)).toBe(swap);
    expect(withSwapSlippage(swap, 100)).toMatchObject({ slippage_bps: 100, min_out_wei: '2957585400', min_out: '2957.5854' });
    expect(withSwapSlippage({ ...swap, receive_amount_wei: '999' }, 50)).toMatchObject({ min_out_wei: '994', min_out: '0.000994' });
  });
});
