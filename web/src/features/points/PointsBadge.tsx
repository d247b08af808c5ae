import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { abbreviateNumber } from '@/lib/number';
import { ActivityHover } from './ActivityHover';
import { useAnimatedNumber } from './useAnimatedNumber';
import { usePointsTotal } from './usePointsTotal';

/** Header badge: 'loading' until the totals arrive, then counts up to the sum over 1500 ms. */
export function PointsBadge() {
  const { t } = useTranslation();
  const total = usePointsTotal();
  const shown = useAnimatedNumber(total);
  const text = shown === undefined ? t('header.pointsLoading') : abbreviateNumber(Math.floor(shown), 0);
  return (
    <ActivityHover>
      <Link to="/rewards" className="points-badge" data-testid="points-badge" aria-label={t('header.pointsLabel', { value: text })}>
        <span className="points-badge__dot" aria-hidden="true" />
        <span className="points-badge__value">{text}</span>
      </Link>
    </ActivityHover>
  );
}
