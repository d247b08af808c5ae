import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_SLIPPAGE_BPS, isValidSlippage, SLIPPAGE_PRESETS_BPS } from './slippage';

/** The swap settings, remembered across visits (localStorage, versioned). */
export interface SwapSettingsState {
  slippageBps: number;
  /** The value was typed (not a preset): the custom field shows it. */
  custom: boolean;
  setPreset: (bps: number) => void;
  setCustom: (bps: number) => void;
  reset: () => void;
}

export const SWAP_SETTINGS_KEY = 'perch-swap-settings';

export const useSwapSettings = create<SwapSettingsState>()(
  persist(
    (set) => ({
      slippageBps: DEFAULT_SLIPPAGE_BPS,
      custom: false,
      setPreset: (bps) => set({ slippageBps: bps, custom: false }),
      setCustom: (bps) => set({ slippageBps: bps, custom: !(SLIPPAGE_PRESETS_BPS as readonly number[]).includes(bps) }),
      reset: () => set({ slippageBps: DEFAULT_SLIPPAGE_BPS, custom: false }),
    }),
    {
      name: SWAP_SETTINGS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ slippageBps: s.slippageBps, custom: s.custom }),
      // A stored value out of range (edited by hand, or an older rule) falls back to the default.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<SwapSettingsState>;
        if (!isValidSlippage(p.slippageBps)) return current;
        return { ...current, slippageBps: p.slippageBps, custom: !!p.custom };
      },
    },
  ),
);
