import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pointsEventQuery } from '@/api/queries';
import type { PointsEvent } from '@/api/types';
import { Card } from '@/components/Card';
import { Spinner } from '@/components/Spinner';
import { formatThousands } from '@/lib/number';
import { shortenAddress } from '@/lib/string';
import { useUserAddress } from '@/wallet/store';
import { formatUtcDate } from '@/lib/format';
import { TableHead } from '@/components/TableHead';


/** A past event: its dates (UTC), rules and final leaderboard, the connected wallet's row marked. */
export function EventBoard({ name }: { name: string }) {
  const { t } = useTranslation();
  const event = useQuery(pointsEventQuery(name));
  if (event.isPending) return <Spinner label={t('events.loading')} />;
  if (event.isError) {
    return (
      <p className="form-error" role="alert">
        {t('events.error')}
      </p>
    );
  }
  const e = event.data;
  return (
    <>
      <Card>
        <p>{t('events.window', { start: formatUtcDate(e.start_time), end: formatUtcDate(e.end_time) })}</p>
        <p>{e.ended ? t('events.endedNotice') : t('events.running')}</p>
        <h2 className="card__title">{t('events.rules')}</h2>
        <ol>
          {e.rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </Card>
      <Leaderboard event={e} />
    </>
  );
}

function Leaderboard({ event }: { event: PointsEvent }) {
  const { t } = useTranslation();
  const me = useUserAddress().toLowerCase();
  return (
    <Card title={t('events.leaderboard')}>
      {event.leaderboard.length === 0 ? (
        <p>{t('events.noEntries')}</p>
      ) : (
        <table className="table">
          <TableHead headers={[t('events.rank'), t('events.wallet'), t('events.points')]} />
          <tbody>
            {event.leaderboard.map((row) => (
              <tr key={row.address} aria-current={row.address === me ? 'true' : undefined}>
                <td>{row.rank}</td>
                <td title={row.address}>
                  {shortenAddress(row.address)}
                  {row.address === me ? ` ${t('events.you')}` : ''}
                </td>
                <td>{formatThousands(String(row.points))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
