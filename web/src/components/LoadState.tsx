import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';

/** A query's wait and failure: a spinner while it loads, the failure's message once it failed, nothing otherwise. */
export function LoadState({ query }: { query: { isLoading: boolean; isError: boolean; error: Error | null } }) {
  const { t } = useTranslation();
  return (
    <>
      {query.isLoading ? <Spinner /> : null}
      {query.isError ? (
        <p className="form-error" role="alert">
          {t('trackerPages.loadError', { message: query.error?.message ?? '' })}
        </p>
      ) : null}
    </>
  );
}
