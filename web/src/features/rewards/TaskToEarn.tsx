import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { LINKS } from '@/lib/config';

const SOCIAL_TASK_POINTS = 30;
const TASKS = [
  { id: 29, titleKey: 'rewards.followX', actionKey: 'rewards.follow', href: LINKS.twitter },
  { id: 30, titleKey: 'rewards.joinDiscord', actionKey: 'rewards.join', href: LINKS.discord },
  { id: 32, titleKey: 'rewards.joinTelegram', actionKey: 'rewards.join', href: LINKS.telegram },
] as const;

/** Task to Earn: limited social tasks (verification arrives with the rewards issue). */
export function TaskToEarn() {
  const { t } = useTranslation();
  return (
    <Card title={t('rewards.taskToEarn')}>
      <h3 className="section-label">{t('rewards.limitedTasks')}</h3>
      <ul className="task-list">
        {TASKS.map((task) => (
          <li key={task.id} className="task">
            <div>
              <div>{t(task.titleKey)}</div>
              <div className="muted small">{t('rewards.taskPoints', { points: SOCIAL_TASK_POINTS })}</div>
            </div>
            <a className="btn btn--soft" href={task.href} target="_blank" rel="noreferrer">
              {t(task.actionKey)}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
