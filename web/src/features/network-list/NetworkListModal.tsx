import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/appConfig';
import { chainsQuery, exchangesQuery } from '@/api/queries';
import type { Chain, Exchange } from '@/api/types';
import { Modal } from '@/components/Modal';
import { NetworkIcon } from '@/components/NetworkIcon';
import { NetworkSearch } from '@/components/NetworkSearch';
import { Spinner } from '@/components/Spinner';
import { useEcosystemAccount } from '@/wallet/ecosystems/store';
import { useWalletStore } from '@/wallet/store';
import { networkAvailability, offeredFirst, otherTokensNote, type Availability } from './availability';
import { useNetworkBalances } from './balances';
import { exchangeCreditsToken, exchangeDepositOf, exchangeRefusal, type ExchangeRefusal } from './exchangeDeposits';
import {
  chainsForTab,
  exchangeBlock,
  exchangeNetworks,
  exchangesForToken,
  FROM_TABS,
  popularChains,
  searchChains,
  TAB_TAG,
  TO_TABS,
  type BalanceCell,
  type FromTab,
  type NetworkListMode,
  type ToTab,
} from './networkList';
import './networkList.css';
import { Tabs } from '@/components/Tabs';
import { unavailableText } from './unavailableText';

interface Props {
  open: boolean;
  mode: NetworkListMode;
  /** The selected token: balances are read for it (default ETH). */
  tokenName?: string;
  /** Preselected exchange for 'toExchange' mode. */
  exchange?: Exchange | null;
  /** The exchange deposit address typed so far (the bridge card's recipient field). */
  depositAddress?: string;
  /** The network chosen on the other side (the destination in From mode, the source in To mode): only networks with a route to or from it are offered. */
  other?: number | null;
  onClose: () => void;
  /** An exchange destination comes with the deposit address it was enabled by. */
  onSelect: (chain: Chain, exchange?: Exchange, depositAddress?: string) => void;
}

function BalanceView({ cell }: { cell: BalanceCell | undefined }) {
  const { t } = useTranslation();
  if (!cell) return null;
  if (cell.kind === 'loading') return <Spinner label={t('bridge.balanceLoading')} />;
  if (cell.kind === 'error') {
    return (
      <span className="network-balance network-balance--error" title={t('bridge.balanceError')} data-hint={t('bridge.balanceError')}>
        {t('common.none')}
      </span>
    );
  }
  return <span className="network-balance">{cell.text}</span>;
}

/** Network list modal: From (ALL/EVM/Bitcoin/Non-EVM/Testnet), To (Network/Exchange), To Exchange Network. */
export function NetworkListModal({ open, mode, tokenName = 'ETH', exchange: presetExchange = null, depositAddress = '', other = null, onClose, onSelect }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [fromTab, setFromTab] = useState<FromTab>('all');
  const [toTab, setToTab] = useState<ToTab>('network');
  const [exchange, setExchange] = useState<Exchange | null>(presetExchange);
  const [deposit, setDeposit] = useState(depositAddress);
  const address = useWalletStore((s) => s.address);
  const solanaAddress = useEcosystemAccount('solana')?.address ?? '';
  const { data, isLoading, isError } = useQuery({ ...chainsQuery(), enabled: open });
  const exchanges = useQuery({ ...exchangesQuery(), enabled: open && mode !== 'from' });
  const appConfig = useAppConfig().data;

  // The tab (and search) reset every time the list opens.
  useEffect(() => {
    if (!open) return;
    setSearch('');
    setFromTab('all');
    setToTab('network');
    setExchange(presetExchange);
    setDeposit(depositAddress);
    // Only on open: the typed address must not be overwritten while the list is open.
  }, [open, presetExchange]);

  const effectiveMode: NetworkListMode = mode === 'from' ? 'from' : exchange || mode === 'toExchange' ? 'toExchange' : 'to';
  const chains = data ?? [];
  const showExchanges = effectiveMode === 'to' && toTab === 'exchange';
  let tabChains: Chain[];
  if (effectiveMode === 'from') tabChains = chainsForTab(chains, fromTab);
  else if (effectiveMode === 'toExchange') tabChains = exchangeNetworks(chains, tokenName);
  else tabChains = chains.filter((c) => !c.disabled);
  // From and To offer only what this deployment bridges (the exchange step has its own rules): the rest is listed after, disabled with the reason.
  const availabilities = new Map<number, Availability>();
  const availabilityOf = (c: Chain): Availability | null => {
    if (effectiveMode === 'toExchange') return null;
    let a = availabilities.get(c.chain_id);
    if (!a) availabilities.set(c.chain_id, (a = networkAvailability(effectiveMode, c, { config: appConfig, other })));
    return a;
  };
  const isOffered = (c: Chain): boolean => availabilityOf(c)?.offered !== false;
  const list = showExchanges ? [] : offeredFirst(searchChains(tabChains, search), isOffered);
  const popular = effectiveMode === 'from' && search.trim() === '' ? popularChains(tabChains.filter(isOffered), TAB_TAG[fromTab]) : [];
  const otherName = chains.find((c) => c.chain_id === other)?.chain_name ?? '';
  const balances = useNetworkBalances(address, list.map((c) => c.chain_id), tokenName, open && !showExchanges, solanaAddress);

  const title =
    effectiveMode === 'from' ? t('bridge.fromNetwork') : effectiveMode === 'toExchange' ? t('bridge.toExchangeNetwork') : t('bridge.toNetworkOrExchange');
  // Exchange destinations are enabled only with a deposit address, an exchange token and an exchange network (exchangeBlock).
  const block = effectiveMode === 'from' ? null : exchangeBlock(tokenName, chains, deposit);
  const exchangeNetworkIds = exchangeNetworks(chains, tokenName).map((c) => c.chain_id);
  // In To Exchange Network mode, each network says whether the chosen exchange credits the token there.
  const refusalOf = (c: Chain): ExchangeRefusal | null => (effectiveMode === 'toExchange' && exchange ? exchangeRefusal(exchange, tokenName, c.chain_id) : null);
  const minimumOf = (c: Chain): string | undefined =>
    effectiveMode === 'toExchange' && exchange ? exchangeDepositOf(exchange, tokenName, c.chain_id)?.min : undefined;
  const exchangeStep = showExchanges || effectiveMode === 'toExchange';
  const pick = (c: Chain): void => {
    if (effectiveMode === 'toExchange') {
      if (block !== null || !exchange || refusalOf(c) !== null) return;
      onSelect(c, exchange, deposit.trim());
    } else {
      if (!isOffered(c)) return;
      onSelect(c);
    }
    onClose();
  };
  const exchangeList = exchangesForToken(exchanges.data ?? [], tokenName).filter((e) => e.name.toLowerCase().includes(search.trim().toLowerCase()));

  return (
    <Modal open={open} onClose={onClose} title={title}>
      {effectiveMode === 'from' ? (
        <Tabs ids={FROM_TABS} current={fromTab} onSelect={setFromTab} labelOf={(id) => t(`bridge.tabs.${id}`)} />
      ) : null}
      {effectiveMode === 'to' ? (
        <Tabs ids={TO_TABS} current={toTab} onSelect={setToTab} labelOf={(id) => t(`bridge.tabs.${id}`)} />
      ) : null}
      {effectiveMode === 'toExchange' ? (
        <>
          {mode !== 'toExchange' ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setExchange(null)}>
              {t('bridge.backToExchanges')}
            </button>
          ) : null}
          <p className="network-list__note" role="note">
            {t('bridge.exchangeNote')}
          </p>
        </>
      ) : null}
      {exchangeStep ? (
        <div className="exchange-deposit">
          <label className="token-field">
            <span className="field-label">{t('bridge.exchangeDeposit.label')}</span>
            <input
              className="input"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('bridge.exchangeDeposit.placeholder')}
              aria-invalid={block === 'invalidAddress'}
              value={deposit}
              onChange={(e) => setDeposit(e.target.value)}
            />
          </label>
          {block !== null ? (
            <p className="muted small" role="status" data-testid="exchange-blocked" data-reason={block}>
              {t(`bridge.exchangeDeposit.blocked.${block}`, { token: tokenName })}
            </p>
          ) : null}
        </div>
      ) : null}
      <NetworkSearch value={search} onChange={setSearch} />
      {isLoading ? <Spinner label={t('bridge.networksLoading')} /> : null}
      {isError ? <p className="form-error">{t('bridge.networksError')}</p> : null}
      {popular.length > 0 ? (
        <section className="network-popular" aria-label={t('bridge.popular')}>
          <h3 className="wallet-group__title">{t('bridge.popular')}</h3>
          <div className="network-popular__chips">
            {popular.map((c) => (
              <button key={c.chain_id} type="button" className="network-popular__chip" onClick={() => pick(c)}>
                <NetworkIcon name={c.chain_name} icon={c.icon} />
                <span>{c.chain_name}</span>
              </button>
            ))}
          </div>
        </section>
      ) : null}
      {showExchanges ? (
        <ul className="network-list" aria-label={t('bridge.tabs.exchange')}>
          {exchanges.isLoading ? <Spinner label={t('bridge.exchangesLoading')} /> : null}
          {exchangeList.map((e) => {
            const credits = exchangeCreditsToken(e, tokenName, exchangeNetworkIds);
            return (
              <li key={e.id}>
                <button type="button" className="network-list__item" disabled={block !== null || !credits} onClick={() => setExchange(e)}>
                  <NetworkIcon name={e.name} icon={e.icon} />
                  <span>{e.name}</span>
                  {block === null && !credits ? (
                    <span className="network-list__reason muted small" data-testid={`exchange-refusal-${e.id}`}>
                      {t('bridge.exchangeDeposit.creditsNowhere', { exchange: e.name, token: tokenName })}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <ul className="network-list" aria-label={t('bridge.allNetworks')}>
          {list.map((c) => {
            const refusal = refusalOf(c);
            const minimum = minimumOf(c);
            const availability = availabilityOf(c);
            const onlyTokens = availability && effectiveMode === 'to' ? otherTokensNote(availability, tokenName) : null;
            return (
              <li key={c.chain_id} data-testid={`network-${c.chain_id}`}>
                <button
                  type="button"
                  className="network-list__item"
                  disabled={(effectiveMode === 'toExchange' && (block !== null || refusal !== null)) || availability?.offered === false}
                  onClick={() => pick(c)}
                >
                  <NetworkIcon name={c.chain_name} icon={c.icon} />
                  <span className="network-list__name">{c.chain_name}</span>
                  {refusal ? (
                    <span className="network-list__reason muted small" data-testid={`exchange-network-refusal-${c.chain_id}`} data-reason={refusal}>
                      {t(`bridge.exchangeDeposit.refusal.${refusal}`, { exchange: exchange?.name, token: tokenName, network: c.chain_name })}
                    </span>
                  ) : availability && !availability.offered ? (
                    <span className="network-list__reason muted small" data-testid={`network-reason-${c.chain_id}`} data-reason={availability.reason}>
                      {unavailableText(t, effectiveMode === 'to' ? 'to' : 'from', availability.reason, c.chain_name, otherName)}
                    </span>
                  ) : onlyTokens ? (
                    <span className="network-list__reason muted small" data-testid={`network-tokens-${c.chain_id}`}>
                      {t('availability.otherTokens', { tokens: onlyTokens.join(', ') })}
                    </span>
                  ) : minimum ? (
                    <span className="network-list__reason muted small" data-testid={`exchange-minimum-${c.chain_id}`}>
                      {t('bridge.exchangeDeposit.minimum', { amount: minimum, token: tokenName })}
                    </span>
                  ) : null}
                  <span className="network-list__balance" data-testid={`balance-${c.chain_id}`}>
                    <BalanceView cell={balances.get(c.chain_id)} />
                  </span>
                </button>
              </li>
            );
          })}
          {!isLoading && list.length === 0 ? <li className="muted small">{t('bridge.noNetworks')}</li> : null}
        </ul>
      )}
    </Modal>
  );
}
