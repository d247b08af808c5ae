import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
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
        <table className="table">
          <thead>
            <tr>
              {COLUMNS.map((k) => (
                <th key={k} scope="col">
                  {t(k)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td colSpan={COLUMNS.length} className="table__empty">
                {address ? t('history.empty') : t('portfolio.connectPrompt')}
              </td>
            </tr>
          </tbody>
        </table>
      </Card>
    </>
  );
}
