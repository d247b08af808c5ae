import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { DataTable, EmptyRow } from '@/components/DataTable';
import { Spinner } from '@/components/Spinner';
import { formatBalance, formatPrice, formatUsd, heldTokens, toCents, type ChainRow, type PortfolioSummary } from './portfolio';

const COLUMNS = ['portfolio.network', 'portfolio.token', 'portfolio.balance', 'portfolio.price', 'portfolio.value'] as const;

/** One network's rows: a spinner while it loads, "-" with the reason when it failed, else its holdings. */
function ChainRows({ row }: { row: ChainRow }) {
  const { t } = useTranslation();
  const id = row.chain.chain_id;
  const name = <th scope="row">{row.chain.chain_name}</th>;
  if (row.state === 'loading') {
    return (
      <tr data-testid={`portfolio-chain-${id}`} data-state="loading">
        {name}
        <td colSpan={COLUMNS.length - 1}>
          <Spinner label={t('portfolio.chainLoading')} />
        </td>
      </tr>
    );
  }
  if (row.state === 'error') {
    return (
      <tr data-testid={`portfolio-chain-${id}`} data-state="error">
        {name}
        <td colSpan={COLUMNS.length - 1}>
          <span className="network-balance network-balance--error" title={row.error || t('portfolio.chainError')} data-hint={t('portfolio.chainError')}>
            {t('common.none')} <span className="muted small">{t('portfolio.chainError')}</span>
          </span>
        </td>
      </tr>
    );
  }
  const held = heldTokens(row.data);
  if (held.length === 0) {
    return (
      <tr data-testid={`portfolio-chain-${id}`} data-state="empty">
        {name}
        <td colSpan={COLUMNS.length - 1} className="muted">
          {t('portfolio.nothingHeld')}
        </td>
      </tr>
    );
  }
  return (
    <>
      {held.map((token, i) => (
        <tr key={token.address} data-testid={`portfolio-token-${id}-${token.symbol}`} data-state="ok">
          {i === 0 ? name : <td aria-hidden="true" />}
          <td>{token.symbol}</td>
          <td data-testid="portfolio-balance" data-raw={token.balance ?? ''} data-decimals={token.decimals}>
            {formatBalance(token.balance ?? '0', token.decimals)}
          </td>
          <td data-testid="portfolio-price" data-usd={token.price_usd ?? ''}>
            {token.price_usd === null ? t('common.none') : formatPrice(token.price_usd)}
          </td>
          <td data-testid="portfolio-value" data-cents={toCents(token.value_usd)}>
            {token.price_usd === null ? t('common.none') : formatUsd(toCents(token.value_usd))}
          </td>
        </tr>
      ))}
    </>
  );
}

/** The total (exactly the sum of the values shown) and, once an address is given, a row group per network. */
export function PortfolioTable({ address, rows, summary }: { address: string; rows: ChainRow[]; summary: PortfolioSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <Card className="stat-card">
        <span className="muted">{t('portfolio.totalBalance')}</span>
        <strong className="stat-card__value" data-testid="portfolio-total" data-cents={summary.totalCents}>
          {formatUsd(summary.totalCents)}
        </strong>
        {summary.pending > 0 ? <span className="muted small">{t('portfolio.totalPending', { count: summary.pending })}</span> : null}
        {summary.failed > 0 ? (
          <span className="muted small" data-testid="portfolio-total-partial">
            {t('portfolio.totalPartial', { count: summary.failed })}
          </span>
        ) : null}
      </Card>
      <Card className="table-card">
        <DataTable headers={COLUMNS.map((k) => t(k))}>
          {address ? rows.map((row) => <ChainRows key={row.chain.chain_id} row={row} />) : <EmptyRow span={COLUMNS.length}>{t('portfolio.connectPrompt')}</EmptyRow>}
        </DataTable>
      </Card>
    </>
  );
}
