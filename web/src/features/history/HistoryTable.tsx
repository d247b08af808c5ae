import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { DataTable, EmptyRow } from '@/components/DataTable';
import { useWalletStore } from '@/wallet/store';

const COLUMNS = ['history.time', 'history.from', 'history.to', 'history.amount', 'history.status', 'history.txHash'] as const;

/** Bridge history table (rows arrive with the bridge issue's history endpoint). */
export function HistoryTable() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  return (
    <Card className="table-card">
      <DataTable headers={COLUMNS.map((k) => t(k))}>
        <EmptyRow span={COLUMNS.length}>{address ? t('history.empty') : t('history.connectPrompt')}</EmptyRow>
      </DataTable>
    </Card>
  );
}
