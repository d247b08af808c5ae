import type { ConnectOptions } from './runtime';
import { useWalletStore } from './store';
import type { Eip1193Like } from './switchChain';

/**
 * The wallet runtime's code (wagmi and viem's actions) is a chunk of its own, fetched right after
 * the first render and awaited by the calls below: the first load of / stays within its budget,
 * and a click never needs more than the already-fetched chunk.
 */
let loading: Promise<typeof import('./runtime')> | null = null;
export const loadWalletRuntime = () => (loading ??= import('./runtime'));

/** The chunk's load once started, else null: tests await it so no import outlives its test. */
export const walletRuntimeLoading = () => loading;

/** Connects the wagmi connector `walletId`; errors become a notice (spec §8). Returns the address or ''. */
export async function connectWallet(walletId: string, opts?: ConnectOptions): Promise<string> {
  return (await loadWalletRuntime()).connectWallet(walletId, opts);
}

/** WalletConnect with the QR modal (its pairing URI in ./walletConnectStore). Returns the address or ''. */
export async function connectWalletConnect(projectId: string): Promise<string> {
  return (await loadWalletRuntime()).connectWalletConnect(projectId);
}

/** Disconnects the wallet and resets the wallet store (header back to 'Connect Wallet'). */
export async function disconnectWallet(): Promise<void> {
  useWalletStore.getState().disconnect(); // at once: the header must not wait for the chunk
  return (await loadWalletRuntime()).disconnectWallet();
}

/** Switches the connected wallet to `chainId` (adds the chain when the wallet lacks it). */
export async function switchWalletChain(chainId: number): Promise<void> {
  return (await loadWalletRuntime()).switchWalletChain(chainId);
}

/** The connected wallet's EIP-1193 provider, or null. */
export async function connectedProvider(): Promise<Eip1193Like | null> {
  return (await loadWalletRuntime()).connectedProvider();
}
