import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { isNativeAddress, swapBalancesQuery, swapQuoteQuery, swapTokensQuery, type SwapQuote, type SwapToken } from '@/api/swap';
import { Card } from '@/components/Card';
import { ArrowDownIcon } from '@/components/icons';
import { parseAmount, unitsToRaw } from '@/features/tx/amount';
import { TxButton } from '@/features/tx/TxButton';
import { TxSteps } from '@/features/tx/TxSteps';
import { useChainSwitch } from '@/features/tx/useChainSwitch';
import { useResetOnDisconnect } from '@/features/tx/useResetOnDisconnect';
import { chainExplorer, explorerTxUrl } from '@/lib/explorer';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { formatUnitsExact } from '@/lib/units';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';
import { maxSwappable } from './amount';
import { ChainPicker } from './ChainPicker';
import { displayAmount, IMPACT_BLOCK_BPS } from './format';
import { QuoteDetails } from './QuoteDetails';
import { autoSlippageForQuote, effectiveSlippageBps, minimumOut } from './slippage';
import { SlippageSettings } from './SlippageSettings';
import { useSwapSettings } from './settingsStore';
import { swapButtonState, type QuoteStatus, type SwapButtonState } from './swapButton';
import { useSwapForm } from './swapStore';
import { SwapResult } from './SwapResult';
import { TokenField } from './TokenField';
import { useSwapChains } from './useSwapChains';
import { swapSteps } from './swapSteps';
import { useSwapExecute } from './useSwapExecute';
import { readAllowance } from './walletTx';
import './swap.css';
import { isSharedGate, sharedGateText } from '@/features/tx/buttonText';

type T = TFunction;

function buttonText(t: T, s: SwapButtonState, ctx: { tokenIn: string; network: string }): string {
  if (isSharedGate(s)) return sharedGateText(t, 'swap', s, ctx.network);
  return t(`swap.button.${s.kind}`, { token: ctx.tokenIn });
}

/** Default pair of a network: its native coin (listed first) into USDC, else into the next token. */
function defaultPair(tokens: readonly SwapToken[]): [string, string] {
  const first = tokens[0]?.address ?? '';
  const usdc = tokens.find((t) => t.symbol.toUpperCase() === 'USDC' && t.address !== first);
  return [first, (usdc ?? tokens[1])?.address ?? ''];
}

/**
 * The swap card (/swap): network, pay and receive tokens with balances, flip, amount with Max,
 * live quote (debounced, refreshed every 4 s), route split, price impact, minimum received,
 * network cost, slippage, and the main button that tells the state and runs approve-then-swap.
 */
export function SwapCard() {
  const { t } = useTranslation();
  const form = useSwapForm();
  const { chainId, tokenIn, tokenOut, amount, phase, error, result, withApprove, failedAt } = form;
  const slippageBps = useSwapSettings((s) => s.slippageBps);
  const autoSlippage = useSwapSettings((s) => s.auto);
  const walletAddress = useWalletStore((s) => s.address);
  const walletChainId = useWalletStore((s) => s.chainId);
  const walletConfig = useWalletRuntime((s) => s.config);
  const { chains: swapChains, settled } = useSwapChains();
  const execute = useSwapExecute();
  const chainSwitch = useChainSwitch();
  const busy = phase !== 'idle';

  const chainIds = swapChains.map((c) => c.chain.chain_id);
  const chain = swapChains.find((c) => c.chain.chain_id === chainId)?.chain;
  const tokensQ = useQuery({ ...swapTokensQuery(chainId ?? 0), enabled: chainId !== null });
  const tokens = useMemo(() => tokensQ.data?.tokens ?? [], [tokensQ.data]);
  const byAddress = useMemo(() => new Map(tokens.map((tk) => [tk.address.toLowerCase(), tk])), [tokens]);
  const tokenInInfo = byAddress.get(tokenIn);
  const tokenOutInfo = byAddress.get(tokenOut);

  // The network: the wallet's when swaps run there, else the first one with swap tokens.
  const idsKey = chainIds.join(',');
  useEffect(() => {
    const ids = idsKey ? idsKey.split(',').map(Number) : [];
    const current = useSwapForm.getState().chainId;
    if (current !== null && (ids.includes(current) || !settled)) return;
    const pick = walletChainId !== null && ids.includes(walletChainId) ? walletChainId : settled ? ids[0] : undefined;
    if (pick !== undefined) useSwapForm.getState().setChain(pick);
  }, [idsKey, settled, walletChainId]);

  // Then it follows the wallet when it connects or moves to a network where swaps run (once the
  // networks are known), keeping the pair; not in the middle of a swap.
  const seenWalletChain = useRef(walletChainId);
  useEffect(() => {
    if (walletChainId === seenWalletChain.current) return;
    const ids = idsKey ? idsKey.split(',').map(Number) : [];
    if (walletChainId !== null && !ids.includes(walletChainId) && !settled) return;
    seenWalletChain.current = walletChainId;
    const s = useSwapForm.getState();
    if (walletChainId === null || !ids.includes(walletChainId) || s.chainId === walletChainId || s.phase !== 'idle') return;
    s.setChain(walletChainId, s.tokenIn, s.tokenOut);
  }, [idsKey, settled, walletChainId]);

  // Tokens stay valid for the network: otherwise its default pair.
  useEffect(() => {
    if (tokens.length === 0) return;
    const s = useSwapForm.getState();
    const has = (a: string) => tokens.some((tk) => tk.address.toLowerCase() === a);
    const inOk = has(s.tokenIn);
    const outOk = has(s.tokenOut) && s.tokenOut !== s.tokenIn;
    if (inOk && outOk) return;
    const [a, b] = defaultPair(tokens);
    const nextIn = inOk ? s.tokenIn : outOk && s.tokenOut === a ? b : a;
    const nextOut = outOk ? s.tokenOut : nextIn === b ? a : b;
    s.setTokens(nextIn, nextOut);
  }, [tokens]);

  // A disconnected wallet leaves nothing behind: the amount, the result and the error start over.
  useResetOnDisconnect(walletAddress, () => {
    const s = useSwapForm.getState();
    s.clearAmount();
    s.setResult(null);
    s.setError(null);
  });

  const decimalsIn = tokenInInfo?.decimals ?? 18;
  const nativeIn = isNativeAddress(tokenIn);
  const parsed = parseAmount(amount, decimalsIn);

  // Balances of the network's tokens (query_balances), for the list and the paying side.
  const balancesQ = useQuery(swapBalancesQuery(walletAddress, chainId ?? 0, chain?.chain_name ?? '', tokens));
  const balances = useMemo(() => {
    if (!balancesQ.data) return undefined;
    return new Map(balancesQ.data.map((b) => [b.address.toLowerCase() || '0x0000000000000000000000000000000000000000', b.balance]));
  }, [balancesQ.data]);
  const balanceText = balances?.get(tokenIn);
  const balance = balanceText !== undefined && balanceText !== null ? unitsToRaw(balanceText, decimalsIn) : undefined;

  // Quote: for a settled amount (300 ms), keyed on every input, refreshed every 4 s while idle.
  const settledAmount = useDebouncedValue(amount);
  const settledParsed = parseAmount(settledAmount, decimalsIn);
  const pairOk = chainId !== null && !!tokenInInfo && !!tokenOutInfo && tokenIn !== tokenOut;
  const amountOk = parsed.kind === 'ok' && parsed.raw > 0n;
  const quoteWanted = pairOk && amountOk && settledAmount === amount && settledParsed.kind === 'ok';
  const quoteParams = { chainId: chainId ?? 0, tokenIn, tokenOut, amount: settledParsed.kind === 'ok' ? settledParsed.text : '', slippageBps };
  const quoteQ = useQuery(swapQuoteQuery(quoteParams, quoteWanted, !busy && !result));
  const quote: SwapQuote | undefined = quoteWanted ? quoteQ.data : undefined;
  const quoteError = quoteWanted ? quoteQ.error : null;
  // Auto: from this quote's impact and route; the quote's own minimum is then recomputed for it.
  const autoBps = autoSlippageForQuote(quote);
  const effectiveBps = effectiveSlippageBps({ auto: autoSlippage, slippageBps }, quote);
  const minOutWei = quote ? (quote.slippage_bps === effectiveBps ? BigInt(quote.min_out_wei) : minimumOut(BigInt(quote.amount_out_wei), effectiveBps)) : undefined;
  const noRoute = quoteError instanceof ApiError && quoteError.status === 404;
  const quoteStatus: QuoteStatus = !quoteWanted ? (pairOk && amountOk ? 'loading' : 'idle') : quote ? 'ready' : noRoute ? 'noRoute' : quoteError ? 'error' : 'loading';

  // Allowance of the executor (known from the quote or an earlier build_tx) for an ERC-20 in.
  const spender = quote?.executor ?? (chainId !== null ? form.executors[chainId] : undefined);
  const allowanceQ = useQuery({
    queryKey: ['swap-allowance', chainId, tokenIn, walletAddress.toLowerCase(), spender],
    enabled: !!walletConfig && !!walletAddress && chainId !== null && !nativeIn && !!tokenIn && !!spender,
    retry: false,
    staleTime: 10_000,
    queryFn: () => readAllowance(chainId ?? 0, tokenIn, walletAddress, spender ?? ''),
  });
  const needsApproval = nativeIn ? false : allowanceQ.data !== undefined && parsed.kind === 'ok' ? allowanceQ.data < parsed.raw : undefined;

  const state = swapButtonState({
    walletConnected: walletAddress !== '',
    walletChainId,
    chainId,
    tokensChosen: pairOk,
    amount: parsed,
    balance,
    quote: quoteStatus,
    priceImpactBps: quote?.price_impact_bps,
    impactBlockBps: IMPACT_BLOCK_BPS,
    needsApproval,
    phase,
  });

  const onSwap = async (): Promise<void> => {
    if (parsed.kind !== 'ok' || chainId === null) return;
    await execute({ chainId, tokenIn, tokenOut, amount: parsed.text, slippageBps: effectiveBps, sender: walletAddress }, needsApproval === true);
  };

  const symbolOf = (address: string): string | undefined => byAddress.get(address.toLowerCase())?.symbol;
  const nativeSymbol = chain?.native_currency?.symbol ?? tokens.find((tk) => isNativeAddress(tk.address))?.symbol ?? 'ETH';
  const explorer = chainExplorer(chain);

  if (result) {
    return (
      <Card className="swap-card" as="div">
        <SwapResult outcome={result} explorer={explorer} onNew={() => useSwapForm.getState().setResult(null)} />
      </Card>
    );
  }

  const onMax = (): void => {
    if (balance === undefined) return;
    const gas = quote ? BigInt(quote.gas.cost_wei || '0') : undefined;
    form.setAmount(formatUnitsExact(maxSwappable(balance, decimalsIn, nativeIn, gas), decimalsIn));
  };

  // 'Balance: 2 ETH' under a side once a wallet is connected: '-' while unknown or when the node could not read it.
  const balanceFor = (info: SwapToken | undefined, units: string | null | undefined, shown: boolean): string | undefined =>
    walletAddress && info && shown ? t('swap.balance', { value: units ? `${displayAmount(units)} ${info.symbol}` : t('common.none') }) : undefined;
  // What both sides share: the network's tokens with their balances, the picker (a side picks its own token), busy.
  const sideProps = { tokens, balances, onPick: form.pick, disabled: busy };
  const outBalance = balanceFor(tokenOutInfo, balances?.get(tokenOut), !!balances);
  const outAmount = quote ? displayAmount(quote.amount_out) : '';
  const errorText = error ? t(`swap.errors.${error.kind}`, { message: error.message, network: chain?.chain_name ?? '' }) : '';
  const errorTx = error?.txHash ? explorerTxUrl(explorer, error.txHash) : '';
  const text = buttonText(t, state, { tokenIn: tokenInInfo?.symbol ?? '', network: chain?.chain_name ?? '' });
  const stepLabels = { approve: t('swap.steps.approve', { token: tokenInInfo?.symbol ?? '' }), swap: t('swap.steps.swap', { in: tokenInInfo?.symbol ?? '', out: tokenOutInfo?.symbol ?? '' }) };
  const steps = swapSteps(phase, withApprove, error ? failedAt : null).map((s) => ({ ...s, label: stepLabels[s.id] }));

  return (
    <Card className="swap-card" as="div">
      <div className="swap-card__head" data-testid="swap-head">
        <h2 className="card__title">{t('swap.title')}</h2>
        <SlippageSettings disabled={busy} autoBps={autoBps} />
      </div>
      <ChainPicker
        chains={swapChains}
        settled={settled}
        chainId={chainId}
        disabled={busy}
        onSelect={(id) => {
          if (id !== chainId) form.setChain(id, tokenIn, tokenOut);
          // The swap runs on the wallet's network: switch a connected wallet to it.
          if (walletAddress && id !== walletChainId) void chainSwitch.switchTo(id);
        }}
      />
      <TokenField
        side="in"
        label={t('swap.youPay')}
        token={tokenInInfo}
        balanceText={balanceFor(tokenInInfo, balanceText, true)}
        amount={amount}
        invalid={parsed.kind === 'invalid' || parsed.kind === 'tooPrecise'}
        onAmount={form.setAmount}
        onMax={balance !== undefined ? onMax : undefined}
        {...sideProps}
      />
      <div className="swap-card__switch">
        <button
          type="button"
          className="icon-btn icon-btn--round"
          aria-label={t('swap.switchTokens')}
          data-testid="swap-flip"
          disabled={busy}
          onClick={() => form.flip(quote ? quote.amount_out : undefined)}
        >
          <ArrowDownIcon />
        </button>
      </div>
      <TokenField side="out" label={t('swap.youReceive')} token={tokenOutInfo} balanceText={outBalance} amount={outAmount} {...sideProps} />
      <QuoteDetails quote={quote} minOutWei={minOutWei} state={quoteStatus} symbolOf={symbolOf} nativeSymbol={nativeSymbol} />
      {noRoute ? (
        <p className="form-error" role="alert" data-testid="swap-quote-error">
          {t('swap.noRouteFound', { from: tokenInInfo?.symbol ?? '', to: tokenOutInfo?.symbol ?? '', network: chain?.chain_name ?? '' })}
        </p>
      ) : quoteError ? (
        <p className="form-error" role="alert" data-testid="swap-quote-error">
          {t('swap.quoteFailed', { message: quoteError instanceof Error ? quoteError.message : String(quoteError) })}
        </p>
      ) : null}
      {steps.length > 0 ? <TxSteps steps={steps} testId="swap-steps" label={t('swap.steps.title')} /> : null}
      <TxButton state={state} text={text} busy={busy} testId="swap-button" chainSwitch={chainSwitch} switchErrorTestId="swap-switch-error" onSend={onSwap}>
        {error ? (
          <p className="form-error" role="alert" data-testid="swap-error" data-kind={error.kind}>
            {errorText}{' '}
            {errorTx ? (
              <a href={errorTx} target="_blank" rel="noreferrer">
                {t('swap.errors.viewTx')}
              </a>
            ) : null}
          </p>
        ) : null}
      </TxButton>
    </Card>
  );
}
