import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { usePartnerRoute } from '@/features/channel/usePartnerRoute';
import { DeployHistory } from '@/features/history/DeployHistory';
import { HistoryTable } from '@/features/history/HistoryTable';
import { SwapHistory } from '@/features/history/SwapHistory';

/**
 * /history: the wallet's bridges, swaps and contract deployments. /network/:name/history: only the
 * partner channel's bridges.
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const { partner } = usePartnerRoute(name);
  const label = partner ? (partner.label ?? partner.name) : name;
  return (
    <div className="page" data-channel={partner?.channel_id}>
      <PageHeader
        title={label ? t('pages.partnerHistory', { name: label }) : t('history.title')}
        subtitle={partner ? t('history.channelOnly', { name: label }) : t('history.subtitle')}
      />
      {partner ? (
        <HistoryTable channel={partner.channel_id} />
      ) : (
        <>
          <section className="history-section" aria-labelledby="history-bridges" data-testid="history-bridges">
            <h2 id="history-bridges" className="card__title">
              {t('history.bridges')}
            </h2>
            <HistoryTable />
          </section>
          <SwapHistory />
          <DeployHistory />
        </>
      )}
    </div>
  );
}
