import { useTranslation } from 'react-i18next';
import { queryAirdrop, type AirdropCampaign } from '@/api/endpoints';
import { Page } from '@/components/Page';
import { AirdropQuery } from '@/features/airdrop/AirdropQuery';

/** /layerzero-airdrop: the batch query screen. */
export function LayerZeroAirdropPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('airdrop.layerzeroTitle')} subtitle={t('airdrop.subtitle')} layout="narrow">
      <AirdropQuery />
    </Page>
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
    <Page title={t(`airdrop.pages.${kind}`)} subtitle={t('airdrop.genericBody')} layout="narrow">
      <AirdropQuery key={campaign} query={(batch) => queryAirdrop(campaign, batch)} />
    </Page>
  );
}
