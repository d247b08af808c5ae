import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pointsQuery } from '@/api/queries';
import { Card } from '@/components/Card';
import { BOOST_TIERS } from '@/lib/config';
import { useUserAddress } from '@/wallet/store';
import { tierForMultiplier } from './boost';

/** Point boost tiers; the current multiplier tier is highlighted. */
export function BoostTiers() {
  const { t } = useTranslation();
  const { data } = useQuery(pointsQuery(useUserAddress()));
  const current = tierForMultiplier(data?.multiplier);
  return (
    <Card title={t('rewards.boost')}>
      <ol className="boost-tiers">
        {BOOST_TIERS.map((tier, i) => (
          <li key={tier.bridges} className={`boost-tier${i === current ? ' boost-tier--current' : ''}`} aria-current={i === current ? 'step' : undefined}>
            <strong>{t('rewards.boostTier', { multiplier: tier.multiplier })}</strong>
            <span className="muted small">{t('rewards.boostBridges', { bridges: tier.bridges })}</span>
          </li>
        ))}
      </ol>
      <p className="muted small">{t('rewards.boostNote')}</p>
    </Card>
  );
}
