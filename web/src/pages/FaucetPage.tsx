import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { PageHeader } from '@/components/PageHeader';

export type FaucetKind = 'all' | 'ink' | 'ip' | 'monad';

/** /faucet, /Faucet/Ink, /Faucet/IP, /Faucet/Monad. */
export default function FaucetPage({ kind }: { kind: FaucetKind }) {
  const { t } = useTranslation();
  const title = kind === 'all' ? t('faucet.title') : t(`faucet.${kind}`);
  return (
    <div className="page page--narrow">
      <PageHeader title={title} subtitle={t('faucet.subtitle')} />
      <Card>
        <form className="inline-form" onSubmit={(e) => e.preventDefault()}>
          <input className="input" placeholder={t('faucet.addressPlaceholder')} aria-label={t('faucet.addressPlaceholder')} />
          <button type="submit" className="btn btn--primary">
            {t('faucet.request')}
          </button>
        </form>
      </Card>
    </div>
  );
}
