import type { ReactNode } from 'react';

export function Tag({ children, tone = 'hot' }: { children: ReactNode; tone?: 'hot' | 'muted' | 'ok' }) {
  return <span className={`tag tag--${tone}`}>{children}</span>;
}
