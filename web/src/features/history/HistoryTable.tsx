import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { useWalletStore } from '@/wallet/store';

const COLUMNS = ['history.time', 'history.from', 'history.to', 'history.amount', 'history.status', 'history.txHash'] as const;

/** Bridge history table (rows arrive with the bridge issue's history endpoint). */
export function HistoryTable() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  return (
    <Card className="table-card">
      <div className="table-scroll">
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
                {address ? t('history.empty') : t('history.connectPrompt')}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
