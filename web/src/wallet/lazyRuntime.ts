import { create } from 'zustand';
import type { ConnectOptions } from './runtime';
import { useWalletRuntime } from './runtimeStore';
import { useWalletStore } from './store';
import type { Eip1193Like } from './switchChain';

/**
 * The wallet runtime (wagmi, its connectors and viem: about 120 KB of gzip JavaScript) is a chunk
 * of its own, fetched only when the page needs it: a wallet is in the page (an injected provider or
 * an EIP-6963 announcement), a wallet is remembered from an earlier visit, the visitor opens the
 * wallet list, or a wallet action runs. A visitor without a wallet never downloads it, and the
 * first load of / stays within its 200 KB budget. WalletBootstrap installs it once it is wanted and
 * the chain list has arrived.
 */
export const useWalletRuntimeDemand = create<{ wanted: boolean }>()(() => ({ wanted: false }));

/** Asks for the wallet runtime (idempotent). */
export function requestWalletRuntime(): void {
  if (!useWalletRuntimeDemand.getState().wanted) useWalletRuntimeDemand.setState({ wanted: true });
}

let loading: Promise<typeof import('./runtime')> | null = null;
export const loadWalletRuntime = () =>
  (loading ??= import('./runtime').catch((err: unknown) => {
    loading = null; // a network hiccup: the next need tries again
    throw err;
  }));

/** The chunk's load once started, else null: tests await it so no import outlives its test. */
export const walletRuntimeLoading = () => loading;

/** Back to a fresh page: nothing asked for, nothing loading (tests; the module itself stays cached). */
export function resetWalletRuntimeDemand(): void {
  useWalletRuntimeDemand.setState({ wanted: false });
  loading = null;
}

/** How long a wallet action waits for the chain list before it answers as without one. */
export const INSTALL_WAIT_MS = 10_000;

function whenInstalled(timeoutMs: number): Promise<void> {
  if (useWalletRuntime.getState().installed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = useWalletRuntime.subscribe((s) => {
      if (s.installed) done();
    });
  });
}

/** The runtime, installed with the chain list (a click right after the wallet list opened waits for it). */
async function installedRuntime(): Promise<typeof import('./runtime')> {
  requestWalletRuntime();
  const runtime = await loadWalletRuntime();
  await whenInstalled(INSTALL_WAIT_MS);
  return runtime;
}

/** Connects the wagmi connector `walletId`; errors become a notice. Returns the address or ''. */
export async function connectWallet(walletId: string, opts?: ConnectOptions): Promise<string> {
  return (await installedRuntime()).connectWallet(walletId, opts);
}

/** WalletConnect with the QR modal (its pairing URI in ./walletConnectStore). Returns the address or ''. */
export async function connectWalletConnect(projectId: string): Promise<string> {
  return (await installedRuntime()).connectWalletConnect(projectId);
}

/** Disconnects the wallet and resets the wallet store (header back to 'Connect Wallet'). */
export async function disconnectWallet(): Promise<void> {
  useWalletStore.getState().disconnect(); // at once: the header must not wait for the chunk
  // Without the runtime there is no wagmi connection to end: nothing to download for it.
  if (!loading) return;
  return (await loading).disconnectWallet();
}

/** Switches the connected wallet to `chainId` (adds the chain when the wallet lacks it). */
export async function switchWalletChain(chainId: number): Promise<void> {
  return (await installedRuntime()).switchWalletChain(chainId);
}

/** The connected wallet's EIP-1193 provider, or null (none without the runtime: nothing connected). */
export async function connectedProvider(): Promise<Eip1193Like | null> {
  if (!loading) return null;
  return (await loading).connectedProvider();
}
