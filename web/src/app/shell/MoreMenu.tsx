import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from '@/components/icons';
import { ThemeToggle } from '@/features/theme/ThemeToggle';
import { LINKS } from '@/lib/config';

/** Header 'more' menu: light-mode toggle and support links. */
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
        <div className="more-menu__popover">
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
