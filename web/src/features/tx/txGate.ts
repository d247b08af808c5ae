import type { ParsedAmount } from './amount';

/**
 * The checks both transaction cards (bridge, swap) run before their own, each returning the
 * button's state when it stops the user, or null when it passes. The cards call them in the order
 * a user fixes things: a running flow, the wallet, the amount, then the network.
 */

/** What a card's button does: open the wallet list, switch the wallet's network, run the card's transaction, or nothing. */
export type TxAction = 'connect' | 'switch' | 'send' | 'swap' | 'none';

export type PhaseGate<P extends string> = { kind: Exclude<P, 'idle'>; action: 'none' } | { kind: 'connectWallet'; action: 'connect' };

/** A running flow shows its step and ignores clicks; then a wallet must be connected. */
export function phaseGate<P extends string>(phase: P, connected: boolean): PhaseGate<P> | null {
  if (phase !== 'idle') return { kind: phase as Exclude<P, 'idle'>, action: 'none' };
  if (!connected) return { kind: 'connectWallet', action: 'connect' };
  return null;
}

export type AmountGate =
  | { kind: 'enterAmount' | 'invalidAmount' | 'insufficientBalance'; action: 'none' }
  | { kind: 'tooPrecise'; action: 'none'; decimals: number };

/** The typed amount: present, a number, no finer than the token, above 0 and within the balance (when known). */
export function amountGate(a: ParsedAmount, balance: bigint | undefined): AmountGate | null {
  if (a.kind === 'empty') return { kind: 'enterAmount', action: 'none' };
  if (a.kind === 'invalid') return { kind: 'invalidAmount', action: 'none' };
  if (a.kind === 'tooPrecise') return { kind: 'tooPrecise', action: 'none', decimals: a.decimals };
  if (a.raw === 0n) return { kind: 'enterAmount', action: 'none' };
  if (balance !== undefined && a.raw > balance) return { kind: 'insufficientBalance', action: 'none' };
  return null;
}

export type NetworkGate = { kind: 'switchNetwork'; action: 'switch'; chainId: number };

/** Every state the shared gates give a card whose flow has the phases P. */
export type TxGate<P extends string> = PhaseGate<P> | AmountGate | NetworkGate;

/** A card's own states that stop the user with nothing to click (the text says what to fix). */
export type TxStop<K extends string> = { kind: K; action: 'none' };

/** The wallet must be on the network the transaction is sent on. */
export function networkGate(walletChainId: number | null, chainId: number): NetworkGate | null {
  return walletChainId !== chainId ? { kind: 'switchNetwork', action: 'switch', chainId } : null;
}
