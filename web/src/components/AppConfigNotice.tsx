import { useTranslation } from 'react-i18next';

/**
 * The deployment's settings (routes, tokens, check-in chain) while they load, or their failure with
 * a retry: screens built on them say so instead of showing an empty card or table.
 */
export function AppConfigNotice({ query }: { query: { isLoading: boolean; isError: boolean; refetch: () => unknown } }) {
  const { t } = useTranslation();
  if (query.isLoading)
    return (
      <p className="app-config-notice" role="status" data-testid="app-config-loading">
        {t('appConfig.loading')}
      </p>
    );
  if (!query.isError) return null;
  return (
    <p className="form-error" role="alert" data-testid="app-config-error">
      {t('appConfig.failed')}{' '}
      <button type="button" onClick={() => void query.refetch()}>
        {t('appConfig.retry')}
      </button>
    </p>
  );
}
