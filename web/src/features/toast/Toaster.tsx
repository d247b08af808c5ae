import { useEffect } from 'react';
import { TOAST_MS, useToastStore, type Toast } from './store';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, dismiss]);
  return (
    <div className={`toast toast--${toast.level}`} role={toast.level === 'error' ? 'alert' : 'status'} data-testid="toast">
      {toast.message}
    </div>
  );
}

/** The app's toasts (success / error messages of check-in, verification, share). */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
