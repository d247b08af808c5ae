import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { usePartnerRoute } from '@/features/channel/usePartnerRoute';
import { HistoryTable } from '@/features/history/HistoryTable';

/** /history and /network/:name/history (only the partner channel's bridges). */
export default function HistoryPage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const partner = usePartnerRoute(name);
  const label = partner ? (partner.label ?? partner.name) : name;
  return (
    <div className="page" data-channel={partner?.channel_id}>
      <PageHeader
        title={label ? t('pages.partnerHistory', { name: label }) : t('history.title')}
        subtitle={partner ? t('history.channelOnly', { name: label }) : t('history.subtitle')}
      />
      <HistoryTable channel={partner?.channel_id} />
    </div>
  );
}
