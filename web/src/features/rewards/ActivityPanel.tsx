import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { CampaignThemes } from './CampaignThemes';
import { QuestCarousel } from './QuestCarousel';
import { SocialTasks } from './SocialTasks';
import { WeeklyBridge } from './WeeklyBridge';

/** Activity / quests panel: weekly boxes, themed campaigns, limited tasks, 'More Quests'. Opens and closes. */
export function ActivityPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Card className="activity-panel">
      <div className="activity-panel__head">
        <h2 className="card__title">{t('rewards.activity')}</h2>
        <button type="button" className="btn btn--soft" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('rewards.closePanel') : t('rewards.openPanel')}
        </button>
      </div>
      {open ? (
        <div className="activity-panel__body">
          <WeeklyBridge />
          <CampaignThemes />
          <SocialTasks />
          <QuestCarousel />
        </div>
      ) : null}
    </Card>
  );
}
