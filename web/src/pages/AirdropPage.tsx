import { useTranslation } from 'react-i18next';
import { queryAirdrop, type AirdropCampaign } from '@/api/endpoints';
import { PageHeader } from '@/components/PageHeader';
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

const CAMPAIGN_OF: Record<AirdropKind, AirdropCampaign> = {
  strkairdrop: 'strk',
  taikodrop: 'taiko',
  blastdrop: 'blast',
  zkairdrop: 'zk',
};

/** /strkairdrop, /taikodrop, /blastdrop, /zkairdrop: the same checker on each programme's own allocation set. */
export function AirdropInfoPage({ kind }: { kind: AirdropKind }) {
  const { t } = useTranslation();
  const campaign = CAMPAIGN_OF[kind];
  return (
    <div className="page page--narrow">
      <PageHeader title={t(`airdrop.pages.${kind}`)} subtitle={t('airdrop.genericBody')} />
      <AirdropQuery key={campaign} query={(batch) => queryAirdrop(campaign, batch)} />
    </div>
  );
}
