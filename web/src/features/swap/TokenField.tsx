import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwapToken } from '@/api/swap';
import { ChevronDownIcon } from '@/components/icons';
import { AmountField } from '@/features/tx/AmountField';
import { TokenIcon } from '@/components/tokens/TokenIcon';
import { TokenModal } from '@/components/tokens/TokenModal';
import { displayAmount } from './format';

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
  /** The paying side is typed into (the text arrives cleaned); the receiving side shows the quote. */
  onAmount?: (text: string) => void;
  onMax?: () => void;
  onPick: (side: 'in' | 'out', address: string) => void;
  disabled: boolean;
}

/** One side of the swap: the amount field with the token picker in its token slot. */
export function TokenField({ side, label, token, tokens, balances, balanceText, amount, invalid, onAmount, onMax, onPick, disabled }: Props) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const shownBalances = useMemo(() => (balances ? new Map([...balances].map(([a, units]) => [a, units === null ? null : displayAmount(units)])) : undefined), [balances]);
  const symbol = token?.symbol ?? t('swap.selectToken');
  const picker = (
    <button
      type="button"
      className="btn btn--soft btn--sm token-pick-btn"
      data-testid={`swap-token-${side}`}
      aria-label={t(side === 'in' ? 'swap.tokenInButton' : 'swap.tokenOutButton', { token: symbol })}
      disabled={disabled || tokens.length === 0}
      onClick={() => setPicking(true)}
    >
      {token ? <TokenIcon token={token} /> : null}
      <span>{symbol}</span>
      <ChevronDownIcon />
    </button>
  );
  return (
    <AmountField
      className="swap-field"
      testId={`swap-field-${side}`}
      label={label}
      value={amount}
      onChange={onAmount}
      invalid={invalid}
      disabled={disabled}
      balanceText={balanceText}
      balanceTestId={side === 'in' ? 'swap-balance' : 'swap-balance-out'}
      max={onMax ? { label: t('swap.max'), onMax, testId: 'swap-max' } : undefined}
      inputTestId={side === 'in' ? 'swap-amount' : 'swap-amount-out'}
      tokenSlot={picker}
    >
      <TokenModal open={picking} tokens={tokens} balances={shownBalances} selected={token?.address.toLowerCase() ?? ''} onClose={() => setPicking(false)} onSelect={(address) => onPick(side, address)} />
    </AmountField>
  );
}
