import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chainsQuery } from '@/api/queries';
import { swapHistoryQuery, type SwapRecord, type SwapSide } from '@/api/swapHistory';
import type { Chain } from '@/api/types';
import { DataTable, EmptyRow } from '@/components/DataTable';
import { TxLink } from '@/components/TxLink';
import { withoutLocalExplorer } from '@/lib/explorer';
import { formatDateTime, formatDecimalAmount, isoDateTime } from '@/lib/format';
import { useWalletReconnecting } from '@/wallet/reconnect';
import { useWalletStore } from '@/wallet/store';
import { HISTORY_PAGE_SIZE, pageCount } from './HistoryTable';
import { HistoryPager } from './HistoryPager';
import { HistorySection, historyEmptyText } from './historySection';

export const SWAP_COLUMNS = ['history.time', 'history.network', 'history.swapIn', 'history.swapOut', 'history.txHash'] as const;

/** "1.5 ETH" in the app's number style; the server leaves `amount` empty for a token it does not swap, then the symbol alone or a dash. */
function side(s: SwapSide, none: string): string {
  if (s.amount) return formatDecimalAmount(s.amount, s.symbol || undefined);
  return s.symbol || none;
}

function SwapRow({ s, chains }: { s: SwapRecord; chains: readonly Chain[] | undefined }) {
  const { t } = useTranslation();
  const label = (i: number): string => t(SWAP_COLUMNS[i] ?? 'history.time');
  const none = t('common.none');
  const name = chains?.find((c) => c.chain_id === s.chain_id)?.chain_name ?? String(s.chain_id);
  return (
    <tr data-testid={`history-swap-${s.tx_hash}`}>
      <td data-label={label(0)}>
        <time dateTime={isoDateTime(s.swapped_at)}>{formatDateTime(s.swapped_at)}</time>
      </td>
      <td data-label={label(1)}>{name}</td>
      <td data-label={label(2)} data-testid="swap-in">
        {side(s.token_in, none)}
      </td>
      <td data-label={label(3)} data-testid="swap-out">
        {side(s.token_out, none)}
      </td>
      <td data-label={label(4)}>
        <TxLink chains={chains} chainId={s.chain_id} hash={s.tx_hash} label={t('history.swapTx')} />
      </td>
    </tr>
  );
}

/** The wallet's swaps as the server recorded them, newest first, paged like the bridge history. */
export function SwapHistory() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const reconnecting = useWalletReconnecting();
  const [page, setPage] = useState(1);
  // Links only where the chain config names a public explorer that has the transaction.
  const { data: chains } = useQuery({ ...chainsQuery(), select: (list: Chain[]) => list.map(withoutLocalExplorer) });
  const q = useQuery(swapHistoryQuery(address, page, HISTORY_PAGE_SIZE));
  const list = q.data?.list ?? [];
  const pages = pageCount(q.data?.total ?? 0, HISTORY_PAGE_SIZE);

  const empty = historyEmptyText(t, { address, reconnecting }, q, list.length, 'history.swapsEmpty');

  return (
    <HistorySection id="history-swaps" title={t('history.swaps')}>
        <DataTable cards headers={SWAP_COLUMNS.map((k) => t(k))}>
          {empty !== null ? <EmptyRow span={SWAP_COLUMNS.length}>{empty}</EmptyRow> : list.map((s) => <SwapRow key={`${s.chain_id}:${s.tx_hash}`} s={s} chains={chains} />)}
        </DataTable>
        {address && pages > 1 ? (
          <HistoryPager page={page} pages={pages} label={t('history.swaps')} onPage={setPage} />
        ) : null}
    </HistorySection>
  );
}
