import { create } from 'zustand';

/** A dialog the wallet list opens over itself (the WalletConnect QR code, a wallet's install page). */
export type WalletSubModal = { kind: 'qr'; walletName: string } | { kind: 'deepLink'; walletId: string } | null;

/** Whether the wallet list ("Connect Wallet" / "My Wallet") modal is open, and its sub-dialog. */
interface WalletModalState {
  open: boolean;
  sub: WalletSubModal;
  show: () => void;
  hide: () => void;
  openSub: (sub: WalletSubModal) => void;
  closeSub: () => void;
}

export const useWalletModal = create<WalletModalState>()((set) => ({
  open: false,
  sub: null,
  show: () => set({ open: true }),
  hide: () => set({ open: false, sub: null }),
  openSub: (sub) => set({ sub }),
  closeSub: () => set({ sub: null }),
}));
