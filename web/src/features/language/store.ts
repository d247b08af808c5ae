import { useEffect } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { setLanguage, type Language } from '@/i18n';
import { logger } from '@/lib/logger';

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}

export const LANGUAGE_STORAGE_KEY = 'perch-language';

/** The chosen language, remembered in localStorage (versioned like the theme). */
export const useLanguageStore = create<LanguageState>()(
  persist((set) => ({ language: 'en', setLanguage: (language) => set({ language }) }), {
    name: LANGUAGE_STORAGE_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ language: s.language }),
  }),
);

/** Keeps i18next and <html lang> on the stored language. */
export function useApplyLanguage(): void {
  const language = useLanguageStore((s) => s.language);
  useEffect(() => {
    setLanguage(language).catch((err: unknown) => logger.warn('language switch failed', err));
  }, [language]);
}
