import { useTranslation } from 'react-i18next';
import { Page } from '@/components/Page';
import { ActivityPanel } from '@/features/rewards/ActivityPanel';
import { BoostTiers } from '@/features/rewards/BoostTiers';
import { EventList } from '@/features/rewards/EventList';
import { MyPointsPanel } from '@/features/rewards/MyPointsPanel';
import { ReferralCard } from '@/features/rewards/ReferralCard';

/** /rewards and /rewards-phase1. */
export default function RewardsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('rewards.title')} subtitle={t('rewards.subtitle')}>
      <div className="grid grid--2">
        <MyPointsPanel />
        <BoostTiers />
      </div>
      <ActivityPanel />
      <div className="grid grid--2">
        <ReferralCard />
        <EventList />
      </div>
    </Page>
  );
}
