import { useQuery } from '@tanstack/react-query';
import { TxHash } from '@/components/TxLink';
import { useTranslation } from 'react-i18next';
import { getMakerDashboard, makerDashboardQueryKey, type MakerDashboard as Dashboard, type MakerWindow } from '@/api/maker';
import { useChainName } from '@/api/useChainName';
import { Card } from '@/components/Card';
import { DataTable, EmptyRow } from '@/components/DataTable';
import { LoadState } from '@/components/LoadState';
import { completionRate, formatSeconds, ORDER_STATES, tokenAmount, totalOrders } from './stats';
import '@/features/tracker/tracker.css';
import { formatDateTime, formatPercent } from '@/lib/format';
import type { ReactNode } from 'react';

const WINDOWS: readonly MakerWindow[] = ['24h', '7d'];

/** /maker: the maker's public figures, refreshed every 10 s (the server keeps them 5 s). */
export function MakerDashboard() {
  const dashboard = useQuery({ queryKey: makerDashboardQueryKey, queryFn: ({ signal }) => getMakerDashboard(signal), refetchInterval: 10_000 });
  const name = useChainName();
  if (dashboard.isLoading || dashboard.isError) return <LoadState query={dashboard} />;
  const d = dashboard.data;
  if (!d) return null;
  return (
    <div className="maker-dashboard">
      <StatusCard d={d} />
      <div className="stat-grid query-section">
        {WINDOWS.map((w) => (
          <WindowCard key={w} d={d} window={w} />
        ))}
      </div>
      <LiquidityCard d={d} />
      <RoutesCard d={d} name={name} />
      <PayoutsCard d={d} name={name} />
    </div>
  );
}

function StatusCard({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  return (
    <Card title={t('trackerPages.maker.status')}>
      <p data-testid="maker-status" data-paused={d.paused}>
        <span className={`tag tag--${d.paused ? 'bad' : 'good'}`}>{d.paused ? t('trackerPages.maker.paused') : t('trackerPages.maker.running')}</span>
      </p>
      {d.maker ? <p className="muted small">{t('trackerPages.maker.account', { address: d.maker })}</p> : null}
      <p className="muted small">{t('trackerPages.maker.asOf', { time: formatDateTime(d.as_of) })}</p>
    </Card>
  );
}

function WindowCard({ d, window: w }: { d: Dashboard; window: MakerWindow }) {
  const { t } = useTranslation();
  const byState = d.orders[w] ?? {};
  const rate = completionRate(byState);
  return (
    <Card title={t(`trackerPages.maker.window.${w}`)}>
      <div data-testid={`maker-window-${w}`}>
        <p className="score-value">{t('trackerPages.maker.orders', { count: totalOrders(d, w) })}</p>
        {rate !== null ? <p className="muted small">{t('trackerPages.maker.completionRate', { rate: formatPercent(rate) })}</p> : null}
        <ul className="small">
          {ORDER_STATES.filter((s) => (byState[s] ?? 0) > 0).map((s) => (
            <li key={s} data-testid={`maker-${w}-${s}`}>
              {t('trackerPages.maker.stateCount', { state: t(`history.states.${s}`), count: byState[s] })}
            </li>
          ))}
        </ul>
        <h3 className="tracker-heading">{t('trackerPages.maker.volume')}</h3>
        {(d.volume[w] ?? []).length === 0 ? <p className="muted small">{t('trackerPages.maker.noVolume')}</p> : null}
        <ul className="small">
          {(d.volume[w] ?? []).map((v) => (
            <li key={v.token} data-testid={`maker-volume-${w}-${v.token}`}>
              {t('trackerPages.maker.volumeLine', { amount: tokenAmount(v.amount, v.decimals), token: v.token, count: v.orders })}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

function LiquidityCard({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  const headers = [t('trackerPages.maker.network'), t('trackerPages.maker.token'), t('trackerPages.maker.balance')];
  const rows = d.liquidity.flatMap((c) =>
    c.error
      ? [{ key: `${c.chain_id}`, chain: c.chain_name, token: t('common.none'), balance: t('trackerPages.maker.chainDown') }]
      : c.tokens.map((tk) => ({ key: `${c.chain_id}-${tk.symbol}`, chain: c.chain_name, token: tk.symbol, balance: tokenAmount(tk.balance, tk.decimals) })),
  );
  return (
    <TableCard title={t('trackerPages.maker.liquidity')} headers={headers} empty={t('trackerPages.maker.noLiquidity')}>
      {rows.map((r) => (
        <tr key={r.key} data-testid={`maker-liquidity-${r.key}`}>
          <td>{r.chain}</td>
          <td>{r.token}</td>
          <td className="num">{r.balance}</td>
        </tr>
      ))}
    </TableCard>
  );
}

/** A dashboard table in a card; `empty` is the one row it shows without data. */
function TableCard({ title, headers, empty, children }: { title: string; headers: string[]; empty: string; children: ReactNode[] }) {
  return (
    <Card title={title} className="table-card query-section">
      <DataTable headers={headers}>{children.length === 0 ? <EmptyRow span={headers.length}>{empty}</EmptyRow> : children}</DataTable>
    </Card>
  );
}

function RoutesCard({ d, name }: { d: Dashboard; name: (id: number) => string }) {
  const { t } = useTranslation();
  const headers = [t('trackerPages.maker.route'), t('trackerPages.maker.token'), t('trackerPages.maker.completed'), t('trackerPages.maker.median'), t('trackerPages.maker.p95')];
  return (
    <TableCard title={t('trackerPages.maker.times')} headers={headers} empty={t('trackerPages.maker.noRoutes')}>
      {d.routes.map((r) => (
        <tr key={`${r.src_chain_id}-${r.dst_chain_id}-${r.token}`} data-testid={`maker-route-${r.src_chain_id}-${r.dst_chain_id}-${r.token}`}>
          <td>{t('trackerPages.maker.routeName', { from: name(r.src_chain_id), to: name(r.dst_chain_id) })}</td>
          <td>{r.token}</td>
          <td className="num">{r.completed}</td>
          <td className="num">{formatSeconds(r.median_seconds)}</td>
          <td className="num">{formatSeconds(r.p95_seconds)}</td>
        </tr>
      ))}
    </TableCard>
  );
}

function PayoutsCard({ d, name }: { d: Dashboard; name: (id: number) => string }) {
  const { t } = useTranslation();
  const headers = [t('trackerPages.maker.time'), t('trackerPages.maker.route'), t('trackerPages.maker.paid'), t('trackerPages.maker.payoutTx')];
  return (
    <TableCard title={t('trackerPages.maker.payouts')} headers={headers} empty={t('trackerPages.maker.noPayouts')}>
      {d.recent_payouts.map((p) => (
        <tr key={p.tx_hash} data-testid="maker-payout">
          <td>
            <time dateTime={new Date(p.completed_at * 1000).toISOString()}>{formatDateTime(p.completed_at)}</time>
          </td>
          <td>{t('trackerPages.maker.routeName', { from: name(p.src_chain_id), to: name(p.dst_chain_id) })}</td>
          <td className="num">{`${tokenAmount(p.receive_amount, p.receive_decimals)} ${p.receive_token}`}</td>
          <td>
            <TxHash url={p.explorer_url} hash={p.tx_hash} label={t('trackerPages.maker.payoutTx')} />
          </td>
        </tr>
      ))}
    </TableCard>
  );
}
