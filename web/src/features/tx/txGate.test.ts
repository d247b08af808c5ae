import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount';
import { amountGate, networkGate, phaseGate } from './txGate';

describe('transaction gates', () => {
  it('a running flow shows its step before anything else; then a wallet is asked for', () => {
    expect(phaseGate('approving', false)).toEqual({ kind: 'approving', action: 'none' });
    expect(phaseGate('idle', false)).toEqual({ kind: 'connectWallet', action: 'connect' });
    expect(phaseGate('idle', true)).toBeNull();
  });

  it('the amount: empty or 0, not a number, too fine for the token, above the balance', () => {
    expect(amountGate(parseAmount('', 18), undefined)).toEqual({ kind: 'enterAmount', action: 'none' });
    expect(amountGate(parseAmount('0.0', 18), undefined)).toEqual({ kind: 'enterAmount', action: 'none' });
    expect(amountGate(parseAmount('1..2', 18), undefined)).toEqual({ kind: 'invalidAmount', action: 'none' });
    expect(amountGate(parseAmount('1.1234567', 6), undefined)).toEqual({ kind: 'tooPrecise', action: 'none', decimals: 6 });
    expect(amountGate(parseAmount('2', 6), 1_000_000n)).toEqual({ kind: 'insufficientBalance', action: 'none' });
    // An unknown balance does not stop the user; the exact balance does not either.
    expect(amountGate(parseAmount('2', 6), undefined)).toBeNull();
    expect(amountGate(parseAmount('1', 6), 1_000_000n)).toBeNull();
  });

  it('the wallet must be on the transaction network', () => {
    expect(networkGate(1, 8453)).toEqual({ kind: 'switchNetwork', action: 'switch', chainId: 8453 });
    expect(networkGate(null, 8453)).toEqual({ kind: 'switchNetwork', action: 'switch', chainId: 8453 });
    expect(networkGate(8453, 8453)).toBeNull();
  });
});
