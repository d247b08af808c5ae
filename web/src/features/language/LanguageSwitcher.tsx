import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/i18n';
import { useLanguageStore } from './store';

/** English / 中文, each named in its own language; the choice is remembered. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLanguageStore((s) => s.language);
  const choose = useLanguageStore((s) => s.setLanguage);
  return (
    <div className="button-row" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang === 'zh' ? 'zh-CN' : 'en'}
          className={`btn btn--soft${lang === current ? ' is-active' : ''}`}
          aria-pressed={lang === current}
          onClick={() => choose(lang)}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
}
