import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { CampaignThemes } from './CampaignThemes';
import { SocialTasks } from './SocialTasks';

/** Task to Earn: campaign activities plus the limited social tasks. */
export function TaskToEarn() {
  const { t } = useTranslation();
  return (
    <Card title={t('rewards.taskToEarn')}>
      <CampaignThemes />
      <SocialTasks />
    </Card>
  );
}
