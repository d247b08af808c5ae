import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** Special days by default: Wed, Fri, Sun. */
const SPECIAL = new Set<(typeof DAYS)[number]>(['wed', 'fri', 'sun']);

/** Weekly Bridge reward boxes, Mon-Sun. */
export function WeeklyBridge() {
  const { t } = useTranslation();
  return (
    <Card title={t('rewards.weeklyBridge')}>
      <ol className="week-boxes">
        {DAYS.map((d) => (
          <li key={d} className={`week-box${SPECIAL.has(d) ? ' week-box--special' : ''}`}>
            <span>{t(`rewards.days.${d}`)}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
