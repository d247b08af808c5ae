import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { abbreviateNumber } from '@/lib/number';
import { useWalletReconnecting } from '@/wallet/reconnect';
import { useUserAddress } from '@/wallet/store';
import { ActivityHover } from './ActivityHover';
import { useAnimatedNumber } from './useAnimatedNumber';
import { usePointsState } from './usePointsTotal';

/**
 * Header badge: 'loading' only while a total is really on its way (a wallet connected or being
 * reconnected), then counts up to the sum over 1500 ms. A visitor gets a hint to connect, and a
 * total that cannot be read shows a dash: never 'loading' for ever.
 */
export function PointsBadge() {
  const { t } = useTranslation();
  const points = usePointsState();
  // A returning visitor's wallet coming back: a neutral placeholder, not what a visitor sees.
  const address = useUserAddress();
  const reconnecting = useWalletReconnecting() && !address;
  const shown = useAnimatedNumber(points.total);
  let text: string;
  let label: string;
  if (points.kind === 'visitor' && !reconnecting) {
    text = t('header.pointsSignIn');
    label = t('header.pointsSignInLabel');
  } else if (reconnecting) {
    text = t('header.pointsReconnecting');
    label = t('header.pointsLabel', { value: t('wallet.reconnecting') });
  } else if (points.kind === 'failed') {
    text = t('common.none');
    label = t('header.pointsUnavailable');
  } else {
    text = shown === undefined ? t('header.pointsLoading') : abbreviateNumber(Math.floor(shown), 0);
    label = t('header.pointsLabel', { value: text });
  }
  return (
    <ActivityHover>
      <Link to="/rewards" className="points-badge" data-testid="points-badge" data-state={reconnecting ? 'reconnecting' : points.kind} aria-busy={reconnecting ? true : undefined} aria-label={label}>
        <span className="points-badge__dot" aria-hidden="true" />
        <span className="points-badge__value">{text}</span>
      </Link>
    </ActivityHover>
  );
}
