import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type WalletStatus = 'disconnected' | 'connecting' | 'connected';

/** Header wallet status: 0 not connected, 1 same wallet for source and destination, 2 two wallets. */
export type HeaderWalletStatus = 0 | 1 | 2;

export interface WalletState {
  status: WalletStatus;
  /** The connected address (the user id), or '' when disconnected. */
  address: string;
  chainId: number | null;
  walletName: string;
  /** Remembered across reloads so the app can try to reconnect (spec §3 wallet stores). */
  connected: boolean;
  walletIndex: number | null;
  setConnecting: (walletName: string, walletIndex: number) => void;
  setConnected: (address: string, chainId: number | null) => void;
  disconnect: () => void;
}

const initial = {
  status: 'disconnected' as WalletStatus,
  address: '',
  chainId: null,
  walletName: '',
  connected: false,
  walletIndex: null,
};

export const useWalletStore = create<WalletState>()(
  persist(
    (set) => ({
      ...initial,
      setConnecting: (walletName, walletIndex) => set({ status: 'connecting', walletName, walletIndex }),
      setConnected: (address, chainId) => set({ status: 'connected', address, chainId, connected: true }),
      disconnect: () => set({ ...initial }),
    }),
    {
      name: 'perch-wallet',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ connected: s.connected, walletIndex: s.walletIndex, walletName: s.walletName }),
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
