import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { chainsQuery } from '@/api/queries';
import type { Chain, Exchange } from '@/api/types';
import { Card } from '@/components/Card';
import { ArrowDownIcon, ChevronDownIcon } from '@/components/icons';
import { ConnectWalletButton } from '@/features/wallet-connect/ConnectWalletButton';
import { NetworkIcon } from '@/components/NetworkIcon';
import { isNumber } from '@/lib/number';
import { NetworkListModal } from '@/features/network-list/NetworkListModal';
import { switchWalletChain } from '@/wallet/runtime';
import { useWalletStore } from '@/wallet/store';

function NetworkSelect({ label, chain, onOpen }: { label: string; chain: Chain | undefined; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="net-select">
      <span className="field-label">{label}</span>
      <button type="button" className="net-select__btn" onClick={onOpen} aria-label={`${label}: ${chain?.chain_name ?? t('bridge.selectNetwork')}`}>
        {chain ? <NetworkIcon name={chain.chain_name} icon={chain.icon} /> : <NetworkIcon name="" fallback={t('common.unknownNetwork')} />}
        <span>{chain?.chain_name ?? t('bridge.selectNetwork')}</span>
        <ChevronDownIcon />
      </button>
    </div>
  );
}

/** The bridge card: From/To selectors, amount, send button ('Connect Wallet' while disconnected). */
export function BridgeCard({ title }: { title: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: chains } = useQuery(chainsQuery());
  const presetTo = Number(params.get('to'));
  const [fromId, setFromId] = useState<number | null>(null);
  const [toId, setToId] = useState<number | null>(Number.isFinite(presetTo) && presetTo > 0 ? presetTo : null);
  const [picker, setPicker] = useState<'from' | 'to' | null>(null);
  const [amount, setAmount] = useState('');
  const [toExchange, setToExchange] = useState<Exchange | null>(null);
  const [switchError, setSwitchError] = useState('');
  const walletAddress = useWalletStore((s) => s.address);
  const walletChainId = useWalletStore((s) => s.chainId);
  const tokenName = t('bridge.defaultToken');
  const find = (id: number | null): Chain | undefined => chains?.find((c) => c.chain_id === id);
  const amountInvalid = amount !== '' && !isNumber(amount);

  return (
    <Card className="swap-card" as="div">
      <h2 className="card__title">{title}</h2>
      <NetworkSelect label={t('bridge.from')} chain={find(fromId)} onOpen={() => setPicker('from')} />
      <div className="swap-card__switch">
        <button
          type="button"
          className="icon-btn icon-btn--round"
          aria-label={t('bridge.switchDirection')}
          onClick={() => {
            setFromId(toId);
            setToId(fromId);
          }}
        >
          <ArrowDownIcon />
        </button>
      </div>
      <NetworkSelect label={t('bridge.to')} chain={find(toId)} onOpen={() => setPicker('to')} />
      {toExchange ? <p className="muted small" data-testid="to-exchange">{toExchange.name}</p> : null}
      <label className="amount-field">
        <span className="field-label">{t('bridge.amount')}</span>
        <span className="amount-field__row">
          <input
            className="amount-field__input"
            inputMode="decimal"
            placeholder={t('bridge.amountPlaceholder')}
            value={amount}
            aria-invalid={amountInvalid}
            onChange={(e) => setAmount(e.target.value.replace(',', '.'))}
          />
          <span className="amount-field__token">{t('bridge.defaultToken')}</span>
        </span>
      </label>
      <dl className="quote">
        <div>
          <dt>{t('bridge.receive')}</dt>
          <dd>{t('common.none')}</dd>
        </div>
        <div>
          <dt>{t('bridge.fee')}</dt>
          <dd>{t('common.none')}</dd>
        </div>
        <div>
          <dt>{t('bridge.estimatedTime')}</dt>
          <dd>{t('common.none')}</dd>
        </div>
      </dl>
      {switchError ? (
        <p className="form-error" role="alert">
          {t('bridge.switchFailed', { message: switchError })}
        </p>
      ) : null}
      <ConnectWalletButton className="btn btn--primary btn--block btn--lg" />
      <NetworkListModal
        open={picker !== null}
        mode={picker ?? 'from'}
        tokenName={tokenName}
        onClose={() => setPicker(null)}
        onSelect={(c, exchange) => {
          if (picker === 'to') {
            setToId(c.chain_id);
            setToExchange(exchange ?? null);
            return;
          }
          setFromId(c.chain_id);
          setSwitchError('');
          // The source network is the wallet's network: switch the connected EVM wallet to it.
          if (walletAddress && c.flags?.evm && c.chain_id !== walletChainId) {
            switchWalletChain(c.chain_id).catch((err: unknown) => setSwitchError(err instanceof Error ? err.message : String(err)));
          }
        }}
      />
    </Card>
  );
}
