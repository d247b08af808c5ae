import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

export const defaultNS = 'translation';
export const resources = { en: { translation: en } } as const;

/** The app's languages: English is built in, the others are chunks fetched when chosen. */
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

const BUNDLES: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  zh: () => import('./zh.json'),
};

/** The BCP 47 tag for <html lang> and Intl formatting. */
export const LOCALE_OF: Record<Language, string> = { en: 'en', zh: 'zh-CN' };

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources,
  defaultNS,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Loads the language's strings when needed, switches to it and marks the document. */
export async function setLanguage(lang: Language): Promise<void> {
  if (lang !== 'en' && !i18n.hasResourceBundle(lang, defaultNS)) {
    const bundle = await BUNDLES[lang]();
    i18n.addResourceBundle(lang, defaultNS, bundle.default);
  }
  await i18n.changeLanguage(lang);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LOCALE_OF[lang];
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('app.description'));
}

/** The Intl locale of the current language (numbers, dates). */
export const currentLocale = (): string => LOCALE_OF[(i18n.language as Language) in LOCALE_OF ? (i18n.language as Language) : 'en'];

export default i18n;
