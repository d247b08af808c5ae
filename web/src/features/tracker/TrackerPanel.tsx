import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { DataTable } from '@/components/DataTable';

const COLUMNS = ['tracker.network', 'tracker.transactions', 'tracker.volume', 'tracker.lastActive'] as const;
const NETWORKS = ['scroll', 'linea', 'zksync', 'base', 'arbitrum', 'optimism', 'taiko', 'blast', 'zora', 'soneium'] as const;

/** Address lookup + per-network activity table. */
export function TrackerPanel() {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  return (
    <>
      <Card>
        <form className="inline-form" onSubmit={(e) => e.preventDefault()}>
          <input
            className="input"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder={t('tracker.addressPlaceholder')}
            aria-label={t('tracker.addressPlaceholder')}
          />
          <button type="submit" className="btn btn--primary">
            {t('tracker.check')}
          </button>
        </form>
      </Card>
      <Card className="table-card">
        <DataTable headers={COLUMNS.map((k) => t(k))}>
          {NETWORKS.map((n) => (
            <tr key={n}>
              <td>{t(`tracker.networks.${n}`)}</td>
              <td>{t('common.none')}</td>
              <td>{t('common.none')}</td>
              <td>{t('common.none')}</td>
            </tr>
          ))}
        </DataTable>
      </Card>
    </>
  );
}
