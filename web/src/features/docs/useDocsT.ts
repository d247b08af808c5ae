import { useTranslation } from 'react-i18next';
import i18n from '@/i18n';
import en from '@/i18n/docs.en.json';
import zh from '@/i18n/docs.zh.json';

/** The docs' own i18next namespace, added when the docs chunk loads (never on the app's first load). */
export const DOCS_NS = 'docs';
i18n.addResourceBundle('en', DOCS_NS, en, true, true);
i18n.addResourceBundle('zh', DOCS_NS, zh, true, true);

export type DocsT = (key: string, options?: Record<string, unknown>) => string;

/** t() of the docs namespace; re-renders on a language change like useTranslation. The app's
 * typed resources only know the default namespace, hence the loose signature here. */
export function useDocsT(): { t: DocsT; lang: 'en' | 'zh' } {
  const { i18n: instance } = useTranslation();
  const lang = instance.language?.startsWith('zh') ? 'zh' : 'en';
  const fixed = (instance.getFixedT as unknown as (lng: string | null, ns: string) => DocsT)(null, DOCS_NS);
  return { t: fixed, lang };
}
