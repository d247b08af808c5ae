import { useTranslation } from 'react-i18next';
import { Page } from '@/components/Page';
import { MakerDashboard } from '@/features/maker/MakerDashboard';

/** /maker: the bridge maker's public dashboard. */
export default function MakerPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.maker')} subtitle={t('pages.makerBody')}>
      <MakerDashboard />
    </Page>
  );
}
