import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { abbreviateNumber } from '@/lib/number';
import { useWalletReconnecting } from '@/wallet/reconnect';
import { useUserAddress } from '@/wallet/store';
import { useAnimatedNumber } from './useAnimatedNumber';
import { usePointsTotal } from './usePointsTotal';

/** Header badge: 'loading' until the totals arrive, then counts up to the sum over 1500 ms. */
export function PointsBadge() {
  const { t } = useTranslation();
  const total = usePointsTotal();
  const shown = useAnimatedNumber(total);
  // A returning visitor's wallet coming back: a neutral placeholder, not what a visitor without a wallet sees.
  const address = useUserAddress();
  const reconnecting = useWalletReconnecting() && !address;
  const text = reconnecting ? t('header.pointsReconnecting') : shown === undefined ? t('header.pointsLoading') : abbreviateNumber(Math.floor(shown), 0);
  return (
    <Link to="/rewards" className="points-badge" data-testid="points-badge" data-state={reconnecting ? 'reconnecting' : undefined} aria-busy={reconnecting ? true : undefined} aria-label={t('header.pointsLabel', { value: reconnecting ? t('wallet.reconnecting') : text })}>
      <span className="points-badge__dot" aria-hidden="true" />
      <span className="points-badge__value">{text}</span>
    </Link>
  );
}
