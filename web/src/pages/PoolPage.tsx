import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getPool, poolQueryKey } from '@/api/pool';
import { Card } from '@/components/Card';
import { Page } from '@/components/Page';
import { PoolForm } from '@/features/pool/PoolForm';
import { PoolTable } from '@/features/pool/PoolTable';
import { useWalletStore } from '@/wallet/store';
import '@/features/pool/pool.css';
import { formatThousands } from '@/lib/number';

/** /pool (allow-listed wallets only, see PoolGuard): the pool per chain, deposit and withdraw, pool points. */
export default function PoolPage() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  // Read every few seconds: pool points accrue by the second, and the maker may draw at any time.
  const pool = useQuery({ queryKey: poolQueryKey(address), queryFn: ({ signal }) => getPool(address, signal), refetchInterval: 3_000 });
  const data = pool.data;
  const rates = Object.entries(data?.points_per_token_hour ?? {})
    .map(([symbol, points]) => t('pool.rate', { points, symbol }))
    .join(' · ');
  return (
    <Page title={t('pool.title')} subtitle={t('pool.subtitle')}>
      {pool.isError ? <p className="form-error">{t('pool.loadError')}</p> : null}
      {data ? (
        <div className="pool-grid">
          <Card title={t('pool.points.title')}>
            <p className="pool-points" data-testid="pool-points">
              {data.points?.accrued ?? '0.000'}
            </p>
            <p className="muted small">{t('pool.points.credited', { points: formatThousands(data.points?.credited ?? 0) })}</p>
            <p className="muted small">{t('pool.points.rule', { rates })}</p>
          </Card>
          <Card title={t('pool.form.title')}>
            <PoolForm chains={data.chains} address={address} />
          </Card>
          <Card title={t('pool.table.title')} className="pool-grid__wide">
            <PoolTable chains={data.chains} />
            <p className="muted small">{t('pool.drawnNote')}</p>
          </Card>
        </div>
      ) : null}
    </Page>
  );
}
