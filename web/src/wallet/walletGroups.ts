import type { NonEvmGroupId } from './ecosystems/types';

/** Wallet groups of the wallet modal and the tabs they sit under. */
export type WalletTab = 'evm' | 'solana' | 'non_evm';
export const WALLET_TABS: readonly WalletTab[] = ['evm', 'solana', 'non_evm'];

export type WalletGroupId = 'evm' | NonEvmGroupId;

export interface WalletGroup {
  id: WalletGroupId;
  tab: WalletTab;
}

export const WALLET_GROUPS: readonly WalletGroup[] = [
  { id: 'evm', tab: 'evm' },
  { id: 'solana', tab: 'solana' },
  { id: 'eclipse', tab: 'solana' },
  { id: 'fuel', tab: 'non_evm' },
  { id: 'starknet', tab: 'non_evm' },
  { id: 'benfen', tab: 'non_evm' },
  { id: 'bitcoin', tab: 'non_evm' },
];

/**
 * The groups a channel shows (each partner channel decides which wallet groups it offers): its `wallet_groups`
 * names groups ('evm', 'solana', 'eclipse', …) or whole tabs ('non_evm').
 */
export function channelGroups(walletGroups: readonly string[]): WalletGroup[] {
  const names = new Set(walletGroups);
  return WALLET_GROUPS.filter((g) => names.has(g.id) || names.has(g.tab));
}

/** The tabs that have at least one of `groups`, in tab order. */
export const tabsOf = (groups: readonly WalletGroup[]): WalletTab[] => WALLET_TABS.filter((t) => groups.some((g) => g.tab === t));
