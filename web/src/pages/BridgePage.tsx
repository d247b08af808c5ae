import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { BridgeCard } from '@/features/bridge/BridgeCard';
import { usePartnerRoute } from '@/features/channel/usePartnerRoute';
import { Spinner } from '@/components/Spinner';

// Loaded only for an unknown partner name: the landing route's first load stays small.
const NotFoundPage = lazy(async () => ({ default: (await import('./SimplePages')).NotFoundPage }));

/** / (bridge), /dapp/:name and /network/:name (bridge for a partner channel, with its branding). */
export default function BridgePage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const { pathname } = useLocation();
  const { partner, pending } = usePartnerRoute(name);
  if (pending) return <Spinner />;
  // /network/{name} and /dapp/{name} exist only for the partners in the channel list.
  if (name !== undefined && !partner) {
    return (
      <Suspense fallback={<Spinner />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  const label = partner ? (partner.label ?? partner.name) : undefined;
  const title = label ? t('bridge.partnerTitle', { name: label }) : t('bridge.title');
  const historyPath = name && pathname.startsWith('/network/') ? `/network/${encodeURIComponent(name)}/history` : '/history';
  return (
    <div className="page page--center" data-channel={partner?.channel_id}>
      <BridgeCard
        title={title}
        channelId={partner?.channel_id}
        defaultToken={partner?.default_token}
        partnerChainId={partner?.chain_id}
        actions={
          partner ? (
            <>
              {partner.theme.logo ? <img className="partner-logo" src={partner.theme.logo} alt={partner.name} width={24} height={24} /> : null}
              <Link to={historyPath} className="btn btn--ghost btn--sm">
                {t('header.history')}
              </Link>
            </>
          ) : undefined
        }
      />
    </div>
  );
}
