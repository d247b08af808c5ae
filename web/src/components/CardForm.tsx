import type { ReactNode } from 'react';
import { Card } from './Card';

/** A card holding one form: submitting runs `onSubmit` in the page instead of reloading it; `below` follows the form. */
export function CardForm({ className, onSubmit, children, below }: { className: string; onSubmit: () => void; children: ReactNode; below?: ReactNode }) {
  return (
    <Card>
      <form
        className={className}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
      {below}
    </Card>
  );
}
