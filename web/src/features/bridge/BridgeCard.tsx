import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { quoteQuery, type Quote } from '@/api/bridge';
import { ApiError } from '@/api/client';
import { chainsQuery, tokensQuery } from '@/api/queries';
import { swapChainsQuery, swapTokensQuery } from '@/api/swap';
import type { Chain } from '@/api/types';
import { Card } from '@/components/Card';
import { ArrowDownIcon, ChevronDownIcon } from '@/components/icons';
import { NetworkIcon } from '@/components/NetworkIcon';
import { multiBalanceQuery } from '@/features/network-list/balances';
import { NetworkListModal } from '@/features/network-list/NetworkListModal';
import { DEFAULT_DEBOUNCE_MS } from '@/lib/debounce';
import { useWalletModal } from '@/wallet/modalStore';
import { switchWalletChain } from '@/wallet/lazyRuntime';
import { serverBalanceQuery } from '@/wallet/ecosystems/balances';
import { useEcosystemAccount } from '@/wallet/ecosystems/store';
import { useWalletStore } from '@/wallet/store';
import { EXCHANGE_TOKENS, exchangeRouteAllowed } from '@/features/network-list/networkList';
import { checkRecipient, recipientErrorKey, SOLANA_CHAIN_ID } from './addressRules';
import { formatAmount, maxSpendable, parseAmount, sanitizeAmountInput, unitsToRaw } from '@/features/tx/amount';
import { formatDuration } from './duration';
import { useBridgeForm } from './bridgeStore';
import { destinationTokenChoices, validDestinationToken } from './destinationToken';
import { SlippageSettings } from '../swap/SlippageSettings';
import { useSwapSettings } from '../swap/settingsStore';
import { BridgeTracker } from './BridgeTracker';
import { isNativeToken, receiveTokenOf, routeLimits, tokenOn, tokensForPair } from './routes';
import { sendButtonState, type SendButtonState } from './sendButton';
import { useSendBridge } from './useSendBridge';
import './bridge.css';

function NetworkSelect({ label, chain, suffix, onOpen }: { label: string; chain: Chain | undefined; suffix?: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = chain ? `${chain.chain_name}${suffix ? ` · ${suffix}` : ''}` : t('bridge.selectNetwork');
  return (
    <div className="net-select">
      <span className="field-label">{label}</span>
      <button type="button" className="net-select__btn" onClick={onOpen} aria-label={`${label}: ${name}`} data-chain-id={chain?.chain_id}>
        {chain ? <NetworkIcon name={chain.chain_name} icon={chain.icon} /> : <NetworkIcon name="" fallback={t('common.unknownNetwork')} />}
        <span>{name}</span>
        <ChevronDownIcon />
      </button>
    </div>
  );
}

/** The typed amount, settled for `wait` ms (the quote is asked for settled amounts only). */
function useSettled<T>(value: T, wait = DEFAULT_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return settled;
}

function buttonText(t: TFunction, s: SendButtonState, ctx: { token: string; decimals: number; network: string }): string {
  switch (s.kind) {
    case 'connectWallet':
      return t('wallet.connectWallet');
    case 'belowMin':
      return t('bridge.button.belowMin', { amount: formatAmount(s.min, ctx.decimals, ctx.decimals), token: ctx.token });
    case 'aboveMax':
      return t('bridge.button.aboveMax', { amount: formatAmount(s.max, ctx.decimals, ctx.decimals), token: ctx.token });
    case 'tooPrecise':
      return t('bridge.button.tooPrecise', { decimals: s.decimals });
    case 'switchNetwork':
      return t('bridge.button.switchNetwork', { network: ctx.network });
    default:
      return t(`bridge.button.${s.kind}`, { token: ctx.token });
  }
}

export interface BridgeCardProps {
  title: string;
  /** The partner channel the deposit is credited to (default: the main channel). */
  channelId?: number;
  /** The token preselected by a partner channel. */
  defaultToken?: string;
}

/** The bridge card: From/To (network or exchange), token, amount, quote, recipient, send button, tracker. */
export function BridgeCard({ title, channelId, defaultToken }: BridgeCardProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: chains } = useQuery(chainsQuery());
  const { data: tokens } = useQuery(tokensQuery());
  const form = useBridgeForm();
  const { fromChainId, toChainId, exchange, token, toToken, amount, recipient, phase, sendError, active } = form;
  const [picker, setPicker] = useState<'from' | 'to' | null>(null);
  const [switchError, setSwitchError] = useState('');
  const evmAddress = useWalletStore((s) => s.address);
  const evmChainId = useWalletStore((s) => s.chainId);
  const solanaAccount = useEcosystemAccount('solana');
  const showWalletModal = useWalletModal((s) => s.show);
  const send = useSendBridge();

  // Presets: ?to=<chain id> (airdrop recommendations) and a partner channel's token.
  useEffect(() => {
    const presetTo = Number(params.get('to'));
    if (Number.isInteger(presetTo) && presetTo > 0 && useBridgeForm.getState().toChainId === null) useBridgeForm.getState().setTo(presetTo);
  }, [params]);
  useEffect(() => {
    if (defaultToken) useBridgeForm.getState().setToken(defaultToken);
  }, [defaultToken]);

  // Disconnect resets the stores (spec §4): the form and the followed deposit start over.
  const previousAddress = useRef(evmAddress);
  useEffect(() => {
    if (previousAddress.current && !evmAddress) useBridgeForm.getState().reset();
    previousAddress.current = evmAddress;
  }, [evmAddress]);

  const find = (id: number | null): Chain | undefined => chains?.find((c) => c.chain_id === id);
  const fromChain = find(fromChainId);
  const toChain = find(toChainId);
  // The source wallet is the one of the source's ecosystem: the Solana wallet for Solana, else the EVM one.
  const fromSolana = fromChainId === SOLANA_CHAIN_ID;
  const solanaAddress = solanaAccount?.address ?? '';
  const walletAddress = fromSolana ? solanaAddress : evmAddress;
  const walletChainId = fromSolana ? (solanaAddress ? SOLANA_CHAIN_ID : null) : evmChainId;
  // The default recipient is the connected wallet of the destination's ecosystem.
  const destinationWallet = toChainId === SOLANA_CHAIN_ID ? solanaAddress : evmAddress;

  // Tokens: those with a route between the two networks (an exchange takes only its tokens); keep the choice valid.
  const choices = tokensForPair(fromChainId, toChainId).filter((sym) => !exchange || EXCHANGE_TOKENS.includes(sym.toUpperCase()));
  const choiceKey = choices.join(',');
  useEffect(() => {
    const list = choiceKey ? choiceKey.split(',') : [];
    if (list.length > 0 && !list.includes(token)) useBridgeForm.getState().setToken(list[0]!);
  }, [choiceKey, token]);

  const tokenInfo = fromChainId !== null ? tokenOn(tokens ?? [], token, fromChainId) : undefined;
  const limits = fromChainId !== null && toChainId !== null ? routeLimits(token, fromChainId, toChainId) : undefined;
  const decimals = limits?.decimals ?? tokenInfo?.decimals ?? 18;
  const native = tokenInfo ? isNativeToken(tokenInfo) : token === (fromChain?.native_currency?.symbol ?? 'ETH');
  const parsed = parseAmount(amount, decimals);

  // Bridge and swap: on a destination that swaps (pools read), another token may be received.
  const swapChainsQ = useQuery(swapChainsQuery());
  const swapReady = !exchange && toChainId !== null && !!swapChainsQ.data?.some((c) => c.chain_id === toChainId && c.ready);
  const dstTokensQ = useQuery({ ...swapTokensQuery(toChainId ?? 0), enabled: swapReady });
  const bridgedOnDst = toChainId !== null ? tokenOn(tokens ?? [], token, toChainId)?.address : undefined;
  const toTokenChoices = destinationTokenChoices(dstTokensQ.data?.tokens, bridgedOnDst, swapReady);
  const chosenToToken = validDestinationToken(toToken, toTokenChoices);
  // Bridge and swap: the destination swap's slippage, the swap page's setting (one for both).
  const { slippageBps } = useSwapSettings();
  const routeOk = !!limits && (!exchange || (toChainId !== null && exchangeRouteAllowed(token, exchange, toChainId)));

  // Balance of the token on the source network (the multi-balance call, one chain).
  const balanceQ = useQuery({
    ...multiBalanceQuery(walletAddress, fromChainId !== null ? [fromChainId] : [], token),
    enabled: walletAddress !== '' && fromChainId !== null && !!fromChain?.flags?.evm,
  });
  // A Solana source: the Solana wallet's balance, read by the server (docs/solana.md, Balances).
  const solanaBalanceQ = useQuery({ ...serverBalanceQuery(SOLANA_CHAIN_ID, token, solanaAddress), enabled: fromSolana && solanaAddress !== '' });
  const balanceEntry = fromChainId !== null ? balanceQ.data?.[String(fromChainId)] : undefined;
  const balance = fromSolana
    ? solanaBalanceQ.data
      ? unitsToRaw(solanaBalanceQ.data.text, decimals)
      : undefined
    : balanceEntry && balanceEntry.status_code === 0
      ? unitsToRaw(balanceEntry.view_value, decimals)
      : undefined;

  // Quote: asked for a settled amount inside the route's limits; its max also counts liquidity.
  const settled = useSettled(amount);
  const settledParsed = parseAmount(settled, decimals);
  const inLimits = parsed.kind === 'ok' && parsed.raw > 0n && (!limits || (parsed.raw >= limits.min && parsed.raw <= limits.max));
  const quoteParams = {
    fromChainId: fromChainId ?? 0,
    toChainId: toChainId ?? 0,
    token,
    amount: settledParsed.kind === 'ok' ? settledParsed.text : '',
    channel: channelId,
    ...(chosenToToken ? { toToken: chosenToToken, slippageBps } : {}),
  };
  const quoteWanted = routeOk && inLimits && settled === amount && settledParsed.kind === 'ok';
  const quoteQ = useQuery(quoteQuery(quoteParams, quoteWanted));
  const quote: Quote | undefined = quoteWanted ? quoteQ.data : undefined;
  const quoteState = !quoteWanted ? (inLimits ? 'loading' : 'idle') : quoteQ.isError ? 'error' : quote ? 'ready' : 'loading';
  const quoteMax = quote ? unitsToRaw(quote.max, decimals) : undefined;
  const max = limits ? (quoteMax !== undefined && quoteMax < limits.max ? quoteMax : limits.max) : undefined;

  const recipientCheck = checkRecipient({ destination: toChain, exchange, typed: recipient, walletAddress: destinationWallet, sourceIsSolana: fromSolana });
  const recipientError = recipientErrorKey(recipientCheck);
  const receiveToken = (fromChainId !== null && toChainId !== null ? receiveTokenOf(token, fromChainId, toChainId)?.symbol : undefined) ?? token;
  const state = sendButtonState({
    walletConnected: walletAddress !== '',
    walletChainId,
    fromChainId,
    toChainId,
    fromSupported: !!fromChain?.flags?.evm || fromSolana || (fromChainId !== null && !fromChain),
    routeExists: routeOk,
    amount: parsed,
    balance,
    min: limits?.min,
    max,
    recipient: recipientCheck,
    quote: quoteState,
    phase,
  });

  const onButton = async (): Promise<void> => {
    if (state.action === 'connect') {
      showWalletModal();
      return;
    }
    if (state.action === 'switch') {
      setSwitchError('');
      try {
        await switchWalletChain(state.chainId);
      } catch (err) {
        setSwitchError(err instanceof Error ? err.message : String(err));
      }
      return;
    }
    if (state.action !== 'send' || parsed.kind !== 'ok' || !recipientCheck.ok || fromChainId === null || toChainId === null) return;
    await send({
      fromChainId,
      toChainId,
      token,
      amount: parsed.text,
      sender: walletAddress,
      recipient: recipientCheck.recipient,
      channel: channelId,
      exchange: exchange?.name ?? '',
      ...(chosenToToken ? { toToken: chosenToToken, slippageBps } : {}),
    });
  };

  const quoteError = quoteWanted && quoteQ.error ? (quoteQ.error instanceof ApiError ? quoteQ.error.message : String(quoteQ.error)) : '';
  const time = quote ? formatDuration(quote.expected_seconds) : null;
  const cross = !!quote?.receive_token && quote.receive_token !== token;
  // A cross-asset route charges its fee in the token sent and the network cost in the token paid.
  const feeTotal = quote
    ? cross
      ? quote.bridge_fee
      : formatAmount((unitsToRaw(quote.bridge_fee, decimals) ?? 0n) + (unitsToRaw(quote.dtc, decimals) ?? 0n), decimals, decimals)
    : '';
  const busy = phase !== 'idle';
  const dstSwap = quote?.swap ?? null;
  const recipientLabel = exchange ? t('bridge.recipientExchange', { exchange: exchange.name }) : t('bridge.recipient');
  const recipientPlaceholder = recipientCheck.required ? t('bridge.recipientRequired') : t('bridge.recipientOptional');

  if (active) {
    return (
      <Card className="swap-card" as="div">
        <BridgeTracker deposit={active} onClose={() => useBridgeForm.getState().setActive(null)} />
      </Card>
    );
  }

  return (
    <Card className="swap-card" as="div">
      <h2 className="card__title">{title}</h2>
      <NetworkSelect label={t('bridge.from')} chain={fromChain} onOpen={() => setPicker('from')} />
      <div className="swap-card__switch">
        <button type="button" className="icon-btn icon-btn--round" aria-label={t('bridge.switchDirection')} onClick={() => form.swap()}>
          <ArrowDownIcon />
        </button>
      </div>
      <NetworkSelect label={t('bridge.to')} chain={toChain} suffix={exchange?.name} onOpen={() => setPicker('to')} />
      {exchange ? (
        <p className="muted small" data-testid="to-exchange">
          {exchange.name}
        </p>
      ) : null}

      <label className="token-field">
        <span className="field-label">{t('bridge.token')}</span>
        <select className="input" value={token} onChange={(e) => form.setToken(e.target.value)} disabled={choices.length === 0} data-testid="token-select">
          {(choices.length > 0 ? choices : [token]).map((sym) => (
            <option key={sym} value={sym}>
              {sym}
            </option>
          ))}
        </select>
      </label>

      {toTokenChoices.length > 0 ? (
        <label className="token-field">
          <span className="field-label">{t('bridge.receiveToken')}</span>
          <select className="input" value={chosenToToken} onChange={(e) => form.setToToken(e.target.value)} data-testid="to-token-select">
            <option value="">{t('bridge.sameToken', { token })}</option>
            {toTokenChoices.map((c) => (
              <option key={c.address} value={c.address}>
                {c.symbol}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {chosenToToken ? (
        <div className="bridge-slippage" data-testid="bridge-slippage">
          <SlippageSettings disabled={busy} />
        </div>
      ) : null}

      <div className="amount-field">
        <span className="amount-field__head">
          <label className="field-label" htmlFor="bridge-amount">
            {t('bridge.amount')}
          </label>
          {walletAddress && fromChainId !== null ? (
            <span className="muted small" data-testid="bridge-balance">
              {t('bridge.balance', { value: balance !== undefined ? `${formatAmount(balance, decimals, 6)} ${token}` : t('common.none') })}
            </span>
          ) : null}
        </span>
        <span className="amount-field__row">
          <input
            id="bridge-amount"
            className="amount-field__input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('bridge.amountPlaceholder')}
            value={amount}
            aria-invalid={parsed.kind === 'invalid' || parsed.kind === 'tooPrecise'}
            onChange={(e) => form.setAmount(sanitizeAmountInput(e.target.value, amount))}
          />
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={balance === undefined}
            onClick={() => balance !== undefined && form.setAmount(formatAmount(maxSpendable(balance, decimals, native), decimals, decimals))}
          >
            {t('bridge.max')}
          </button>
          <span className="amount-field__token">{token}</span>
        </span>
        {limits ? (
          <span className="muted small" data-testid="bridge-limits">
            {t('bridge.limits', { min: formatAmount(limits.min, decimals, decimals), max: formatAmount(max ?? limits.max, decimals, decimals), token })}
          </span>
        ) : null}
      </div>

      <label className="recipient-field">
        <span className="field-label">{recipientLabel}</span>
        <input
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder={recipientPlaceholder}
          aria-label={recipientLabel}
          aria-invalid={!recipientCheck.ok && recipient !== ''}
          value={recipient}
          onChange={(e) => form.setRecipient(e.target.value)}
        />
        {recipientError && recipient.trim() !== '' ? (
          <span className="form-error small" data-testid="recipient-error">
            {t(recipientError)}
          </span>
        ) : null}
      </label>

      <dl className="quote" data-testid="bridge-quote" data-state={quoteState}>
        <div>
          <dt>{t('bridge.receive')}</dt>
          <dd data-testid="quote-receive">
            {dstSwap ? `${dstSwap.receive_amount} ${dstSwap.token_out.symbol}` : quote ? `${quote.receive_amount} ${quote.receive_token ?? receiveToken}` : t('common.none')}
          </dd>
        </div>
        {dstSwap ? (
          <>
            <div>
              <dt>{t('bridge.minReceived')}</dt>
              <dd data-testid="quote-min-received">{`${dstSwap.min_out} ${dstSwap.token_out.symbol}`}</dd>
            </div>
            <div>
              <dt>{t('bridge.destinationSwap')}</dt>
              <dd data-testid="quote-swap">
                {t('bridge.swapValue', { amount: quote?.receive_amount ?? '', token, out: dstSwap.token_out.symbol, route: dstSwap.route_summary })}
              </dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('bridge.fee')}</dt>
          <dd data-testid="quote-fee">
            {quote
              ? t('bridge.feeValue', { total: feeTotal, token, bps: quote.bridge_fee_bps, fee: quote.bridge_fee, dtc: cross ? `${quote.dtc} ${quote.receive_token ?? receiveToken}` : quote.dtc })
              : t('common.none')}
          </dd>
        </div>
        <div>
          <dt>{t('bridge.estimatedTime')}</dt>
          <dd data-testid="quote-time">{time ? t(`bridge.time.${time.unit}`, { count: time.value }) : t('common.none')}</dd>
        </div>
      </dl>
      {dstSwap ? (
        <p className="muted small" data-testid="quote-swap-note">
          {t('bridge.swapNote', { min: dstSwap.min_out, token: dstSwap.token_out.symbol })}
        </p>
      ) : null}
      {quoteError ? (
        <p className="form-error" role="alert" data-testid="quote-error">
          {t('bridge.quoteFailed', { message: quoteError })}
        </p>
      ) : null}
      {switchError ? (
        <p className="form-error" role="alert" data-testid="switch-error">
          {switchError}
        </p>
      ) : null}
      {sendError ? (
        <p className="form-error" role="alert" data-testid="send-error">
          {t('bridge.sendFailed', { message: sendError })}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--block btn--lg"
        data-testid="bridge-send"
        data-state={state.kind}
        disabled={state.action === 'none'}
        aria-busy={busy}
        onClick={() => void onButton()}
      >
        {buttonText(t, state, { token, decimals, network: fromChain?.chain_name ?? '' })}
      </button>
      <NetworkListModal
        open={picker !== null}
        mode={picker ?? 'from'}
        tokenName={token}
        exchange={picker === 'to' ? exchange : null}
        depositAddress={recipient}
        onClose={() => setPicker(null)}
        onSelect={(c, ex, depositAddress) => {
          if (picker === 'to') {
            form.setTo(c.chain_id, ex ?? null);
            // An exchange destination is enabled by its deposit address: it is the recipient.
            if (ex && depositAddress) form.setRecipient(depositAddress);
            return;
          }
          form.setFrom(c.chain_id);
          setSwitchError('');
          // The source network is the wallet's network: switch the connected EVM wallet to it.
          if (evmAddress && c.flags?.evm && c.chain_id !== evmChainId) {
            switchWalletChain(c.chain_id).catch((err: unknown) => setSwitchError(err instanceof Error ? err.message : String(err)));
          }
        }}
      />
    </Card>
  );
}
