import { create } from 'zustand';

/** Whether the wallet list ("Connect Wallet" / "My Wallet") modal is open. */
interface WalletModalState {
  open: boolean;
  show: () => void;
  hide: () => void;
}

export const useWalletModal = create<WalletModalState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
