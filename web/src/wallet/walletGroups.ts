/** Wallet groups of the wallet modal (spec §2 screen 8); the connectors arrive with the wallet issue. */
export type WalletTab = 'evm' | 'solana' | 'non_evm';
export const WALLET_TABS: readonly WalletTab[] = ['evm', 'solana', 'non_evm'];

export interface WalletGroup {
  id: string;
  tab: WalletTab;
  /** i18n key of the group title */
  titleKey: 'wallet.groups.evm' | 'wallet.groups.solana' | 'wallet.groups.eclipse' | 'wallet.groups.fuel' | 'wallet.groups.starknet' | 'wallet.groups.benfen';
}

export const WALLET_GROUPS: readonly WalletGroup[] = [
  { id: 'evm', tab: 'evm', titleKey: 'wallet.groups.evm' },
  { id: 'solana', tab: 'solana', titleKey: 'wallet.groups.solana' },
  { id: 'eclipse', tab: 'solana', titleKey: 'wallet.groups.eclipse' },
  { id: 'fuel', tab: 'non_evm', titleKey: 'wallet.groups.fuel' },
  { id: 'starknet', tab: 'non_evm', titleKey: 'wallet.groups.starknet' },
  { id: 'benfen', tab: 'non_evm', titleKey: 'wallet.groups.benfen' },
];
