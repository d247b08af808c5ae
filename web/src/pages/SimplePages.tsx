import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/Card';
import { Page } from '@/components/Page';
import { SimplePage } from '@/components/SimplePage';
import { EcosystemDirectory } from '@/features/ecosystem/EcosystemDirectory';
import { EventBoard } from '@/features/events/EventBoard';
import { InvitePanel } from '@/features/rewards/InvitePanel';
import { REFERRAL_PERCENT } from '@/features/rewards/invite';
import { formatPercent } from '@/lib/format';

/** Routes the spec lists without showing their contents, and the small static pages. */

/** /invitepage: the invite link with copy and share, the referees and the points they brought. */
export function InvitePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.invite')} subtitle={t('pages.inviteBody', { percent: formatPercent(REFERRAL_PERCENT) })} layout="narrow">
      <InvitePanel />
    </Page>
  );
}

/** What is live today, for a visitor sent to a feature that is not out yet. */
const LIVE_FEATURES = [
  { to: '/', key: 'nav.bridge' },
  { to: '/swap', key: 'nav.swap' },
  { to: '/rewards', key: 'nav.rewards' },
  { to: '/deploy', key: 'nav.deploy' },
  { to: '/tracker', key: 'developing.tracker' },
] as const;

/** /developingpage: where a link to a feature still being built lands; it says so and offers what works now. */
export function DevelopingPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.developing')} body={t('pages.developingBody')}>
      <p>{t('developing.meanwhile')}</p>
      <ul className="row-list" data-testid="developing-live">
        {LIVE_FEATURES.map((f) => (
          <li key={f.to}>
            <Link to={f.to}>{t(f.key)}</Link>
          </li>
        ))}
      </ul>
      <p className="muted small">{t('developing.follow')}</p>
    </SimplePage>
  );
}
export function TestPage() {
  const { t } = useTranslation();
  return <SimplePage title={t('pages.test')} body={t('pages.testBody')} />;
}
export function EcosystemPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('ecosystem.title')} subtitle={t('ecosystem.subtitle')}>
      <EcosystemDirectory />
    </Page>
  );
}
export function EventPage({ event }: { event: 'owlmazing' | 'owlympics' }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`events.${event}`)} layout="narrow">
      <EventBoard name={event} />
      <Link className="btn btn--soft" to="/rewards">
        {t('nav.rewards')}
      </Link>
    </Page>
  );
}
export function TosPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('tos.title')} layout="narrow">
      <Card>
        <p>{t('tos.intro')}</p>
        <p>{t('tos.noCustody')}</p>
        <p>{t('tos.risk')}</p>
        <p>{t('tos.regions')}</p>
      </Card>
    </Page>
  );
}
export function AccessRestrictedPage() {
  const { t } = useTranslation();
  return <SimplePage title={t('restricted.title')} body={t('restricted.body')} />;
}
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('pages.notFound')} body={t('pages.notFoundBody')}>
      <Link className="btn btn--primary" to="/">
        {t('pages.backHome')}
      </Link>
    </SimplePage>
  );
}
