import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bridgeStatusQueryKey, getBridgeStatus, type BridgeStatus, type StatusIncident, type StatusRoute, type StatusWindow } from '@/api/status';
import { useChainName } from '@/api/useChainName';
import { Card } from '@/components/Card';
import { DataTable, EmptyRow } from '@/components/DataTable';
import { LoadState } from '@/components/LoadState';
import { formatSeconds } from '@/features/maker/stats';
import { formatDateTime, formatNumber } from '@/lib/format';
import { fillBars, fillTime, groupOpenAtFirst, overallState, routeGroups, STATUS_WINDOWS, type RouteGroup } from './status';
import '@/features/tracker/tracker.css';
import './status.css';

// recharts is heavy: its chunk loads with the charts, on this page only.
const FillChart = lazy(() => import('./StatusCharts').then((m) => ({ default: m.FillChart })));

type ChainName = (id: number) => string;

/** /status: the bridge's live numbers, refreshed every 10 s (the server keeps them 5 s). */
export function StatusView() {
  const status = useQuery({ queryKey: bridgeStatusQueryKey, queryFn: ({ signal }) => getBridgeStatus(signal), refetchInterval: 10_000 });
  const name = useChainName();
  const s = status.data;
  // Without figures: the spinner, or why they failed (a refetch's failure keeps the last figures).
  if (!s) return <LoadState query={status} />;
  return (
    <div className="status-page" data-testid="status-page" data-as-of={s.as_of}>
      <OverallCard s={s} />
      <ChartCard s={s} name={name} />
      <RouteGroups routes={s.routes} name={name} />
      <ChainsCard s={s} name={name} />
      <IncidentsCard incidents={s.incidents} name={name} />
    </div>
  );
}

function OverallCard({ s }: { s: BridgeStatus }) {
  const { t } = useTranslation();
  const state = overallState(s);
  const tone = state === 'ok' ? 'good' : 'bad';
  return (
    <Card title={t('status.overall')}>
      <p data-testid="status-overall" data-state={state}>
        <span className={`tag tag--${tone}`}>{t(`status.state.${state}`)}</span>
      </p>
      <p className="muted small">{t('status.asOf', { time: formatDateTime(s.as_of) })}</p>
      <p className="muted small">{t('status.method')}</p>
    </Card>
  );
}

function ChartCard({ s, name }: { s: BridgeStatus; name: ChainName }) {
  const { t } = useTranslation();
  const [window, setWindow] = useState<StatusWindow>('24h');
  const bars = fillBars(s, window, (r) => `${name(r.from_chain_id)} → ${name(r.to_chain_id)} ${r.token}`);
  return (
    <Card title={t('status.chartTitle')} className="query-section">
      <div role="tablist" aria-label={t('status.chartTitle')} className="tabs">
        {STATUS_WINDOWS.map((w) => (
          <button key={w} type="button" role="tab" aria-selected={window === w} className={`tab${window === w ? ' tab--active' : ''}`} onClick={() => setWindow(w)}>
            {t(`status.window.${w}`)}
          </button>
        ))}
      </div>
      {bars.length === 0 ? (
        <p className="muted">{t('status.noFills')}</p>
      ) : (
        <Suspense fallback={null}>
          <FillChart bars={bars} />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * The routes, grouped by token and source chain (with every pair of 13 chains that is some 268
 * tables): a group with orders in the week or a pause starts open, the quiet ones are one line each,
 * with their tables rendered only once opened.
 */
function RouteGroups({ routes, name }: { routes: StatusRoute[]; name: ChainName }) {
  const { t } = useTranslation();
  const groups = routeGroups(routes);
  return (
    <Card title={t('status.routes', { count: routes.length })} className="query-section">
      {groups.map((g) => (
        <RouteGroupSection key={g.key} g={g} name={name} />
      ))}
    </Card>
  );
}

function RouteGroupSection({ g, name }: { g: RouteGroup; name: ChainName }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => groupOpenAtFirst(g));
  return (
    <details className="status-group" data-testid={`status-group-${g.key}`} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <strong>{t('status.groupTitle', { token: g.token, from: name(g.from_chain_id) })}</strong>{' '}
        <span className="muted small" data-testid="status-group-summary">
          {t('status.groupSummary', { count: g.routes.length, orders: g.orders7d })}
          {g.paused > 0 ? ` · ${t('status.groupPaused', { count: g.paused })}` : ''}
        </span>
      </summary>
      {open ? g.routes.map((r) => <RouteTable key={r.route} r={r} name={name} />) : null}
    </details>
  );
}

/** One table per route: a row per window with its fill times and refunds, the capacity left and the pause above it. */
function RouteTable({ r, name }: { r: StatusRoute; name: ChainName }) {
  const { t } = useTranslation();
  const headers = [t('status.col.window'), t('status.col.orders'), t('status.col.p50'), t('status.col.p95'), t('status.col.p99'), t('status.col.refunds'), t('status.col.refundTime'), t('status.col.refundCost')];
  const title = t('status.routeName', { from: name(r.from_chain_id), to: name(r.to_chain_id), token: r.token });
  return (
    <Card title={title} className="table-card query-section">
      <div data-testid={`status-route-${r.route}`}>
        <p className="small">
          <span className={`tag tag--${r.paused ? 'bad' : 'good'}`} data-testid="status-route-paused" data-paused={r.paused}>
            {r.paused ? t('status.routePaused') : t('status.routeOpen')}
          </span>{' '}
          {r.paused && r.paused_reason ? <span className="muted">{r.paused_reason}</span> : null}
        </p>
        <p className="small" data-testid="status-route-capacity">
          {t('status.capacity', { hour: formatNumber(r.hour_left), day: formatNumber(r.day_left), token: r.token })}
        </p>
        <DataTable headers={headers}>
          {STATUS_WINDOWS.map((w) => {
            const x = r.stats[w];
            return (
              <tr key={w} data-testid={`status-row-${w}`}>
                <td>{t(`status.window.${w}`)}</td>
                <td className="num" data-field="orders">{x.orders}</td>
                <td className="num" data-field="p50">{fillTime(x.p50_seconds)}</td>
                <td className="num" data-field="p95">{fillTime(x.p95_seconds)}</td>
                <td className="num" data-field="p99">{fillTime(x.p99_seconds)}</td>
                <td className="num" data-field="refunds">{x.refunds}</td>
                <td className="num" data-field="refund-time">{x.refund_median_seconds === null ? '–' : formatSeconds(x.refund_median_seconds)}</td>
                <td className="num" data-field="refund-cost">{x.refund_median_cost === null ? '–' : `${formatNumber(x.refund_median_cost)} ${r.token}`}</td>
              </tr>
            );
          })}
        </DataTable>
      </div>
    </Card>
  );
}

function ChainsCard({ s, name }: { s: BridgeStatus; name: ChainName }) {
  const { t } = useTranslation();
  const headers = [t('status.col.network'), t('status.col.head'), t('status.col.sinceHead'), t('status.col.lag'), t('status.col.state')];
  return (
    <Card title={t('status.chains')} className="table-card query-section">
      <DataTable headers={headers}>
        {s.chains.length === 0 ? <EmptyRow span={headers.length}>{t('status.noChains')}</EmptyRow> : null}
        {s.chains.map((c) => (
          <tr key={c.chain_id} data-testid={`status-chain-${c.chain_id}`}>
            <td>{name(c.chain_id)}</td>
            <td className="num">{c.head_block}</td>
            <td className="num">{formatSeconds(c.seconds_since_new_head)}</td>
            <td className="num">{c.watcher_lag_blocks}</td>
            <td>
              <span className={`tag tag--${c.stopped ? 'bad' : 'good'}`}>{c.stopped ? t('status.stopped') : t('status.moving')}</span>
            </td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}

function IncidentsCard({ incidents, name }: { incidents: StatusIncident[]; name: ChainName }) {
  const { t } = useTranslation();
  const subject = (i: StatusIncident) => (i.kind === 'head_stopped' ? name(Number(i.subject)) : i.kind === 'pause' ? t('status.wholeBridge') : i.subject);
  return (
    <Card title={t('status.incidents')} className="query-section">
      {incidents.length === 0 ? <p className="muted" data-testid="status-no-incidents">{t('status.noIncidents')}</p> : null}
      <ul className="small">
        {incidents.map((i) => (
          <li key={`${i.kind}-${i.subject}-${i.started_at}`} data-testid="status-incident">
            <strong>{t(`status.incident.${i.kind}`, { subject: subject(i) })}</strong> {i.detail}{' '}
            <span className="muted">
              {i.ended_at === null ? t('status.since', { time: formatDateTime(i.started_at) }) : t('status.between', { from: formatDateTime(i.started_at), to: formatDateTime(i.ended_at) })}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
