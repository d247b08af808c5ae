import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Page } from '@/components/Page';
import { TRACKER_SUBPAGES, type TrackerSubpage } from '@/features/tracker/programs';
import { ScorePanel } from '@/features/tracker/ScorePanel';
import { TrackerPanel } from '@/features/tracker/TrackerPanel';

/** /tracker and its sub-pages (/tracker/scrollmarks, ...). */
export default function TrackerPage({ sub }: { sub?: TrackerSubpage }) {
  const { t } = useTranslation();
  return (
    <Page title={sub ? t(`tracker.pages.${sub}`) : t('tracker.title')} subtitle={t('tracker.subtitle')}>
      <nav className="pill-nav" aria-label={t('tracker.title')}>
        <NavLink end to="/tracker" className="pill">
          {t('tracker.title')}
        </NavLink>
        {TRACKER_SUBPAGES.map((s) => (
          <NavLink key={s} to={`/tracker/${s}`} className="pill">
            {t(`tracker.pages.${s}`)}
          </NavLink>
        ))}
      </nav>
      {sub ? <ScorePanel key={sub} program={sub} /> : <TrackerPanel />}
    </Page>
  );
}
