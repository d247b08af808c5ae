import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { formatNumber } from '@/lib/format';
import { useAirdropQuery } from './useAirdropQuery';
import { BRIDGE_RECOMMENDATIONS, sumValues, type AirdropRow } from './validation';
import { FormError } from '@/components/FormError';
import { TextField } from '@/components/TextField';
import { BridgeToButton } from '@/features/network-list/BridgeToButton';

const ERROR_KEYS = {
  empty: 'airdrop.errors.empty',
  badAddress: 'airdrop.errors.badAddress',
  network: 'airdrop.errors.network',
} as const;

/** Airdrop batch query: textarea, Query button, results with total, bridge recommendations. */
export function AirdropQuery({ query }: { query?: (batch: string[]) => Promise<AirdropRow[]> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { rows, error, loading, run } = useAirdropQuery(query);

  return (
    <div className="airdrop">
      <Card>
        <TextField label={t('airdrop.inputLabel')} rows={6} placeholder={t('airdrop.placeholder')} value={text} onChange={setText} />
        <FormError>{error ? t(ERROR_KEYS[error]) : null}</FormError>
        <button type="button" className="btn btn--primary btn--block" aria-busy={loading} onClick={() => void run(text)}>
          {loading ? t('airdrop.loading') : t('airdrop.query')}
        </button>
      </Card>
      {rows.length > 0 ? <AirdropResults rows={rows} /> : null}
      <BridgeRecommendations />
    </div>
  );
}

function AirdropResults({ rows }: { rows: AirdropRow[] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <table className="table">
        <thead>
          <tr>
            <th>{t('airdrop.address')}</th>
            <th className="num">{t('airdrop.value')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.address}-${i}`}>
              <td>
                <code>{r.address}</code>
              </td>
              <td className={`num ${r.value === 0 ? 'text-bad' : 'text-good'}`}>{formatNumber(r.value)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>{t('airdrop.total')}</th>
            <th className="num" data-testid="airdrop-total">
              {formatNumber(sumValues(rows))}
            </th>
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}

function BridgeRecommendations() {
  const { t } = useTranslation();
  return (
    <Card title={t('airdrop.recommend')}>
      <div className="button-row">
        {BRIDGE_RECOMMENDATIONS.map((r) => (
          <BridgeToButton key={r.chainId} chainId={r.chainId} name={r.name} label={t('airdrop.bridgeTo', { name: r.name })} />
        ))}
      </div>
    </Card>
  );
}
