import type { ReactNode } from 'react';
import { Card } from './Card';
import { Page } from './Page';

/** Heading + one card: used by routes whose contents the spec does not show. */
export function SimplePage({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  return (
    <Page title={title} layout="narrow">
      <Card>
        <p className="muted">{body}</p>
        {children}
      </Card>
    </Page>
  );
}
