import type { TFunction } from 'i18next';

/** The button states every transaction card shares: connect, too many decimals, switch network. */
export type SharedGate = { kind: 'connectWallet' } | { kind: 'tooPrecise'; decimals: number } | { kind: 'switchNetwork' };

export function isSharedGate(s: { kind: string }): s is SharedGate {
  return s.kind === 'connectWallet' || s.kind === 'tooPrecise' || s.kind === 'switchNetwork';
}

/** What a card's button says in a shared state; `card` names the card's own keys. */
export function sharedGateText(t: TFunction, card: 'bridge' | 'swap', s: SharedGate, network: string): string {
  if (s.kind === 'connectWallet') return t('wallet.connectWallet');
  if (s.kind === 'tooPrecise') return t(`${card}.button.tooPrecise`, { decimals: s.decimals });
  return t(`${card}.button.switchNetwork`, { network });
}
