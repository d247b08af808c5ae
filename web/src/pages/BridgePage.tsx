import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { BridgeCard } from '@/features/bridge/BridgeCard';
import { usePartnerRoute } from '@/features/channel/usePartnerRoute';

/** / (bridge), /dapp/:name and /network/:name (bridge for a partner channel, with its branding). */
export default function BridgePage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const { pathname } = useLocation();
  const partner = usePartnerRoute(name);
  const label = partner ? (partner.label ?? partner.name) : name;
  const title = label ? t('bridge.partnerTitle', { name: label }) : t('bridge.title');
  const historyPath = name && pathname.startsWith('/network/') ? `/network/${encodeURIComponent(name)}/history` : '/history';
  return (
    <div className="page page--center" data-channel={partner?.channel_id}>
      <PageHeader
        title={title}
        subtitle={t('bridge.subtitle')}
        actions={
          <>
            {partner?.theme.logo ? <img className="partner-logo" src={partner.theme.logo} alt={partner.name} width={32} height={32} /> : null}
            {name ? (
              <Link to={historyPath} className="btn btn--ghost btn--sm">
                {t('header.history')}
              </Link>
            ) : null}
          </>
        }
      />
      <BridgeCard title={t('bridge.title')} channelId={partner?.channel_id} defaultToken={partner?.default_token} />
    </div>
  );
}
