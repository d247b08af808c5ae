import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon } from '@/components/icons';
import { LanguageSwitcher } from '@/features/language/LanguageSwitcher';
import { ThemeToggle } from '@/features/theme/ThemeToggle';
import { SocialLinks } from './SocialLinks';
import { useUiStore } from './uiStore';

const LINKS = [
  { to: '/points', key: 'morePanel.myPoints' },
  { to: '/history', key: 'morePanel.history' },
  { to: '/tracker', key: 'morePanel.tracker' },
  { to: '/ecosystem', key: 'morePanel.ecosystem' },
  { to: '/tos', key: 'morePanel.terms' },
] as const;

/**
 * Mobile More panel: My Points, theme toggle, History, L2 Tracker, Ecosystem, social links, Terms
 * of use. No audit badges: none is shown until there is a published report to link.
 */
export function MorePanel() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.morePanelOpen);
  const setMorePanel = useUiStore((s) => s.setMorePanel);
  if (!open) return null;
  const close = (): void => setMorePanel(false);
  return (
    <div className="more-panel" role="dialog" aria-modal="false" aria-label={t('morePanel.title')}>
      <div className="more-panel__head">
        <h2 className="card__title">{t('morePanel.title')}</h2>
        <button type="button" className="icon-btn" aria-label={t('morePanel.close')} onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <ul className="more-panel__list">
        {LINKS.slice(0, 1).map((l) => (
          <li key={l.to}>
            <Link to={l.to} onClick={close} className="more-panel__link">
              {t(l.key)}
            </Link>
          </li>
        ))}
        <li>
          <ThemeToggle className="more-panel__link" />
        </li>
        <li>
          <LanguageSwitcher />
        </li>
        {LINKS.slice(1).map((l) => (
          <li key={l.to}>
            <Link to={l.to} onClick={close} className="more-panel__link">
              {t(l.key)}
            </Link>
          </li>
        ))}
      </ul>
      <span className="section-label">{t('morePanel.community')}</span>
      <SocialLinks />
    </div>
  );
}
