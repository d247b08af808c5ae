import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { QueryPanel } from '@/features/query/QueryPanel';

/** /query: one box for an address, a transaction hash or an order key. */
export default function QueryPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('pages.query')} subtitle={t('trackerPages.query.subtitle')} />
      <QueryPanel />
    </div>
  );
}
