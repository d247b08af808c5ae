import { useTranslation } from 'react-i18next';
import { CalendarIcon } from '@/components/icons';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletStore } from '@/wallet/store';

/** Check-in requires a connected wallet: without one the wallet list opens (the calendar modal comes later). */
export function CheckInButton() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const showWallets = useWalletModal((s) => s.show);
  return (
    <button
      type="button"
      className="btn btn--soft"
      onClick={() => {
        if (!address) showWallets();
      }}
      aria-label={t('header.checkIn')}
    >
      <CalendarIcon />
      <span className="hide-sm">{t('header.checkIn')}</span>
    </button>
  );
}
