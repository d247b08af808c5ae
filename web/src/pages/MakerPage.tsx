import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { MakerDashboard } from '@/features/maker/MakerDashboard';

/** /maker: the bridge maker's public dashboard. */
export default function MakerPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('pages.maker')} subtitle={t('pages.makerBody')} />
      <MakerDashboard />
    </div>
  );
}
