import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeAmountInput } from './amount';

export interface AmountFieldProps {
  label: string;
  /** The input's id (default: a generated one). */
  id?: string;
  value: string;
  /** Receives the text as cleaned by sanitizeAmountInput; without it the field is read-only (a quote's output). */
  onChange?: (text: string) => void;
  invalid?: boolean;
  /** A running flow: the typed field and its Max are disabled. */
  disabled?: boolean;
  /** 'Balance: 1.5 ETH', when a wallet is connected. */
  balanceText?: string;
  balanceTestId?: string;
  /** The Max button, when shown: disabled while it has nothing to fill in (`onMax` undefined). */
  max?: { label: string; onMax?: () => void; testId?: string };
  /** The token: its name, or a picker. */
  tokenSlot: ReactNode;
  /** Under the row: limits, a picker's modal. */
  children?: ReactNode;
  className?: string;
  testId?: string;
  inputTestId?: string;
}

/** The amount of a transaction card: label and balance, the decimal input, Max and the token. */
export function AmountField({ label, id, value, onChange, invalid, disabled = false, balanceText, balanceTestId, max, tokenSlot, children, className, testId, inputTestId }: AmountFieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={className ? `amount-field ${className}` : 'amount-field'} data-testid={testId}>
      <span className="amount-field__head">
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
        {balanceText !== undefined ? (
          <span className="muted small" data-testid={balanceTestId}>
            {balanceText}
          </span>
        ) : null}
      </span>
      <span className="amount-field__row">
        <input
          id={inputId}
          className="amount-field__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('bridge.amountPlaceholder')}
          value={value}
          readOnly={!onChange}
          disabled={disabled && !!onChange}
          aria-invalid={invalid}
          data-testid={inputTestId}
          onChange={(e) => onChange?.(sanitizeAmountInput(e.target.value, value))}
        />
        {max ? (
          <button type="button" className="btn btn--ghost btn--sm" data-testid={max.testId} disabled={disabled || !max.onMax} onClick={max.onMax}>
            {max.label}
          </button>
        ) : null}
        {tokenSlot}
      </span>
      {children}
    </div>
  );
}
