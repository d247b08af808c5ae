import { create } from 'zustand';

/** The portfolio page's form: an address typed in to view instead of the connected wallet's. */
interface PortfolioAddressState {
  input: string;
  setInput: (input: string) => void;
  clear: () => void;
}

export const usePortfolioAddress = create<PortfolioAddressState>()((set) => ({
  input: '',
  setInput: (input) => set({ input: input.trim() }),
  clear: () => set({ input: '' }),
}));
