import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deploymentsQueryKey, getDeployments } from '@/api/deploy';
import { chainsQuery } from '@/api/queries';
import type { Chain } from '@/api/types';
import { DataTable, EmptyRow } from '@/components/DataTable';
import { TxLink } from '@/components/TxLink';
import { withoutLocalExplorer } from '@/lib/explorer';
import { formatDateTime, isoDateTime } from '@/lib/format';
import { useWalletReconnecting } from '@/wallet/reconnect';
import { useWalletStore } from '@/wallet/store';
import { HistorySection, historyEmptyText } from './historySection';

export const DEPLOY_COLUMNS = ['history.time', 'history.network', 'history.kind', 'history.contract', 'history.txHash'] as const;

/**
 * The wallet's contract deployments as the server recorded them (the same list /deploy shows),
 * beside its bridges: a user's history is everything they did here, not the bridge alone.
 */
export function DeployHistory() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const reconnecting = useWalletReconnecting();
  // Links only where the deployment's chain config names a public explorer that has the transaction.
  const { data: chains } = useQuery({ ...chainsQuery(), select: (list: Chain[]) => list.map(withoutLocalExplorer) });
  const q = useQuery({ queryKey: deploymentsQueryKey(address), queryFn: ({ signal }) => getDeployments(address, signal), enabled: Boolean(address) });
  const list = q.data?.list ?? [];
  const name = (id: number): string => chains?.find((c) => c.chain_id === id)?.chain_name ?? String(id);
  const label = (i: number): string => t(DEPLOY_COLUMNS[i] ?? 'history.time');

  const empty = historyEmptyText(t, { address, reconnecting }, q, list.length, 'history.deploysEmpty');

  return (
    <HistorySection id="history-deploys" title={t('history.deploys')}>
        <DataTable cards headers={DEPLOY_COLUMNS.map((k) => t(k))}>
          {empty !== null ? (
            <EmptyRow span={DEPLOY_COLUMNS.length}>{empty}</EmptyRow>
          ) : (
            list.map((d) => (
              <tr key={`${d.chain_id}:${d.tx_hash}`} data-testid={`history-deploy-${d.tx_hash}`}>
                <td data-label={label(0)}>
                  <time dateTime={isoDateTime(d.created_at)}>{formatDateTime(d.created_at)}</time>
                </td>
                <td data-label={label(1)}>{name(d.chain_id)}</td>
                <td data-label={label(2)}>{t(`deploy.templates.${d.template}.name`)}</td>
                <td data-label={label(3)} className="mono" data-testid="history-deploy-contract">
                  {d.contract_address}
                </td>
                <td data-label={label(4)}>
                  <TxLink chains={chains} chainId={d.chain_id} hash={d.tx_hash} label={t('history.deployTx')} />
                </td>
              </tr>
            ))
          )}
        </DataTable>
    </HistorySection>
  );
}
