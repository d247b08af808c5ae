import { useTranslation } from 'react-i18next';
import { CalendarIcon } from '@/components/icons';
import { useCheckInModal } from './checkIn';

/** Opens the daily check-in modal (its check-in button needs a connected wallet). */
export function CheckInButton() {
  const { t } = useTranslation();
  const show = useCheckInModal((s) => s.show);
  return (
    <button type="button" className="btn btn--soft" onClick={show} aria-label={t('header.checkIn')}>
      <CalendarIcon />
      <span className="hide-sm">{t('header.checkIn')}</span>
    </button>
  );
}
