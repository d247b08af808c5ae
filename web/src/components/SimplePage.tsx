import type { ReactNode } from 'react';
import { Card } from './Card';
import { PageHeader } from './PageHeader';

/** Heading + one card: used by routes whose contents the spec does not show. */
export function SimplePage({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  return (
    <div className="page page--narrow">
      <PageHeader title={title} />
      <Card>
        <p className="muted">{body}</p>
        {children}
      </Card>
    </div>
  );
}
