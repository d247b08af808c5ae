import { useTranslation } from 'react-i18next';
import { Page } from '@/components/Page';
import { QueryPanel } from '@/features/query/QueryPanel';

/** /query: one box for an address, a transaction hash or an order key. */
export default function QueryPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.query')} subtitle={t('trackerPages.query.subtitle')}>
      <QueryPanel />
    </Page>
  );
}
