import { useTranslation } from 'react-i18next';
import type { Exchange } from '@/api/types';
import { recipientErrorKey, type RecipientCheck } from './addressRules';

/** The destination address: optional (the connected wallet) or required (an exchange's deposit address, a non-EVM chain). */
export function RecipientField({ exchange, value, check, onChange }: { exchange: Exchange | null; value: string; check: RecipientCheck; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  const label = exchange ? t('bridge.recipientExchange', { exchange: exchange.name }) : t('bridge.recipient');
  const error = value.trim() !== '' ? recipientErrorKey(check) : null;
  return (
    <label className="recipient-field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        autoComplete="off"
        spellCheck={false}
        placeholder={check.required ? t('bridge.recipientRequired') : t('bridge.recipientOptional')}
        aria-label={label}
        aria-invalid={!check.ok && value !== ''}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span className="form-error small" data-testid="recipient-error">
          {t(error)}
        </span>
      ) : null}
    </label>
  );
}
