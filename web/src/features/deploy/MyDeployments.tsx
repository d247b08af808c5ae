import { useQuery } from '@tanstack/react-query';
import { TxHash } from '@/components/TxLink';
import { useTranslation } from 'react-i18next';
import { deploymentsQueryKey, getDeployments } from '@/api/deploy';
import type { Chain } from '@/api/types';
import { explorerLink, shortHex } from './networks';
import { formatDateTime } from '@/lib/format';
import { formatThousands } from '@/lib/number';

/** 'My deployments': what perch recorded for the connected wallet, newest first. */
export function MyDeployments({ address, chains }: { address: string; chains: ReadonlyMap<number, Chain> }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: deploymentsQueryKey(address),
    queryFn: ({ signal }) => getDeployments(address, signal),
    enabled: Boolean(address),
  });
  return (
    <section className="card deploy-mine" aria-labelledby="my-deployments">
      <h2 id="my-deployments" className="card__title">
        {t('deploy.mine.title')}
      </h2>
      {query.data ? <p className="muted small">{t('deploy.mine.points', { points: formatThousands(query.data.points_per_network) })}</p> : null}
      {!address ? <p className="muted">{t('deploy.mine.connect')}</p> : null}
      {query.isError ? <p className="form-error">{t('deploy.mine.error')}</p> : null}
      {query.data && query.data.list.length === 0 ? <p className="muted">{t('deploy.mine.empty')}</p> : null}
      {query.data && query.data.list.length > 0 ? (
        <ul className="row-list" data-testid="my-deployments">
          {query.data.list.map((d) => {
            const chain = chains.get(d.chain_id);
            const contract = explorerLink(chain, 'address', d.contract_address);
            const tx = explorerLink(chain, 'tx', d.tx_hash);
            return (
              <li key={`${d.chain_id}:${d.tx_hash}`} data-testid={`deployment-${d.chain_id}`}>
                <span>{chain?.chain_name ?? d.chain_id}</span>
                <span>{t(`deploy.templates.${d.template}.name`)}</span>
                {contract ? (
                  <a href={contract} target="_blank" rel="noreferrer" data-address={d.contract_address}>
                    {shortHex(d.contract_address)}
                  </a>
                ) : (
                  <span data-address={d.contract_address} title={d.contract_address}>
                    {shortHex(d.contract_address)}
                  </span>
                )}
                <TxHash url={tx} hash={d.tx_hash} label={t('deploy.transaction')} className="">
                  {t('deploy.transaction')}
                </TxHash>
                <span className="muted small">{formatDateTime(d.created_at)}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
