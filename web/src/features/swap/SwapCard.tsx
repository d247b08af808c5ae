import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { ArrowDownIcon, ChevronDownIcon } from '@/components/icons';
import { ConnectWalletButton } from '@/features/wallet-connect/ConnectWalletButton';
import { DEFAULT_SLIPPAGE } from '@/lib/config';

function TokenRow({ label, value, onChange, readOnly }: { label: string; value: string; onChange?: (v: string) => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <label className="amount-field">
      <span className="field-label">{label}</span>
      <span className="amount-field__row">
        <input
          className="amount-field__input"
          inputMode="decimal"
          placeholder={t('bridge.amountPlaceholder')}
          value={value}
          readOnly={readOnly}
          onChange={(e) => onChange?.(e.target.value)}
        />
        <span className="token-btn">
          {t('swap.selectToken')}
          <ChevronDownIcon />
        </span>
      </span>
    </label>
  );
}

/** Swap card skeleton: pay / receive, slippage (default 5%), send button. */
export function SwapCard() {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  return (
    <Card className="swap-card" as="div">
      <h2 className="card__title">{t('swap.title')}</h2>
      <TokenRow label={t('swap.youPay')} value={amount} onChange={setAmount} />
      <div className="swap-card__switch">
        <button type="button" className="icon-btn icon-btn--round" aria-label={t('swap.switchTokens')}>
          <ArrowDownIcon />
        </button>
      </div>
      <TokenRow label={t('swap.youReceive')} value="" readOnly />
      <dl className="quote">
        <div>
          <dt>{t('swap.slippage')}</dt>
          <dd>{t('swap.slippageValue', { value: DEFAULT_SLIPPAGE * 100 })}</dd>
        </div>
        <div>
          <dt>{t('swap.route')}</dt>
          <dd>{t('common.none')}</dd>
        </div>
      </dl>
      <ConnectWalletButton className="btn btn--primary btn--block btn--lg" />
    </Card>
  );
}
