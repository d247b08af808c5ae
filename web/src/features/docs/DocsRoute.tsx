import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/Spinner';

// The docs (pages, prose, their i18n namespace, the API renderer) are a chunk of their own,
// fetched only when a /docs route renders: the first load of / does not carry them.
const DocsApp = lazy(() => import('./DocsApp'));

export function DocsRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <DocsApp />
    </Suspense>
  );
}
