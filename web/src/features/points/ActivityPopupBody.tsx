import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pointsQuery } from '@/api/queries';
import { questsQuery } from '@/api/rewardsQueries';
import { useCheckInModal } from '@/features/checkin/checkIn';
import { activeQuests } from '@/features/rewards/campaigns';
import { QuestLink } from '@/features/rewards/QuestLink';
import { formatThousands } from '@/lib/number';
import { useUserAddress } from '@/wallet/store';
import { FactList } from '@/components/FactList';

/** What the activity popup shows: where the points come from, the running quests, and the ways to earn more. */
export default function ActivityPopupBody({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const address = useUserAddress();
  const points = useQuery(pointsQuery(address));
  const quests = useQuery(questsQuery());
  const showCheckIn = useCheckInModal((s) => s.show);
  const p = points.data;
  const rows = p
    ? [
        { key: 'rewards.bridgePoints', value: p.cross_points + p.cross_points_v1 },
        { key: 'rewards.checkInPoints', value: p.check_in_points },
        { key: 'rewards.referralPoints', value: p.refer_points + p.refer_points_v1 },
        { key: 'rewards.campaignPoints', value: p.campaign_points },
      ] as const
    : [];
  const running = activeQuests(quests.data ?? [], Date.now()).slice(0, 3);
  return (
    <div className="activity-popup__body">
      {address ? null : <p className="muted small">{t('activityPopup.visitor')}</p>}
      {rows.length > 0 ? (
        <FactList className="activity-popup__points" facts={rows.map((r) => ({ label: t(r.key), value: formatThousands(r.value) }))} />
      ) : null}
      {running.length > 0 ? (
        <ul className="activity-popup__quests" aria-label={t('rewards.moreQuests')}>
          {running.map((q, i) => (
            <li key={`${q.order}-${q.maintitle}`} data-testid={`activity-quest-${i}`}>
              <QuestLink link={q.link} index={i} onNavigate={onNavigate}>
                <strong>{q.maintitle}</strong>
              </QuestLink>
              {q.subtitle ? <span className="muted small">{q.subtitle}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="activity-popup__actions">
        <button
          type="button"
          className="btn btn--soft btn--sm"
          onClick={() => {
            onNavigate();
            showCheckIn();
          }}
        >
          {t('activityPopup.checkIn')}
        </button>
        <Link className="btn btn--soft btn--sm" to="/invitepage" onClick={onNavigate}>
          {t('pages.invite')}
        </Link>
        <Link className="btn btn--primary btn--sm" to="/rewards" onClick={onNavigate}>
          {t('activityPopup.allQuests')}
        </Link>
      </div>
    </div>
  );
}
