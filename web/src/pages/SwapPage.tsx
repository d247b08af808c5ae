import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { SwapCard } from '@/features/swap/SwapCard';

export default function SwapPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--center">
      <PageHeader title={t('swap.title')} subtitle={t('swap.subtitle')} />
      <SwapCard />
    </div>
  );
}
