import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Exchange } from '@/api/types';

/** Where the bridge card's send is: idle, or which wallet step it waits on. */
export type SendPhase = 'idle' | 'building' | 'approving' | 'depositing';

/** A deposit sent from this page, followed by the tracker. */
export interface ActiveDeposit {
  srcChainId: number;
  txHash: string;
  dstChainId: number;
  token: string;
  decimals: number;
  /** Token units as sent and as quoted to arrive ('1', '0.99915'). */
  amount: string;
  receive: string;
  recipient: string;
  exchange: string;
  /** Bridge and swap: the token received on the destination (symbol, decimals) when it is not `token`. */
  toToken?: { symbol: string; decimals: number } | null;
}

/**
 * The bridge card's form and send state (zustand: form and wallet state live in stores). It sits
 * outside features/bridge because the header reads the chosen chains for its wallet status.
 */
export interface BridgeFormState {
  fromChainId: number | null;
  toChainId: number | null;
  exchange: Exchange | null;
  token: string;
  /** Bridge and swap: the token to receive on the destination (its address there); '' = the token sent. */
  toToken: string;
  amount: string;
  recipient: string;
  phase: SendPhase;
  sendError: string;
  active: ActiveDeposit | null;
  setFrom: (id: number | null) => void;
  setTo: (id: number | null, exchange?: Exchange | null) => void;
  swap: () => void;
  setToken: (token: string) => void;
  setToToken: (toToken: string) => void;
  setAmount: (amount: string) => void;
  /** Empties the amount after a transaction went out (the next one starts from nothing typed). */
  clearAmount: () => void;
  setRecipient: (recipient: string) => void;
  setPhase: (phase: SendPhase) => void;
  setSendError: (message: string) => void;
  setActive: (deposit: ActiveDeposit | null) => void;
  reset: () => void;
}

const initial = {
  fromChainId: null as number | null,
  toChainId: null as number | null,
  exchange: null as Exchange | null,
  token: 'ETH',
  toToken: '',
  amount: '',
  recipient: '',
  phase: 'idle' as SendPhase,
  sendError: '',
  active: null as ActiveDeposit | null,
};

export const useBridgeForm = create<BridgeFormState>()(
  persist(
    (set) => ({
      ...initial,
      setFrom: (fromChainId) => set({ fromChainId, sendError: '' }),
      // Another destination has other tokens: the received token is the one sent again.
      setTo: (toChainId, exchange = null) => set({ toChainId, exchange, toToken: '', sendError: '' }),
      // An exchange is only a destination: swapping drops it.
      swap: () => set((s) => ({ fromChainId: s.toChainId, toChainId: s.fromChainId, exchange: null, toToken: '', sendError: '' })),
      setToken: (token) => set({ token, toToken: '', sendError: '' }),
      setToToken: (toToken) => set({ toToken, sendError: '' }),
      setAmount: (amount) => set({ amount, sendError: '' }),
      clearAmount: () => set({ amount: '' }),
      setRecipient: (recipient) => set({ recipient, sendError: '' }),
      setPhase: (phase) => set({ phase }),
      setSendError: (sendError) => set({ sendError }),
      setActive: (active) => set({ active }),
      reset: () => set({ ...initial }),
    }),
    {
      // Only the deposit being followed is kept (per tab): a reload keeps tracking it.
      name: 'perch-bridge-active',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ active: s.active }),
    },
  ),
);
