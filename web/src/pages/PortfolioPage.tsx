import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { PortfolioTable } from '@/features/portfolio/PortfolioTable';

export default function PortfolioPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('portfolio.title')} subtitle={t('portfolio.subtitle')} />
      <PortfolioTable />
    </div>
  );
}
