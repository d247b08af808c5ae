import { useTranslation } from 'react-i18next';
import { Page } from '@/components/Page';
import { SwapCard } from '@/features/swap/SwapCard';

export default function SwapPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('swap.title')} subtitle={t('swap.subtitle')} layout="center">
      <SwapCard />
    </Page>
  );
}
