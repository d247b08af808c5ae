import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';

/** A page: its width ('narrow' for forms, 'center' for a single card), its one heading, then its content. */
export function Page({ title, subtitle, layout, children }: { title: string; subtitle?: string; layout?: 'narrow' | 'center'; children: ReactNode }) {
  return (
    <div className={layout ? `page page--${layout}` : 'page'}>
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </div>
  );
}
