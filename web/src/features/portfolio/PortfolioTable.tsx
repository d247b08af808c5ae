import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { DataTable, EmptyRow } from '@/components/DataTable';
import { useWalletStore } from '@/wallet/store';

const COLUMNS = ['portfolio.network', 'portfolio.token', 'portfolio.balance', 'portfolio.value'] as const;

/** Portfolio: total balance and per-network balances (balances arrive with the balance issue). */
export function PortfolioTable() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  return (
    <>
      <Card className="stat-card">
        <span className="muted">{t('portfolio.totalBalance')}</span>
        <strong className="stat-card__value">{t('common.usdZero')}</strong>
      </Card>
      <Card className="table-card">
        <DataTable headers={COLUMNS.map((k) => t(k))}>
          <EmptyRow span={COLUMNS.length}>{address ? t('history.empty') : t('portfolio.connectPrompt')}</EmptyRow>
        </DataTable>
      </Card>
    </>
  );
}
