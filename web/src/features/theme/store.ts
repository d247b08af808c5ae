import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Theme = 'dark' | 'light';

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggle: () => void;
}

export const THEME_STORAGE_KEY = 'perch-theme';
export const THEME_STORE_VERSION = 1;

/** Dark by default; stored in localStorage (versioned) and reflected as <html data-theme>. */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      theme: 'dark',
      setTheme: (theme) => set({ theme }),
      toggle: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
    }),
    {
      name: THEME_STORAGE_KEY,
      version: THEME_STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ theme: s.theme }),
      // v0 stored {isDark: boolean} (the old "dark-theme flag").
      migrate: (persisted, version) => {
        if (version === 0 && persisted && typeof persisted === 'object' && 'isDark' in persisted) {
          return { theme: (persisted as { isDark: boolean }).isDark ? 'dark' : 'light' };
        }
        return persisted as { theme: Theme };
      },
    },
  ),
);

export function applyThemeAttribute(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}
