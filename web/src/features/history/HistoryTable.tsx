import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { historyQuery, type Order } from '@/api/bridge';
import { chainsQuery } from '@/api/queries';
import type { Chain } from '@/api/types';
import { Card } from '@/components/Card';
import { DataTable, EmptyRow } from '@/components/DataTable';
import { formatAmount } from '@/features/bridge/amount';
import { TxLink } from '@/features/bridge/BridgeTracker';
import '@/features/bridge/bridge.css';
import { useWalletStore } from '@/wallet/store';

const COLUMNS = ['history.time', 'history.from', 'history.to', 'history.amount', 'history.receive', 'history.status', 'history.txHash'] as const;
export const HISTORY_PAGE_SIZE = 10;

/** Pages needed for `total` rows (at least one). */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / Math.max(1, size)));

function OrderRow({ order, chains }: { order: Order; chains: readonly Chain[] | undefined }) {
  const { t } = useTranslation();
  const name = (id: number): string => chains?.find((c) => c.chain_id === id)?.chain_name ?? String(id);
  const token = order.token || t('common.none');
  const shown = (raw: string): string => formatAmount(raw, order.decimals, order.decimals);
  return (
    <tr data-testid={`order-${order.src_tx_hash}`} data-state={order.state}>
      <td>
        <time dateTime={new Date(order.created_at * 1000).toISOString()}>{new Date(order.created_at * 1000).toLocaleString()}</time>
      </td>
      <td>{name(order.src_chain_id)}</td>
      <td>{name(order.dst_chain_id)}</td>
      <td data-testid="order-amount">{`${shown(order.amount)} ${token}`}</td>
      <td data-testid="order-receive">{order.state === 'completed' ? `${shown(order.receive_amount)} ${token}` : t('common.none')}</td>
      <td>
        <span className={`order-state order-state--${order.state}`} data-testid="order-state" title={order.reason || undefined}>
          {t(`history.states.${order.state}`)}
        </span>
        {order.reason && order.state !== 'completed' ? <span className="muted small"> · {order.reason}</span> : null}
      </td>
      <td>
        <TxLink chains={chains} chainId={order.src_chain_id} hash={order.src_tx_hash} label={t('history.srcTx')} />
        {order.dst_tx_hash ? (
          <>
            {' → '}
            <TxLink chains={chains} chainId={order.dst_chain_id} hash={order.dst_tx_hash} label={t('history.dstTx')} />
          </>
        ) : null}
        {order.refund_tx_hash ? (
          <>
            {' ↩ '}
            <TxLink chains={chains} chainId={order.src_chain_id} hash={order.refund_tx_hash} label={t('history.refundTx')} />
          </>
        ) : null}
      </td>
    </tr>
  );
}

/** Bridge history of the connected wallet (sender or recipient), newest first; `channel` narrows to a partner channel. */
export function HistoryTable({ channel }: { channel?: number }) {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const [page, setPage] = useState(1);
  const { data: chains } = useQuery(chainsQuery());
  const q = useQuery(historyQuery({ address, page, size: HISTORY_PAGE_SIZE, channel }));
  const pages = pageCount(q.data?.total ?? 0, HISTORY_PAGE_SIZE);
  const list = q.data?.list ?? [];

  let empty: string | null = null;
  if (!address) empty = t('history.connectPrompt');
  else if (q.isPending) empty = t('history.loading');
  else if (q.isError) empty = t('history.error', { message: q.error.message });
  else if (list.length === 0) empty = t('history.empty');

  return (
    <Card className="table-card">
      <DataTable headers={COLUMNS.map((k) => t(k))}>
        {empty !== null ? <EmptyRow span={COLUMNS.length}>{empty}</EmptyRow> : list.map((o) => <OrderRow key={o.order_key} order={o} chains={chains} />)}
      </DataTable>
      {address && pages > 1 ? (
        <nav className="history-pager" aria-label={t('history.title')}>
          <button type="button" className="btn btn--ghost btn--sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('history.prev')}
          </button>
          <span className="muted small">{t('history.page', { page, pages })}</span>
          <button type="button" className="btn btn--ghost btn--sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('history.next')}
          </button>
        </nav>
      ) : null}
    </Card>
  );
}
