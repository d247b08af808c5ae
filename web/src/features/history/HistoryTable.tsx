import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { historyQuery, orderReceived, type Order } from '@/api/bridge';
import { chainsQuery } from '@/api/queries';
import type { Chain } from '@/api/types';
import { Card } from '@/components/Card';
import { DataTable, EmptyRow } from '@/components/DataTable';
import { TxLink } from '@/components/TxLink';
import { withoutLocalExplorer } from '@/lib/explorer';
import { formatDateTime, formatTokenAmount, isoDateTime } from '@/lib/format';
import { useEcosystemAccount } from '@/wallet/ecosystems/store';
import { useWalletReconnecting } from '@/wallet/reconnect';
import { useWalletStore } from '@/wallet/store';
import './history.css';
import { HistoryPager } from './HistoryPager';
import { OrderTransfers, historyEmptyText } from './historySection';

export const HISTORY_COLUMNS = ['history.time', 'history.from', 'history.to', 'history.amount', 'history.receive', 'history.status', 'history.txHash'] as const;
export const HISTORY_PAGE_SIZE = 10;

/** Pages needed for `total` rows (at least one). */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / Math.max(1, size)));

const isoTime = isoDateTime;
const localTime = formatDateTime;

/** Every state the order went through, with its time: each transition is timestamped and shown, so a user can see where a deposit waits. */
function OrderTimeline({ order, id }: { order: Order; id: string }) {
  const { t } = useTranslation();
  return (
    <ol className="order-timeline" id={id} aria-label={t('history.timeline')}>
      {order.timeline.map((e, i) => (
        <li key={`${e.state}-${e.at}-${i}`} data-state={e.state}>
          <span className={`order-state order-state--${e.state}`}>{t(`history.states.${e.state}`)}</span>{' '}
          <time className="muted small" dateTime={isoTime(e.at)}>
            {localTime(e.at)}
          </time>
          {e.detail ? <span className="muted small"> · {e.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** One order with its timeline toggle (also /query's rows). */
export function OrderRow({ order, chains }: { order: Order; chains: readonly Chain[] | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const timelineId = useId();
  const steps = order.timeline?.length ?? 0;
  const name = (id: number): string => chains?.find((c) => c.chain_id === id)?.chain_name ?? String(id);
  const token = order.token || t('common.none');
  const label = (i: number): string => t(HISTORY_COLUMNS[i] ?? 'history.time');
  // Bridge and swap: sent in one token, received in another (the swap's delivered amount).
  const got = order.state === 'completed' ? orderReceived(order) : null;
  return (
    <Fragment>
      <tr data-testid={`order-${order.src_tx_hash}`} data-state={order.state}>
        <td data-label={label(0)}>
          <time dateTime={isoTime(order.created_at)}>{localTime(order.created_at)}</time>
        </td>
        <td data-label={label(1)}>{name(order.src_chain_id)}</td>
        <td data-label={label(2)}>{name(order.dst_chain_id)}</td>
        <td data-testid="order-amount" data-label={label(3)}>
          {formatTokenAmount(order.amount, order.decimals, token)}
          {order.swap ? <span className="muted small">{` → ${order.swap.token || t('common.none')}`}</span> : null}
        </td>
        <td data-testid="order-receive" data-label={label(4)}>
          {got ? formatTokenAmount(got.raw, got.decimals, got.token || token) : t('common.none')}
        </td>
        <td data-label={label(5)}>
          <span className={`order-state order-state--${order.state}`} data-testid="order-state" title={order.reason || undefined}>
            {t(`history.states.${order.state}`)}
          </span>
          {order.reason && order.state !== 'completed' ? <span className="muted small"> · {order.reason}</span> : null}
          {steps > 0 ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm order-timeline__toggle"
              aria-expanded={open}
              aria-controls={timelineId}
              onClick={() => setOpen((o) => !o)}
            >
              {t('history.timelineToggle', { count: steps })}
            </button>
          ) : null}
        </td>
        <td data-label={label(6)}>
          <OrderTransfers order={order} chains={chains} t={t} />
          {order.refund_tx_hash ? (
            <>
              {' ↩ '}
              <TxLink chains={chains} chainId={order.src_chain_id} hash={order.refund_tx_hash} label={t('history.refundTx')} />
            </>
          ) : null}
        </td>
      </tr>
      {steps > 0 ? (
        <tr className="order-timeline-row" data-testid={`order-timeline-${order.src_tx_hash}`} hidden={!open}>
          <td colSpan={HISTORY_COLUMNS.length}>
            <OrderTimeline order={order} id={timelineId} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

type Whose = 'evm' | 'solana';

/** With an EVM and a Solana wallet both connected, which one's history is shown. */
function WhoseHistory({ whose, onChange }: { whose: Whose; onChange: (w: Whose) => void }) {
  const { t } = useTranslation();
  return (
    <div className="history-whose" role="group" aria-label={t('history.whose')}>
      {(['evm', 'solana'] as const).map((w) => (
        <button key={w} type="button" className="btn btn--ghost btn--sm" aria-pressed={whose === w} onClick={() => onChange(w)}>
          {t(w === 'evm' ? 'history.whoseEvm' : 'history.whoseSolana')}
        </button>
      ))}
    </div>
  );
}

/**
 * Bridge history of the connected wallet (sender or recipient), newest first; `channel` narrows to
 * a partner channel. A Solana wallet's orders (deposits from it, payouts to it) are found by its
 * base58 address; with both kinds connected, the user picks whose.
 */
export function HistoryTable({ channel }: { channel?: number }) {
  const { t } = useTranslation();
  const evmAddress = useWalletStore((s) => s.address);
  const reconnecting = useWalletReconnecting();
  const solanaAddress = useEcosystemAccount('solana')?.address ?? '';
  const [chosen, setChosen] = useState<Whose>('evm');
  const whose: Whose = !evmAddress ? 'solana' : !solanaAddress ? 'evm' : chosen;
  const address = whose === 'evm' ? evmAddress : solanaAddress;
  const [page, setPage] = useState(1);
  // Links only where the deployment's chain config names a public explorer that has the transaction.
  const { data: chains } = useQuery({ ...chainsQuery(), select: (list: Chain[]) => list.map(withoutLocalExplorer) });
  const q = useQuery(historyQuery({ address, page, size: HISTORY_PAGE_SIZE, channel }));
  const pages = pageCount(q.data?.total ?? 0, HISTORY_PAGE_SIZE);
  const list = q.data?.list ?? [];

  const empty = historyEmptyText(t, { address, reconnecting }, q, list.length, 'history.empty');

  return (
    <Card className="table-card">
      {evmAddress && solanaAddress ? (
        <WhoseHistory
          whose={whose}
          onChange={(w) => {
            setChosen(w);
            setPage(1);
          }}
        />
      ) : null}
      <DataTable cards headers={HISTORY_COLUMNS.map((k) => t(k))}>
        {empty !== null ? <EmptyRow span={HISTORY_COLUMNS.length}>{empty}</EmptyRow> : list.map((o) => <OrderRow key={o.order_key} order={o} chains={chains} />)}
      </DataTable>
      {address && pages > 1 ? (
        <HistoryPager page={page} pages={pages} label={t('history.title')} onPage={setPage} />
      ) : null}
    </Card>
  );
}
