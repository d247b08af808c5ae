import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { WalletNotice } from './errors';

export type WalletStatus = 'disconnected' | 'connecting' | 'connected';

/** Header wallet status: 0 not connected, 1 same wallet for source and destination, 2 two wallets. */
export type HeaderWalletStatus = 0 | 1 | 2;

/** An EIP-6963 wallet discovered in the page (a wagmi connector). */
export interface DiscoveredWallet {
  /** The connector id: the wallet's rdns for EIP-6963 wallets. */
  id: string;
  name: string;
  icon: string | undefined;
}

export interface WalletState {
  status: WalletStatus;
  /** The connected address (the user id), or '' when disconnected. */
  address: string;
  chainId: number | null;
  walletName: string;
  /** Remembered across reloads so the app can try to reconnect. */
  connected: boolean;
  /** The chosen wallet (connector id), remembered with `connected`. */
  walletId: string;
  /** The last connection / switch message, shown in the wallet modal. */
  notice: WalletNotice | null;
  setConnecting: (walletId: string, walletName: string) => void;
  setConnected: (address: string, chainId: number | null) => void;
  setChainId: (chainId: number | null) => void;
  setNotice: (notice: WalletNotice | null) => void;
  disconnect: () => void;
}

const initial = {
  status: 'disconnected' as WalletStatus,
  address: '',
  chainId: null,
  walletName: '',
  connected: false,
  walletId: '',
};

export const useWalletStore = create<WalletState>()(
  persist(
    (set) => ({
      ...initial,
      notice: null,
      setConnecting: (walletId, walletName) => set({ status: 'connecting', walletId, walletName, notice: null }),
      setConnected: (address, chainId) => set({ status: 'connected', address, chainId, connected: true }),
      setChainId: (chainId) => set({ chainId }),
      setNotice: (notice) => set({ notice }),
      disconnect: () => set({ ...initial }),
    }),
    {
      name: 'perch-wallet',
      version: 2,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ connected: s.connected, walletId: s.walletId, walletName: s.walletName }),
      // v1 remembered a wallet index; the wallet id replaces it (the user picks the wallet again).
      migrate: (persisted, version) => {
        const p = (persisted ?? {}) as Partial<WalletState>;
        if (version < 2) return { connected: false, walletId: '', walletName: p.walletName ?? '' };
        return p;
      },
    },
  ),
);

/** The user id sent to the API (wallet address or ''). */
export const currentUserId = (): string => useWalletStore.getState().address;

export const useUserAddress = (): string => useWalletStore((s) => s.address);

export function headerWalletStatus(sourceAddress: string, destinationAddress: string): HeaderWalletStatus {
  if (!sourceAddress) return 0;
  if (!destinationAddress || destinationAddress.toLowerCase() === sourceAddress.toLowerCase()) return 1;
  return 2;
}

/** Wallets the auto-reconnect skips (they would prompt the user instead of reconnecting silently). */
export const RECONNECT_SKIP = ['imtoken', 'im.token'] as const;

export function shouldAutoReconnect(s: Pick<WalletState, 'connected' | 'walletId' | 'walletName'>): boolean {
  if (!s.connected || !s.walletId) return false;
  const id = `${s.walletId} ${s.walletName}`.toLowerCase().replace(/\s+/g, '');
  return !RECONNECT_SKIP.some((k) => id.includes(k));
}
