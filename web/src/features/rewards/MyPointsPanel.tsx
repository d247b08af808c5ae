import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { totalPoints } from '@/api/endpoints';
import { pointsQuery } from '@/api/queries';
import { Card } from '@/components/Card';
import { ConnectWalletButton } from '@/features/wallet-connect/ConnectWalletButton';
import { abbreviateNumber } from '@/lib/number';
import { useUserAddress } from '@/wallet/store';
import { FactList } from '@/components/FactList';

/** My Points: total plus bridge (cross + cross_v1), referral (refer + refer_v1), check-in, campaign, pool. */
export function MyPointsPanel() {
  const { t } = useTranslation();
  const address = useUserAddress();
  const { data } = useQuery(pointsQuery(address));
  const fmt = (n: number | undefined): string => (n === undefined ? t('common.none') : abbreviateNumber(n));
  const rows = [
    { key: 'rewards.bridgePoints', value: data ? data.cross_points + data.cross_points_v1 : undefined },
    { key: 'rewards.referralPoints', value: data ? data.refer_points + data.refer_points_v1 : undefined },
    { key: 'rewards.checkInPoints', value: data?.check_in_points },
    { key: 'rewards.campaignPoints', value: data?.campaign_points },
    { key: 'rewards.poolPoints', value: data?.pool_points },
  ] as const;
  return (
    <Card title={t('rewards.myPoints')} className="points-panel">
      <div className="points-panel__total">
        <span className="muted">{t('rewards.totalPoints')}</span>
        <strong className="stat-card__value">{fmt(data ? totalPoints(data) : undefined)}</strong>
      </div>
      <FactList className="points-panel__grid" facts={rows.map((r) => ({ label: t(r.key), value: fmt(r.value) }))} />
      {address ? null : (
        <div className="points-panel__cta">
          <p className="muted">{t('rewards.connectToSee')}</p>
          <ConnectWalletButton />
        </div>
      )}
    </Card>
  );
}
