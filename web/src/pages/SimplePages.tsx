import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/Card';
import { Page } from '@/components/Page';
import { SimplePage } from '@/components/SimplePage';
import { EcosystemDirectory } from '@/features/ecosystem/EcosystemDirectory';
import { EventBoard } from '@/features/events/EventBoard';

/** Routes the spec lists without showing their contents, and the small static pages. */

export function InvitePage() {
  const { t } = useTranslation();
  return <SimplePage title={t('pages.invite')} body={t('pages.inviteBody')} />;
}
export function DevelopingPage() {
  const { t } = useTranslation();
  return <SimplePage title={t('pages.developing')} body={t('pages.developingBody')} />;
}
export function TestPage() {
  const { t } = useTranslation();
  return <SimplePage title={t('pages.test')} body={t('pages.testBody')} />;
}
export function ScrollBadgePage() {
  const { t } = useTranslation();
  return <SimplePage title={t('pages.scrollBadge')} body={t('pages.scrollBadgeBody')} />;
}
export function ConfirmPage() {
  const { t } = useTranslation();
  return <SimplePage title={t('pages.confirm')} body={t('pages.confirmBody')} />;
}
export function CompletedPage() {
  const { t } = useTranslation();
  return <SimplePage title={t('pages.completed')} body={t('pages.completedBody')} />;
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
