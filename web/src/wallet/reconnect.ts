import { create } from 'zustand';
import { useEcosystemsStore, type EcosystemsState } from './ecosystems/store';
import { shouldAutoReconnect, useWalletStore, type WalletState } from './store';

/** The remembered wallets are reconnected this long after the wallet runtime is installed, not at once. */
export const AUTO_RECONNECT_DELAY_MS = 3000;

/**
 * After this long (from the app's start) the header stops saying "Reconnecting…" even when an
 * attempt has not answered: a wallet that never answers must not leave the visitor in limbo.
 */
export const RECONNECT_GIVE_UP_MS = AUTO_RECONNECT_DELAY_MS + 12_000;

/**
 * Whether the after-load reconnect attempt of the remembered EVM wallet and of the remembered
 * non-EVM wallets is over (connected, failed, or given up). Not persisted: every load tries again.
 */
interface ReconnectSettled {
  evm: boolean;
  ecosystems: boolean;
}

export const useReconnectSettled = create<ReconnectSettled>()(() => ({ evm: false, ecosystems: false }));

export const settleReconnect = (which: keyof ReconnectSettled): void => {
  if (!useReconnectSettled.getState()[which]) useReconnectSettled.setState({ [which]: true });
};

/** Back to a fresh page load (tests). */
export const resetReconnectSettled = (): void => useReconnectSettled.setState({ evm: false, ecosystems: false });

/** The remembered EVM wallet will be reconnected (its attempt has not ended). */
export function evmReconnectPending(w: Pick<WalletState, 'status' | 'connected' | 'walletId' | 'walletName'>, settled: ReconnectSettled): boolean {
  return !settled.evm && w.status !== 'connected' && shouldAutoReconnect(w);
}

/** A remembered non-EVM wallet is not connected yet and its attempt has not ended. */
export function ecosystemsReconnectPending(e: Pick<EcosystemsState, 'remembered' | 'accounts'>, settled: ReconnectSettled): boolean {
  return !settled.ecosystems && Object.keys(e.remembered).some((eco) => !e.accounts[eco as keyof typeof e.accounts]);
}

/**
 * A returning visitor's wallet is being reconnected: the header shows a neutral "Reconnecting…"
 * rather than the logged-out "Connect Wallet" until the attempt connects, fails or is given up.
 */
export function useWalletReconnecting(): boolean {
  const settled = useReconnectSettled();
  const evm = useWalletStore((s) => evmReconnectPending(s, settled));
  const others = useEcosystemsStore((s) => ecosystemsReconnectPending(s, settled));
  return evm || others;
}
