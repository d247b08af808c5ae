import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CloseIcon } from '@/components/icons';
import { Spinner } from '@/components/Spinner';
import './activity.css';

/** How long the pointer rests on the points badge before the activity popup opens. */
export const ACTIVITY_POPUP_MS = 1000;
/** Grace to move the pointer from the badge into the popup without it closing. */
export const ACTIVITY_LEAVE_MS = 300;

/** Closed by the user: from then on (this session) hovering no longer opens it. */
export const useActivityPopup = create<{ dismissed: boolean; dismiss: () => void }>()(
  persist((set) => ({ dismissed: false, dismiss: () => set({ dismissed: true }) }), {
    name: 'perch-activity-popup',
    version: 1,
    storage: createJSONStorage(() => sessionStorage),
  }),
);

// The popup's content (quests, points) loads on first open: the header ships without it.
const ActivityPopupBody = lazy(() => import('./ActivityPopupBody'));

/** Wraps the header's points badge: resting on it for 1 s opens the activity popup beside it. */
export function ActivityHover({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dismissed = useActivityPopup((s) => s.dismissed);
  const dismiss = useActivityPopup((s) => s.dismiss);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = (): void => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => clear, []);

  const enter = (): void => {
    clear();
    if (dismissed || open) return;
    timer.current = setTimeout(() => setOpen(true), ACTIVITY_POPUP_MS);
  };
  const leave = (): void => {
    clear();
    if (open) timer.current = setTimeout(() => setOpen(false), ACTIVITY_LEAVE_MS);
  };
  const close = (): void => {
    clear();
    setOpen(false);
    dismiss();
  };

  return (
    <div
      className="activity-hover"
      onMouseEnter={enter}
      onMouseLeave={leave}
      onFocus={enter}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) leave();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) close();
      }}
    >
      {children}
      {open && !dismissed ? (
        <div className="activity-popup" role="dialog" aria-label={t('activityPopup.title')} data-testid="activity-popup">
          <div className="activity-popup__head">
            <strong>{t('activityPopup.title')}</strong>
            <button type="button" className="icon-btn" aria-label={t('activityPopup.close')} onClick={close}>
              <CloseIcon />
            </button>
          </div>
          <Suspense fallback={<Spinner />}>
            <ActivityPopupBody onNavigate={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
