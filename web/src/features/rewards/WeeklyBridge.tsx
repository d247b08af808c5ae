import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { checkInInfoQuery } from '@/api/rewardsQueries';
import { toDate } from '@/features/checkin/calendar';
import { logger } from '@/lib/logger';
import { useUserAddress } from '@/wallet/store';
import { weekBoxes } from './weekly';
import { formatThousands } from '@/lib/number';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Weekly Bridge reward boxes, Mon-Sun: claimed, unclaimed or special. */
export function WeeklyBridge() {
  const { t } = useTranslation();
  const address = useUserAddress();
  const info = useQuery(checkInInfoQuery(address));
  useEffect(() => {
    if (info.error) logger.warn('sign-in info load failed', info.error);
  }, [info.error]);
  const now = toDate(info.data?.time_now) ?? new Date();
  const boxes = weekBoxes(info.data, now);
  return (
    <section className="weekly" aria-label={t('rewards.weeklyBridge')}>
      <h3 className="section-label">{t('rewards.weeklyBridge')}</h3>
      <ol className="week-boxes">
        {boxes.map((b) => (
          <li
            key={b.key}
            className={`week-box week-box--${b.state}${b.special ? ' week-box--special' : ''}${b.isToday ? ' week-box--today' : ''}${b.isFuture ? ' week-box--future' : ''}`}
            data-testid={`week-box-${DAYS[b.weekday] ?? ''}`}
            data-state={b.state}
          >
            <span>{t(`rewards.days.${DAYS[b.weekday] ?? 'mon'}`)}</span>
            <strong className="week-box__points">{b.points > 0 ? t('checkin.dayPoints', { points: formatThousands(b.points) }) : '—'}</strong>
            <span className="small week-box__state">{t(`rewards.box.${b.state}`)}</span>
            {b.special ? <span className="tag tag--hot small">{t('rewards.x2')}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
