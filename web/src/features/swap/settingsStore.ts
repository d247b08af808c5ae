import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AUTO_FALLBACK_BPS, DEFAULT_SLIPPAGE_BPS, isValidSlippage, SLIPPAGE_PRESETS_BPS } from './slippage';

/** The swap settings, remembered across visits (localStorage, versioned). */
export interface SwapSettingsState {
  /** Automatic slippage (the default): the swap card computes it per quote. */
  auto: boolean;
  /** The chosen slippage; while auto, the value for a swap that has no quote of its own (the bridge's destination swap). */
  slippageBps: number;
  /** The value was typed (not a preset): the custom field shows it. */
  custom: boolean;
  setAuto: () => void;
  setPreset: (bps: number) => void;
  setCustom: (bps: number) => void;
  reset: () => void;
}

export const SWAP_SETTINGS_KEY = 'perch-swap-settings';

const AUTO = { auto: true, slippageBps: AUTO_FALLBACK_BPS, custom: false };

export const useSwapSettings = create<SwapSettingsState>()(
  persist(
    (set) => ({
      ...AUTO,
      setAuto: () => set(AUTO),
      setPreset: (bps) => set({ auto: false, slippageBps: bps, custom: false }),
      setCustom: (bps) => set({ auto: false, slippageBps: bps, custom: !(SLIPPAGE_PRESETS_BPS as readonly number[]).includes(bps) }),
      reset: () => set(AUTO),
    }),
    {
      name: SWAP_SETTINGS_KEY,
      version: 2,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ auto: s.auto, slippageBps: s.slippageBps, custom: s.custom }),
      // Version 1 had no auto: its untouched default (5 %) becomes auto, a value the user picked stays.
      migrate: (persisted, version) => {
        const p = (persisted ?? {}) as Partial<SwapSettingsState>;
        if (version < 2) return { ...p, auto: p.slippageBps === DEFAULT_SLIPPAGE_BPS && !p.custom };
        return p;
      },
      // A stored value out of range (edited by hand, or an older rule) falls back to auto.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<SwapSettingsState>;
        if (p.auto !== false || !isValidSlippage(p.slippageBps)) return { ...current, ...AUTO };
        return { ...current, auto: false, slippageBps: p.slippageBps, custom: !!p.custom };
      },
    },
  ),
);
