import type { Chain as ViemChain } from 'viem';
import type { Config } from 'wagmi';
import { create } from 'zustand';
import type { DiscoveredWallet } from './store';

/** What the wallet runtime (./runtime, wagmi) publishes to the UI. Light: no wagmi code here. */
export interface WalletRuntime {
  /** The runtime has been installed with the chain list (config may still be null: no EVM chain). */
  installed: boolean;
  /** The wagmi config, built once the chain list has arrived (null before, or with no EVM chain). */
  config: Config | null;
  chains: readonly ViemChain[];
  /** EIP-6963 wallets discovered in the page. */
  wallets: DiscoveredWallet[];
}

export const useWalletRuntime = create<WalletRuntime>()(() => ({ installed: false, config: null, chains: [], wallets: [] }));
