import { useTranslation } from 'react-i18next';
import { Page } from '@/components/Page';
import { BoostTiers } from '@/features/rewards/BoostTiers';
import { EventList } from '@/features/rewards/EventList';
import { MyPointsPanel } from '@/features/rewards/MyPointsPanel';
import { TaskToEarn } from '@/features/rewards/TaskToEarn';

/** Points page: My Points, Task to Earn, the event list and the point boost display. */
export default function PointsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('points.title')}>
      <div className="grid grid--2">
        <MyPointsPanel />
        <BoostTiers />
      </div>
      <div className="grid grid--2">
        <TaskToEarn />
        <EventList />
      </div>
    </Page>
  );
}
