import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { BridgeCard } from '@/features/bridge/BridgeCard';

/** / (bridge), /dapp/:name and /network/:name (bridge for a partner channel). */
export default function BridgePage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const title = name ? t('bridge.partnerTitle', { name }) : t('bridge.title');
  return (
    <div className="page page--center">
      <PageHeader title={title} subtitle={t('bridge.subtitle')} />
      <BridgeCard title={t('bridge.title')} />
    </div>
  );
}
