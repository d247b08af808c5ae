import { useTranslation } from 'react-i18next';
import { Page } from '@/components/Page';
import { StatusView } from '@/features/status/StatusView';

/** /status: the bridge's public status, with the real numbers. */
export default function StatusPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.status')} subtitle={t('pages.statusBody')} children={<StatusView />} />;
}
