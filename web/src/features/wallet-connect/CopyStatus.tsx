import { useTranslation } from 'react-i18next';

export type CopyState = 'idle' | 'ok' | 'failed';

/** The line after a copy button: copied, or why not; nothing before the first copy. */
export function CopyStatus({ state }: { state: CopyState }) {
  const { t } = useTranslation();
  if (state === 'idle') return null;
  return (
    <p role="status" className={state === 'ok' ? 'wallet-card__ok' : 'form-error'}>
      {state === 'ok' ? t('wallet.copySucceeded') : t('wallet.copyFailed')}
    </p>
  );
}
