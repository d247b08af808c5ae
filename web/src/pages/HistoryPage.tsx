import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { HistoryTable } from '@/features/history/HistoryTable';

/** /history and /network/:name/history. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const { name } = useParams();
  return (
    <div className="page">
      <PageHeader title={name ? t('pages.partnerHistory', { name }) : t('history.title')} subtitle={t('history.subtitle')} />
      <HistoryTable />
    </div>
  );
}
