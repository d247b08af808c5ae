import type { ReactNode } from 'react';

/** A form's error line, announced as soon as it appears; nothing while there is no error. */
export function FormError({ children, testId }: { children: ReactNode; testId?: string }) {
  return children ? (
    <p className="form-error" role="alert" data-testid={testId}>
      {children}
    </p>
  ) : null;
}
