import { formatDateTime } from '@/lib/format';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';
import { PortfolioTable } from './PortfolioTable';
import { summarize } from './portfolio';
import { usePortfolioHistory, usePortfolioRows } from './usePortfolio';
import './portfolio.css';

// The charts (and recharts with them) load after the table, in their own chunk.
const AllocationChart = lazy(() => import('./PortfolioCharts').then((m) => ({ default: m.AllocationChart })));
const HistoryChart = lazy(() => import('./PortfolioCharts').then((m) => ({ default: m.HistoryChart })));

/** The table, the total, the allocation and the history of one address ('' = none yet). */
export function PortfolioView({ address }: { address: string }) {
  const { t } = useTranslation();
  const { rows, chainsError, prices } = usePortfolioRows(address);
  const history = usePortfolioHistory(address);
  const summary = useMemo(() => summarize(rows), [rows]);
  return (
    <>
      {chainsError ? (
        <p className="muted" role="alert">
          {t('portfolio.chainsError')}
        </p>
      ) : null}
      <PortfolioTable address={address} rows={rows} summary={summary} />
      {prices ? (
        <p className="muted small portfolio-prices" data-testid="portfolio-prices" data-source={prices.source}>
          {t('portfolio.pricesFrom', { source: prices.source, time: formatDateTime(prices.as_of) })}
        </p>
      ) : null}
      {address ? (
        <div className="portfolio-charts">
          <Suspense fallback={<Spinner label={t('portfolio.chartLoading')} />}>
            <AllocationChart byChain={summary.byChain} byToken={summary.byToken} />
            <HistoryChart days={history.data ?? []} loading={history.isPending} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
