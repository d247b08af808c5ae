import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';
import { copyText } from '@/lib/clipboard';
import { shortenAddress, SHORTEN_WALLET_CARD } from '@/lib/string';
import { addressLabel, useAddressName } from './useAddressName';
import { CopyStatus, type CopyState } from './CopyStatus';

export interface CardBalance {
  isLoading: boolean;
  isError: boolean;
  /** The amount as shown (already truncated) and its symbol. */
  data?: { value: string; symbol: string } | undefined;
}

export interface ConnectedWalletCardProps {
  /** 'evm' or the ecosystem: test ids and the card's label. */
  kind: string;
  address: string;
  walletName: string;
  networkName: string;
  chainId: number | null;
  balance: CardBalance;
  onDisconnect: () => void;
}

/** One connected wallet: its address (first 9 and last 11 characters) with copy, network, balance, disconnect. */
export function ConnectedWalletCard({ kind, address, walletName, networkName, chainId, balance, onDisconnect }: ConnectedWalletCardProps) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<CopyState>('idle');
  const suffix = kind === 'evm' ? '' : `-${kind}`;
  const name = useAddressName(address);
  return (
    <section className="wallet-card wallet-card--connected" data-testid={`wallet-card${suffix}`} data-kind={kind} aria-label={t('wallet.cardLabel', { name: walletName })}>
      <div className="wallet-card__row">
        {name ? (
          <strong className="wallet-card__name" data-testid={`wallet-card-name${suffix}`} title={name}>
            {addressLabel(address, name)}
          </strong>
        ) : null}
        <code data-testid={`wallet-card-address${suffix}`} title={address}>
          {shortenAddress(address, SHORTEN_WALLET_CARD.head, SHORTEN_WALLET_CARD.tail)}
        </code>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void copyText(address).then((ok) => setCopy(ok ? 'ok' : 'failed'))}>
          {t('wallet.copyAddress')}
        </button>
      </div>
      <CopyStatus state={copy} />
      <dl className="wallet-card__facts">
        <div>
          <dt>{t('wallet.network')}</dt>
          <dd data-testid={`wallet-card-network${suffix}`} data-chain-id={chainId ?? ''}>
            {networkName}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.balance')}</dt>
          <dd data-testid={`wallet-card-balance${suffix}`}>
            {balance.isLoading ? <Spinner label={t('bridge.balanceLoading')} /> : null}
            {balance.isError ? <span title={t('bridge.balanceError')}>{t('common.none')}</span> : null}
            {balance.data ? `${balance.data.value} ${balance.data.symbol}` : null}
            {!balance.isLoading && !balance.isError && !balance.data ? t('common.none') : null}
          </dd>
        </div>
      </dl>
      <div className="wallet-card__row">
        <span className="muted small">{walletName}</span>
        <button type="button" className="btn btn--ghost" onClick={onDisconnect}>
          {t('wallet.disconnect')}
        </button>
      </div>
    </section>
  );
}
