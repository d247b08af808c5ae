import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/Card';
import { ArrowDownIcon } from '@/components/icons';
import { formatAmount, maxSpendable, parseAmount } from '@/features/tx/amount';
import { AmountField } from '@/features/tx/AmountField';
import { TxButton } from '@/features/tx/TxButton';
import { useChainSwitch } from '@/features/tx/useChainSwitch';
import { useResetOnDisconnect } from '@/features/tx/useResetOnDisconnect';
import { checkRecipient } from './addressRules';
import { BridgeNetworkPicker } from './BridgeNetworkPicker';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { BridgeTracker } from './BridgeTracker';
import { sendButtonText } from './buttonText';
import { NetworkSelect } from './NetworkSelect';
import { bridgePresets, checkPresets, walletDefaultFrom, type RefusedPreset } from './presets';
import { QuoteSummary } from './QuoteSummary';
import { RecipientField } from './RecipientField';
import { sendButtonState } from './sendButton';
import { TokenChoice } from './TokenChoice';
import { BridgeTokenPicker } from './BridgeTokenPicker';
import { usdValue } from './usd';
import { useUsdPrices } from './useUsdPrices';
import { useBridgeBalance, useBridgeQuote } from './useBridgeQuote';
import { useBridgeRoute, type BridgeRoute } from './useBridgeRoute';
import { useSendBridge } from './useSendBridge';
import './bridge.css';
import { FormError } from '@/components/FormError';
import type { Chain, Exchange } from '@/api/types';
import { exchangeMinimum } from '@/features/network-list/exchangeDeposits';
import { useAppConfig, type AppConfig } from '@/api/appConfig';
import { networkAvailability } from '@/features/network-list/availability';
import { AppConfigNotice } from '@/components/AppConfigNotice';
import { unavailableText } from '@/features/network-list/unavailableText';
import { useQuery } from '@tanstack/react-query';
import { chainsQuery } from '@/api/queries';

export interface BridgeCardProps {
  title: string;
  /** The partner channel the deposit is credited to (default: the main channel). */
  channelId?: number;
  /** The token preselected by a partner channel. */
  defaultToken?: string;
  /** A partner's own network: the destination until the user picks another. */
  partnerChainId?: number;
  /** Next to the title (a partner's logo, its history link). */
  actions?: ReactNode;
}

const EVM_FLAGS: Chain['flags'] = { evm: true, bitcoin: false, non_evm: false };

/**
 * Presets: ?from= and ?to= (airdrop recommendations, shared links), a partner's chain as the
 * destination, and a partner channel's token; each only where the user has not chosen yet. A link
 * made before a route went away (or for another deployment) names a network this one cannot bridge:
 * that network is left unchosen and the card says why, rather than preselecting a route it refuses.
 * So the presets wait for the routes and the network list. Returns what was left out (said until the
 * user opens that side's picker, where the network shows disabled with the same reason), and how to
 * stop saying it.
 */
function usePresets(defaultToken: string | undefined, partnerChainId: number | undefined, config: AppConfig | undefined, configLoading: boolean): [RefusedPreset[], (side: 'from' | 'to' | 'all') => void] {
  const [params] = useSearchParams();
  const chains = useQuery(chainsQuery());
  const [refused, setRefused] = useState<RefusedPreset[]>([]);
  const ready = !configLoading && !chains.isLoading;
  useEffect(() => {
    if (!ready) return;
    const flagsOf = (id: number): Chain['flags'] => chains.data?.find((c) => c.chain_id === id)?.flags ?? EVM_FLAGS;
    const judge = (side: 'from' | 'to', id: number, other: number | null) =>
      networkAvailability(side, { chain_id: id, flags: flagsOf(id) }, { config, other: side === 'to' ? (other ?? useBridgeForm.getState().fromChainId) : other });
    const checked = checkPresets(bridgePresets(params, partnerChainId), judge);
    const form = useBridgeForm.getState();
    if (checked.from !== null && form.fromChainId === null && checked.from !== form.toChainId) form.setFrom(checked.from);
    if (checked.to !== null && useBridgeForm.getState().toChainId === null && checked.to !== useBridgeForm.getState().fromChainId) form.setTo(checked.to);
    setRefused(checked.refused);
  }, [params, partnerChainId, ready, config, chains.data]);
  useEffect(() => {
    if (defaultToken) useBridgeForm.getState().setToken(defaultToken);
  }, [defaultToken]);
  const dismiss = useCallback((side: 'from' | 'to' | 'all') => setRefused((list) => (side === 'all' ? [] : list.filter((r) => r.side !== side))), []);
  return [refused, dismiss];
}

/** Once a wallet is connected, From is its chain unless the user (or the address bar) chose another. */
function useWalletDefaultFrom(route: BridgeRoute, config: AppConfig | undefined, configLoading: boolean): void {
  const { chains, wallets } = route;
  const { fromChainId, toChainId } = useBridgeForm();
  const chainId = wallets.evmAddress ? wallets.evmChainId : null;
  useEffect(() => {
    // Not before the routes are known (a network without one is not taken), and from the store
    // itself: the address bar's From, set by the presets in this same commit, wins.
    if (configLoading) return;
    const offered = (c: Chain): boolean => networkAvailability('from', c, { config, other: toChainId }).offered;
    const from = walletDefaultFrom(useBridgeForm.getState().fromChainId, chainId, chains, toChainId, offered);
    if (from !== null) useBridgeForm.getState().setFrom(from);
  }, [fromChainId, chainId, chains, toChainId, config, configLoading]);
}

/** What the card says about a network the link named and the card left unchosen. */
function RefusedPresetNotice({ refused, chains, fromChainId }: { refused: RefusedPreset; chains: readonly Chain[] | undefined; fromChainId: number | null }) {
  const { t } = useTranslation();
  const nameOf = (id: number | null): string => (id === null ? '' : (chains?.find((c) => c.chain_id === id)?.chain_name ?? `#${id}`));
  const other = refused.side === 'to' ? nameOf(fromChainId) : '';
  return (
    <p className="muted small" role="status" data-testid={`preset-refused-${refused.side}`} data-chain-id={refused.chainId} data-reason={refused.reason}>
      {t('availability.linkRefused', { reason: unavailableText(t, refused.side, refused.reason, nameOf(refused.chainId), other) })}
    </p>
  );
}

/** To an exchange: its minimum deposit on the destination and what the quote says arrives, in raw units. */
function exchangeAmounts(exchange: Exchange | null, toChainId: number | null, token: string, decimals: number, receive: string | undefined) {
  if (!exchange || toChainId === null) return undefined;
  const arrives = receive !== undefined ? parseAmount(receive, decimals) : undefined;
  return { min: exchangeMinimum(exchange, token, toChainId, decimals), receive: arrives?.kind === 'ok' ? arrives.raw : undefined };
}

/** The bridge card: From/To (network or exchange), token, amount, quote, recipient, send button, tracker. */
export function BridgeCard({ title, channelId, defaultToken, partnerChainId, actions }: BridgeCardProps) {
  const { t } = useTranslation();
  const form = useBridgeForm();
  const { fromChainId, toChainId, exchange, token, amount, recipient, phase, sendError, active } = form;
  const [picker, setPicker] = useState<'from' | 'to' | null>(null);
  const chainSwitch = useChainSwitch();
  const send = useSendBridge();
  const appConfig = useAppConfig();
  const [refusedPresets, dismissPreset] = usePresets(defaultToken, partnerChainId, appConfig.data, appConfig.isLoading);
  const route = useBridgeRoute();
  useWalletDefaultFrom(route, appConfig.data, appConfig.isLoading);
  const { wallets, fromChain, decimals, limits, chosenToToken } = route;
  // A disconnected wallet leaves nothing behind: the form and the followed deposit start over.
  useResetOnDisconnect(wallets.evmAddress, () => useBridgeForm.getState().reset());

  const parsed = parseAmount(amount, decimals);
  const balance = useBridgeBalance(route);
  const q = useBridgeQuote(route, parsed, channelId);
  const { slippageBps } = q;
  const recipientCheck = checkRecipient({ destination: route.toChain, exchange, typed: recipient, walletAddress: wallets.destinationWallet, sourceIsSolana: wallets.fromSolana });
  const state = sendButtonState({
    walletConnected: wallets.walletAddress !== '',
    walletChainId: wallets.walletChainId,
    fromChainId,
    toChainId,
    fromSupported: !!fromChain?.flags?.evm || wallets.fromSolana || (fromChainId !== null && !fromChain),
    routeExists: route.routeOk,
    amount: parsed,
    balance,
    min: limits?.min,
    max: q.max,
    recipient: recipientCheck,
    quote: q.state,
    phase,
    exchange: exchangeAmounts(exchange, toChainId, token, decimals, q.quote?.receive_amount),
  });
  const onSend = async (): Promise<void> => {
    if (parsed.kind !== 'ok' || !recipientCheck.ok || fromChainId === null || toChainId === null) return;
    const destinationSwap = chosenToToken ? { toToken: chosenToToken, slippageBps } : {};
    await send({ fromChainId, toChainId, token, amount: parsed.text, sender: wallets.walletAddress, recipient: recipientCheck.recipient, channel: channelId, exchange: exchange?.name ?? '', ...destinationSwap });
  };
  const busy = phase !== 'idle';
  const prices = useUsdPrices(wallets.evmAddress, [fromChainId, toChainId]);
  const amountUsd = parsed.kind === 'ok' ? usdValue(parsed.text, token, prices) : null;
  const buttonText = sendButtonText(t, state, { token, decimals, network: fromChain?.chain_name ?? '', exchange: exchange?.name });
  const fmt = (raw: bigint): string => formatAmount(raw, decimals, decimals);

  if (active) {
    return (
      <Card className="swap-card" as="div">
        <BridgeTracker deposit={active} onClose={() => useBridgeForm.getState().setActive(null)} />
      </Card>
    );
  }
  return (
    <Card className="swap-card bridge-card" as="div">
      {/* The page's only heading: a page title above a card title cost the card its button on the first screen. */}
      <div className="bridge-card__head">
        <h1 className="card__title">{title}</h1>
        {actions ? <div className="bridge-card__actions">{actions}</div> : null}
      </div>
      <AppConfigNotice query={appConfig} />
      {refusedPresets.map((r) => (
        <RefusedPresetNotice key={r.side} refused={r} chains={route.chains} fromChainId={fromChainId} />
      ))}
      <div className="bridge-card__route">
        <NetworkSelect label={t('bridge.from')} chain={fromChain} onOpen={() => (setPicker('from'), dismissPreset('from'))} />
        <div className="swap-card__switch">
          <button type="button" className="icon-btn icon-btn--round" aria-label={t('bridge.switchDirection')} onClick={() => (form.swap(), dismissPreset('all'))}>
            <ArrowDownIcon />
          </button>
        </div>
        <NetworkSelect label={t('bridge.to')} chain={route.toChain} suffix={exchange?.name} onOpen={() => (setPicker('to'), dismissPreset('to'))} />
      </div>
      {exchange ? (
        <p className="muted small" data-testid="to-exchange">
          {exchange.name}
        </p>
      ) : null}
      <AmountField
        id="bridge-amount"
        label={t('bridge.amount')}
        value={amount}
        onChange={form.setAmount}
        invalid={parsed.kind === 'invalid' || parsed.kind === 'tooPrecise'}
        balanceText={wallets.walletAddress && fromChainId !== null ? t('bridge.balance', { value: balance !== undefined ? `${formatAmount(balance, decimals, 6)} ${token}` : t('common.none') }) : undefined}
        balanceTestId="bridge-balance"
        max={{ label: t('bridge.max'), onMax: balance !== undefined ? () => form.setAmount(fmt(maxSpendable(balance, decimals, route.native))) : undefined }}
        tokenSlot={<BridgeTokenPicker route={route} busy={busy} />}
      >
        <span className="bridge-card__under">
          <span className="muted small" data-testid="amount-usd">
            {amountUsd ? t('bridge.usdValue', { value: amountUsd }) : null}
          </span>
          {limits ? (
            <span className="muted small" data-testid="bridge-limits">
              {t('bridge.limits', { min: fmt(limits.min), max: fmt(q.max ?? limits.max), token })}
            </span>
          ) : null}
        </span>
      </AmountField>
      <TokenChoice route={route} busy={busy} autoSlippageBps={q.autoSlippageBps} />
      <RecipientField exchange={exchange} value={recipient} check={recipientCheck} onChange={form.setRecipient} />
      <QuoteSummary quote={q.quote} state={q.state} token={token} receiveToken={route.receiveToken} decimals={decimals} prices={prices} />
      <FormError testId="quote-error">{q.error ? t('bridge.quoteFailed', { message: q.error }) : null}</FormError>
      <TxButton state={state} text={buttonText} busy={busy} testId="bridge-send" chainSwitch={chainSwitch} switchErrorTestId="switch-error" onSend={onSend}>
        <FormError testId="send-error">{sendError ? t('bridge.sendFailed', { message: sendError }) : null}</FormError>
      </TxButton>
      <BridgeNetworkPicker picker={picker} onClose={() => setPicker(null)} wallets={wallets} chainSwitch={chainSwitch} />
    </Card>
  );
}
