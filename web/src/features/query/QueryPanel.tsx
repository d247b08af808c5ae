import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lookup, lookupQueryKey, type Lookup, type LookupCheckIn, type LookupPoints } from '@/api/query';
import { chainsQuery } from '@/api/queries';
import { activityQueryKey, getActivity, type ChainActivity } from '@/api/tracker';
import { Card } from '@/components/Card';
import { DataTable } from '@/components/DataTable';
import { LoadState } from '@/components/LoadState';
import { Spinner } from '@/components/Spinner';
import { HISTORY_COLUMNS, OrderRow } from '@/features/history/HistoryTable';
import { formatUsd } from '@/features/tracker/activity';
import { formatThousands } from '@/lib/number';
import { isNothingFound, lookupKind } from './lookupInput';
import { useQueryForm } from './queryStore';
import '@/features/tracker/tracker.css';
import { FormError } from '@/components/FormError';
import { CardForm } from '@/components/CardForm';
import { TextField } from '@/components/TextField';

/** /query: one box for an address, a transaction hash or an order key; everything Perch knows of it. */
export function QueryPanel() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const result = useQuery({
    queryKey: lookupQueryKey(q),
    queryFn: ({ signal }) => lookup(q, signal),
    enabled: lookupKind(q) !== null,
    retry: false,
  });
  return (
    <>
      <QueryForm asked={q} />
      <LoadState query={result} />
      {result.data ? <LookupResult data={result.data} /> : null}
    </>
  );
}

function QueryForm({ asked }: { asked: string }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const input = useQueryForm((s) => s.input);
  const setInput = useQueryForm((s) => s.setInput);
  const [bad, setBad] = useState(false);
  useEffect(() => {
    if (asked !== '') setInput(asked);
  }, [asked, setInput]);
  return (
    <CardForm
      className="tracker-form"
      onSubmit={() => {
        const ok = lookupKind(input) !== null;
        setBad(!ok);
        if (ok) setParams({ q: input.trim() }, { replace: true });
      }}
    >
      <TextField label={t('trackerPages.query.label')} placeholder={t('trackerPages.query.placeholder')} value={input} onChange={setInput} />
      <FormError>{bad ? t('trackerPages.query.badInput') : null}</FormError>
      <div className="button-row">
        <button type="submit" className="btn btn--primary">
          {t('trackerPages.query.search')}
        </button>
      </div>
    </CardForm>
  );
}

function LookupResult({ data }: { data: Lookup }) {
  const { t } = useTranslation();
  const { data: chains } = useQuery(chainsQuery());
  const address = data.kind === 'address' ? data.q : '';
  return (
    <div data-testid="lookup-result" data-kind={data.kind}>
      {isNothingFound(data) ? (
        <p className="muted" role="status" data-testid="lookup-nothing">
          {t('trackerPages.query.nothing')}
        </p>
      ) : null}
      {data.orders.length > 0 ? (
        <Card title={t('trackerPages.query.orders', { count: data.orders_total })} className="table-card query-section">
          <DataTable headers={HISTORY_COLUMNS.map((k) => t(k))}>
            {data.orders.map((o) => (
              <OrderRow key={o.order_key} order={o} chains={chains} />
            ))}
          </DataTable>
        </Card>
      ) : null}
      {data.points && data.points.total > 0 ? <PointsCard points={data.points} /> : null}
      {data.checkins && data.checkins.length > 0 ? <CheckInsCard checkins={data.checkins} /> : null}
      {address ? <TrackerSummary address={address} /> : null}
    </div>
  );
}

const POINT_KINDS = ['campaign', 'cross', 'refer', 'check_in', 'pool', 'cross_v1', 'refer_v1'] as const;

function PointsCard({ points }: { points: LookupPoints }) {
  const { t } = useTranslation();
  return (
    <Card title={t('trackerPages.query.points')} className="query-section">
      <p className="score-value" data-testid="lookup-points">
        {formatThousands(points.total)}
      </p>
      <ul className="muted small">
        {POINT_KINDS.filter((k) => points[k] !== 0).map((k) => (
          <li key={k}>{t(`trackerPages.query.pointKinds.${k}`, { points: formatThousands(points[k]) })}</li>
        ))}
      </ul>
    </Card>
  );
}

function CheckInsCard({ checkins }: { checkins: LookupCheckIn[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('trackerPages.query.checkins', { count: checkins.length })} className="query-section">
      <ul data-testid="lookup-checkins">
        {checkins.slice(0, 10).map((c) => (
          <li key={`${c.date}-${c.chain_id}`}>{t('trackerPages.query.checkin', { date: c.date, points: c.points })}</li>
        ))}
      </ul>
    </Card>
  );
}

/** The tracker's view of the address, asked by the page (the tracker API may not run on every server). */
function TrackerSummary({ address }: { address: string }) {
  const { t } = useTranslation();
  const activity = useQuery({
    queryKey: activityQueryKey([address]),
    queryFn: ({ signal }) => getActivity([address], signal),
    retry: false,
    staleTime: 30_000,
  });
  const chains: ChainActivity[] = activity.data?.addresses[0]?.chains ?? [];
  const active = chains.filter((c) => c.tx_count > 0);
  return (
    <Card title={t('trackerPages.query.tracker')} className="query-section">
      {activity.isLoading ? <Spinner /> : null}
      {activity.isError ? <p className="muted">{t('trackerPages.query.trackerUnavailable')}</p> : null}
      {activity.data && active.length === 0 ? <p className="muted">{t('trackerPages.query.trackerNone')}</p> : null}
      {active.length > 0 ? (
        <ul data-testid="lookup-tracker">
          {active.map((c) => (
            <li key={c.chain_id}>
              {t('trackerPages.query.trackerChain', { chain: c.chain_name, count: c.tx_count, volume: formatUsd(c.volume_usd) })}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
