import { lazy, Suspense, type ReactNode } from 'react';
import { NavLink, useParams } from 'react-router';
import { NotFoundPage } from '@/pages/SimplePages';
import { AuditFigures } from './AuditFigures';
import { BrandKit } from './BrandKit';
import { Markdown } from './markdown';
import { NetworkTable } from './NetworkTable';
import { DOCS_PAGES, docsPath } from './pages';
import { FeeTables, TimesTable } from './RouteTables';
import { useDocsT, type DocsT } from './useDocsT';
import './docs.css';

// Prose per language (content/<lang>/<page>.md), bundled into this chunk only.
const PROSE = import.meta.glob<string>('./content/*/*.md', { query: '?raw', import: 'default', eager: true });
const prose = (lang: string, file: string): string => PROSE[`./content/${lang}/${file}.md`] ?? PROSE[`./content/en/${file}.md`] ?? '';

// Swagger UI is large: its own chunk, loaded only on /docs/api.
const ApiReference = lazy(() => import('./ApiReference').then((m) => ({ default: m.ApiReference })));

/** The live part of a page, below its prose. */
function widgetOf(slug: string, t: DocsT): ReactNode {
  switch (slug) {
    case 'fees':
      return <FeeTables t={t} />;
    case 'times':
      return <TimesTable t={t} />;
    case 'networks':
      return <NetworkTable t={t} />;
    case 'brand-kit':
      return <BrandKit t={t} />;
    case 'audit':
      return <AuditFigures t={t} />;
    case 'api':
      return (
        <Suspense fallback={<p>{t('api.loading')}</p>}>
          <ApiReference t={t} />
        </Suspense>
      );
    default:
      return null;
  }
}

/** /docs and /docs/:page: a side navigation and the page. */
export default function DocsApp() {
  const { page = '' } = useParams();
  const { t, lang } = useDocsT();
  const info = DOCS_PAGES.find((p) => p.slug === page);
  if (!info) return <NotFoundPage />;
  return (
    <div className="page docs">
      <nav className="docs__nav" aria-label={t('navLabel')}>
        <p className="docs__brand">{t('title')}</p>
        <ul>
          {DOCS_PAGES.map((p) => (
            <li key={p.slug}>
              <NavLink to={docsPath(p.slug)} end>
                {t(p.titleKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="docs__body" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
        <h1>{t(info.titleKey)}</h1>
        <Markdown text={prose(lang, info.file)} />
        {widgetOf(info.slug, t)}
      </article>
    </div>
  );
}
