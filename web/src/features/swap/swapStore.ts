import { create } from 'zustand';
import type { SwapOutcome } from './executeSwap';
import type { SwapError } from './swapErrors';
import type { SwapPhase } from './swapButton';

/** The swap card's form and flow state (zustand; the settings live in ./settingsStore). */
export interface SwapFormState {
  chainId: number | null;
  /** Token addresses (lowercase; the zero address is the native coin). */
  tokenIn: string;
  tokenOut: string;
  amount: string;
  phase: SwapPhase;
  error: SwapError | null;
  result: SwapOutcome | null;
  /** The running (or last failed) swap has an approval step. */
  withApprove: boolean;
  /** The phase a failed swap stopped in (its step list shows where), while its error is shown. */
  failedAt: SwapPhase | null;
  /** Executors learned from build_tx per chain (the spender whose allowance the card reads). */
  executors: Record<number, string>;
  setChain: (chainId: number, tokenIn?: string, tokenOut?: string) => void;
  setTokens: (tokenIn: string, tokenOut: string) => void;
  /** Picks the token for one side; picking the other side's token flips the pair. */
  pick: (side: 'in' | 'out', address: string) => void;
  /** Swaps the two tokens; `amount` (the former quote's output) becomes what is paid. */
  flip: (amount?: string) => void;
  setAmount: (amount: string) => void;
  /** Empties the amount after a transaction went out (the next one starts from nothing typed). */
  clearAmount: () => void;
  setPhase: (phase: SwapPhase) => void;
  setWithApprove: (withApprove: boolean) => void;
  setError: (error: SwapError | null) => void;
  /** The swap failed in its current phase. */
  fail: (error: SwapError) => void;
  setResult: (result: SwapOutcome | null) => void;
  learnExecutor: (chainId: number, executor: string) => void;
  reset: () => void;
}

const initial = {
  chainId: null as number | null,
  tokenIn: '',
  tokenOut: '',
  amount: '',
  phase: 'idle' as SwapPhase,
  error: null as SwapError | null,
  result: null as SwapOutcome | null,
  withApprove: false,
  failedAt: null as SwapPhase | null,
};

export const useSwapForm = create<SwapFormState>()((set) => ({
  ...initial,
  executors: {},
  setChain: (chainId, tokenIn = '', tokenOut = '') => set({ chainId, tokenIn: tokenIn.toLowerCase(), tokenOut: tokenOut.toLowerCase(), error: null }),
  setTokens: (tokenIn, tokenOut) => set({ tokenIn: tokenIn.toLowerCase(), tokenOut: tokenOut.toLowerCase(), error: null }),
  pick: (side, address) =>
    set((s) => {
      const a = address.toLowerCase();
      if (side === 'in') return a === s.tokenOut ? { tokenIn: a, tokenOut: s.tokenIn, error: null } : { tokenIn: a, error: null };
      return a === s.tokenIn ? { tokenOut: a, tokenIn: s.tokenOut, error: null } : { tokenOut: a, error: null };
    }),
  flip: (amount) => set((s) => ({ tokenIn: s.tokenOut, tokenOut: s.tokenIn, amount: amount ?? s.amount, error: null })),
  setAmount: (amount) => set({ amount, error: null }),
  clearAmount: () => set({ amount: '' }),
  setPhase: (phase) => set({ phase }),
  setWithApprove: (withApprove) => set({ withApprove }),
  setError: (error) => set({ error, failedAt: null }),
  fail: (error) => set((s) => ({ error, failedAt: s.phase })),
  setResult: (result) => set({ result }),
  learnExecutor: (chainId, executor) => set((s) => ({ executors: { ...s.executors, [chainId]: executor.toLowerCase() } })),
  reset: () => set({ ...initial }),
}));
