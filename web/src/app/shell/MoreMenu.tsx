import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoreIcon } from '@/components/icons';
import { LanguageSwitcher } from '@/features/language/LanguageSwitcher';
import { ThemeToggle } from '@/features/theme/ThemeToggle';
import { LINKS } from '@/lib/config';

/** Pages the desktop header has no tab for; a phone reaches them through the More panel or its pages. */
const EXPLORE = [
  { to: '/tracker', key: 'header.tracker' },
  { to: '/query', key: 'header.query' },
  { to: '/faucet', key: 'header.faucet' },
  { to: '/maker', key: 'header.maker' },
  { to: '/status', key: 'header.status' },
] as const;

/** Header 'more' menu: the pages without a nav tab, language, light-mode toggle and support links. */
export function MoreMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent): void => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="more-menu" ref={ref}>
      <button type="button" className="icon-btn" aria-label={t('header.more')} aria-expanded={open} aria-haspopup="true" onClick={() => setOpen((o) => !o)}>
        <MoreIcon />
      </button>
      {open ? (
        <div className="more-menu__popover" role="group" aria-label={t('header.more')}>
          <span className="section-label">{t('header.explore')}</span>
          {EXPLORE.map((l) => (
            <Link key={l.to} to={l.to} className="more-menu__item" onClick={() => setOpen(false)}>
              {t(l.key)}
            </Link>
          ))}
          <div className="more-menu__sep" />
          <LanguageSwitcher />
          <ThemeToggle className="more-menu__item" />
          <div className="more-menu__sep" />
          <span className="section-label">{t('header.support')}</span>
          <a className="more-menu__item" href={LINKS.docs} target="_blank" rel="noreferrer">
            {t('header.helpCenter')}
          </a>
          <a className="more-menu__item" href={LINKS.support} target="_blank" rel="noreferrer">
            {t('header.contactUs')}
          </a>
        </div>
      ) : null}
    </div>
  );
}
