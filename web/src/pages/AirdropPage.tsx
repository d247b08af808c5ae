import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { SimplePage } from '@/components/SimplePage';
import { AirdropQuery } from '@/features/airdrop/AirdropQuery';

/** /layerzero-airdrop: the batch query screen. */
export function LayerZeroAirdropPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <PageHeader title={t('airdrop.layerzeroTitle')} subtitle={t('airdrop.subtitle')} />
      <AirdropQuery />
    </div>
  );
}

export type AirdropKind = 'strkairdrop' | 'taikodrop' | 'blastdrop' | 'zkairdrop';

/** /strkairdrop, /taikodrop, /blastdrop, /zkairdrop (contents not shown by the spec). */
export function AirdropInfoPage({ kind }: { kind: AirdropKind }) {
  const { t } = useTranslation();
  return <SimplePage title={t(`airdrop.pages.${kind}`)} body={t('airdrop.genericBody')} />;
}
