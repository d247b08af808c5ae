import { useTranslation } from 'react-i18next';

/** Previous / page N of M / next under a paged history list (bridges, swaps). */
export function HistoryPager({ page, pages, label, onPage }: { page: number; pages: number; label: string; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="history-pager" aria-label={label}>
      <button type="button" className="btn btn--ghost btn--sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('history.prev')}
      </button>
      <span className="muted small">{t('history.page', { page, pages })}</span>
      <button type="button" className="btn btn--ghost btn--sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('history.next')}
      </button>
    </nav>
  );
}
