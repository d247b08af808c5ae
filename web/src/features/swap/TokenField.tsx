import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwapToken } from '@/api/swap';
import { ChevronDownIcon } from '@/components/icons';
import { TokenIcon } from './TokenIcon';
import { TokenModal } from './TokenModal';

interface Props {
  side: 'in' | 'out';
  label: string;
  token: SwapToken | undefined;
  tokens: readonly SwapToken[];
  balances: ReadonlyMap<string, string | null> | undefined;
  /** 'Balance: 1.5 ETH' text, when a wallet is connected. */
  balanceText?: string;
  amount: string;
  invalid?: boolean;
  /** The paying side is typed into; the receiving side shows the quote. */
  onAmount?: (text: string) => void;
  onMax?: () => void;
  onPick: (address: string) => void;
  disabled: boolean;
}

/** One side of the swap: the amount, the token (with its picker) and, for the paying side, balance and Max. */
export function TokenField({ side, label, token, tokens, balances, balanceText, amount, invalid, onAmount, onMax, onPick, disabled }: Props) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const inputId = useId();
  const symbol = token?.symbol ?? t('swap.selectToken');
  return (
    <div className="amount-field swap-field" data-testid={`swap-field-${side}`}>
      <span className="amount-field__head">
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
        {balanceText !== undefined ? (
          <span className="muted small" data-testid={side === 'in' ? 'swap-balance' : 'swap-balance-out'}>
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
          value={amount}
          readOnly={!onAmount}
          disabled={disabled && !!onAmount}
          aria-invalid={invalid}
          data-testid={side === 'in' ? 'swap-amount' : 'swap-amount-out'}
          onChange={(e) => onAmount?.(e.target.value)}
        />
        {onMax ? (
          <button type="button" className="btn btn--ghost btn--sm" data-testid="swap-max" disabled={disabled} onClick={onMax}>
            {t('swap.max')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--soft btn--sm swap-token-btn"
          data-testid={`swap-token-${side}`}
          aria-label={t(side === 'in' ? 'swap.tokenInButton' : 'swap.tokenOutButton', { token: symbol })}
          disabled={disabled || tokens.length === 0}
          onClick={() => setPicking(true)}
        >
          {token ? <TokenIcon token={token} /> : null}
          <span>{symbol}</span>
          <ChevronDownIcon />
        </button>
      </span>
      <TokenModal open={picking} tokens={tokens} balances={balances} selected={token?.address.toLowerCase() ?? ''} onClose={() => setPicking(false)} onSelect={onPick} />
    </div>
  );
}
