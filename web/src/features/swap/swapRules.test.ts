import { encodeAbiParameters, pad, type Hex } from 'viem';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TxBody } from '@/api/bridge';
import { ApiError } from '@/api/client';
import { swapQuoteQuery, type RouteLeg, type SwapBuildResult, type SwapQuote, type SwapToken } from '@/api/swap';
import { maxSpendable, NATIVE_GAS_RESERVE, parseAmount } from '@/features/tx/amount';
import i18n from '@/i18n';
import { maxSwappable } from './amount';
import { executeSwap, type SwapDeps } from './executeSwap';
import { bpsToPercent, displayAmount, displayRaw, exchangeRate, impactLevel, routeLegLabel, routeLegParts, venueName, type RouteFormat } from './format';
import { SWAP_SETTINGS_KEY, useSwapSettings } from './settingsStore';
import { DEFAULT_SLIPPAGE } from '@/lib/config';
import { AUTO_FALLBACK_BPS, autoSlippageBps, autoSlippageForQuote, DEFAULT_SLIPPAGE_BPS, effectiveSlippageBps, depthMultiple, isHighSlippage, minimumOut, parseSlippage, SLIPPAGE_PRESETS_BPS } from './slippage';
import { swapButtonState, type SwapButtonInput } from './swapButton';
import { swapErrorOf, TxRevertedError } from './swapErrors';
import { decodeSwapped, SWAPPED_TOPIC, type ReceiptLog } from './swapEvent';
import { useSwapForm } from './swapStore';
import { searchTokens } from '@/components/tokens/tokenSearch';
import { expectOutputs } from '@/test/expectOutputs';

const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const USDT = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const WETH = '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9';
const EXECUTOR = '0x9a676e781a523b5d0c0e43731313a708cb607508';
const USER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

describe('swapButtonState', () => {
  const ready: SwapButtonInput = {
    walletConnected: true,
    walletChainId: 8453,
    chainId: 8453,
    tokensChosen: true,
    amount: parseAmount('1.5', 18),
    balance: 10n ** 19n,
    quote: 'ready',
    priceImpactBps: 12,
    impactBlockBps: 1500,
    needsApproval: false,
    phase: 'idle',
  };
  const kind = (over: Partial<SwapButtonInput>) => swapButtonState({ ...ready, ...over });

  it('says Swap when everything is in place, and Approve when the allowance is short', () => {
    expect(kind({})).toEqual({ kind: 'swap', action: 'swap' });
    expect(kind({ needsApproval: true })).toEqual({ kind: 'approve', action: 'swap' });
    expect(kind({ needsApproval: undefined })).toEqual({ kind: 'swap', action: 'swap' });
  });

  it('walks the states in the order a user fixes them', () => {
    expect(kind({ walletConnected: false, amount: parseAmount('', 18) })).toEqual({ kind: 'connectWallet', action: 'connect' });
    expect(kind({ chainId: null })).toMatchObject({ kind: 'selectToken', action: 'none' });
    expect(kind({ tokensChosen: false })).toMatchObject({ kind: 'selectToken' });
    expect(kind({ amount: parseAmount('', 18) })).toMatchObject({ kind: 'enterAmount', action: 'none' });
    expect(kind({ amount: parseAmount('0.000', 18) })).toMatchObject({ kind: 'enterAmount' });
    expect(kind({ amount: parseAmount('1..2', 18) })).toMatchObject({ kind: 'invalidAmount' });
    expect(kind({ amount: parseAmount('1.1234567', 6) })).toEqual({ kind: 'tooPrecise', action: 'none', decimals: 6 });
    expect(kind({ balance: 10n ** 18n })).toMatchObject({ kind: 'insufficientBalance', action: 'none' });
    expect(kind({ balance: undefined })).toMatchObject({ kind: 'swap' });
    expect(kind({ quote: 'idle' })).toMatchObject({ kind: 'quoting', action: 'none' });
    expect(kind({ quote: 'loading' })).toMatchObject({ kind: 'quoting' });
    expect(kind({ quote: 'noRoute' })).toMatchObject({ kind: 'noRoute', action: 'none' });
    expect(kind({ quote: 'error' })).toMatchObject({ kind: 'quoteUnavailable', action: 'none' });
    expect(kind({ priceImpactBps: 1501 })).toMatchObject({ kind: 'priceImpactTooHigh', action: 'none' });
    expect(kind({ priceImpactBps: 1500 })).toMatchObject({ kind: 'swap' });
    expect(kind({ walletChainId: 1 })).toEqual({ kind: 'switchNetwork', action: 'switch', chainId: 8453 });
    expect(kind({ walletChainId: null })).toMatchObject({ kind: 'switchNetwork' });
    // Too high an impact blocks before asking to switch; no route is said before the network.
    expect(kind({ walletChainId: 1, priceImpactBps: 2000 })).toMatchObject({ kind: 'priceImpactTooHigh' });
    expect(kind({ walletChainId: 1, quote: 'noRoute' })).toMatchObject({ kind: 'noRoute' });
  });

  it('a running flow shows its step and ignores clicks', () => {
    for (const phase of ['building', 'approving', 'approvalPending', 'swapping', 'swapPending'] as const) {
      expect(kind({ phase, walletConnected: false })).toEqual({ kind: phase, action: 'none' });
    }
  });
});

describe('the quote query', () => {
  it('is keyed on every input and refreshed every 4 s while shown (not in a hidden tab, not while a swap runs)', () => {
    const p = { chainId: 8453, tokenIn: '0x0000000000000000000000000000000000000000', tokenOut: USDC.toUpperCase().replace('0X', '0x'), amount: '1.5', slippageBps: 50 };
    const o = swapQuoteQuery(p, true);
    expect(o.queryKey).toEqual(['swap-quote', 8453, '0x0000000000000000000000000000000000000000', USDC, '1.5', 50]);
    expect(o).toMatchObject({ enabled: true, retry: false, refetchInterval: 4000, refetchIntervalInBackground: false });
    expect(swapQuoteQuery({ ...p, slippageBps: 100 }, true).queryKey).not.toEqual(o.queryKey);
    expect(swapQuoteQuery(p, true, false).refetchInterval).toBe(false);
    expect(swapQuoteQuery(p, false).enabled).toBe(false);
  });
});

describe('slippage', () => {
  it("keeps the spec's 5/100 reachable but defaults to auto (0.5 % where no quote sets it), not to 5 %", () => {
    expect(DEFAULT_SLIPPAGE).toBe(0.05);
    expect(DEFAULT_SLIPPAGE_BPS).toBe(500);
    expect(SLIPPAGE_PRESETS_BPS).toEqual([10, 50, 100]);
    expect(isHighSlippage(DEFAULT_SLIPPAGE_BPS)).toBe(false);
    expect(isHighSlippage(DEFAULT_SLIPPAGE_BPS + 1)).toBe(true);
    useSwapSettings.getState().reset();
    expect(useSwapSettings.getState()).toMatchObject({ auto: true, slippageBps: 50, custom: false });
    expect(AUTO_FALLBACK_BPS).toBe(50);
  });

  it('auto: a liquid pair and a small trade stays at or under 0.5 %, shown to the 0.05 %', () => {
    expect(autoSlippageBps({ priceImpactBps: 0, hops: 1 })).toBe(20);
    expect(autoSlippageBps({ priceImpactBps: 3, hops: 1 })).toBe(30); // 'Auto 0.3%'
    expect(autoSlippageBps({ priceImpactBps: 5, hops: 2 })).toBe(40);
    // Everything on a pool at least 500 times the trade: never above 0.5 %.
    for (let impact = 0; impact <= 19; impact++) {
      for (const hops of [1, 2, 3]) {
        const bps = autoSlippageBps({ priceImpactBps: impact, hops });
        expect(bps).toBeLessThanOrEqual(50);
        expect(bps % 5).toBe(0);
        expect(bps).toBeGreaterThanOrEqual(20);
      }
    }
    expect(depthMultiple(19)).toBeGreaterThanOrEqual(500);
    expect(depthMultiple(0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('one rule for the swap and the bridge destination swap: auto reads a quote (impact, longest leg), a choice stays', () => {
    const hop = { venue: 'v3' };
    expect(autoSlippageForQuote(undefined)).toBeUndefined();
    expectOutputs(autoSlippageForQuote, [[{ price_impact_bps: 9 }, 40], [{ price_impact_bps: 5, route: [{ hops: [hop] }, { hops: [hop, hop] }] }, autoSlippageBps({ priceImpactBps: 5, hops: 2 })], [{ price_impact_bps: 100, route: [] }, 220]]);
    // Auto without a quote: the liquid cap the settings hold; with one: the rule, also above the cap for a thin pool.
    expect(effectiveSlippageBps({ auto: true, slippageBps: AUTO_FALLBACK_BPS }, undefined)).toBe(50);
    expect(effectiveSlippageBps({ auto: true, slippageBps: AUTO_FALLBACK_BPS }, { price_impact_bps: 0 })).toBe(20);
    expect(effectiveSlippageBps({ auto: true, slippageBps: AUTO_FALLBACK_BPS }, { price_impact_bps: 100 })).toBe(220);
    // A chosen value is used as chosen, whatever the quote.
    expect(effectiveSlippageBps({ auto: false, slippageBps: 100 }, { price_impact_bps: 0 })).toBe(100);
    expect(effectiveSlippageBps({ auto: false, slippageBps: 500 }, undefined)).toBe(500);
  });

  it('auto: a thin pool (a trade that moves it) gets more, growing with the impact, never above 3 %', () => {
    expect(depthMultiple(100)).toBe(99);
    expectOutputs(autoSlippageBps, [[{ priceImpactBps: 50, hops: 1 }, 120], [{ priceImpactBps: 100, hops: 1 }, 220], [{ priceImpactBps: 100, hops: 2 }, 230], [{ priceImpactBps: 400, hops: 1 }, 300], [{ priceImpactBps: 9000, hops: 3 }, 300], [{ priceImpactBps: Number.NaN, hops: 1 }, 300]]);
    let last = 0;
    for (let impact = 30; impact <= 2000; impact += 10) {
      const bps = autoSlippageBps({ priceImpactBps: impact, hops: 1 });
      expect(bps).toBeGreaterThanOrEqual(last);
      expect(bps).toBeGreaterThan(50);
      expect(bps).toBeLessThanOrEqual(300);
      last = bps;
    }
  });

  it("auto's minimum received is build_tx's: floor(out × (10000 − bps) / 10000)", () => {
    expect(minimumOut(4489123456n, 50)).toBe(4466677838n);
    expect(minimumOut(999n, 30)).toBe(996n);
  });

  it('parses a custom percent to basis points, 0.01–50 %, two decimals at most, warns above 5 %', () => {
    expect(parseSlippage('')).toEqual({ kind: 'empty' });
    expect(parseSlippage('0.5')).toEqual({ kind: 'ok', bps: 50, warn: false });
    expect(parseSlippage('1,25 %')).toEqual({ kind: 'ok', bps: 125, warn: false });
    expect(parseSlippage('.3')).toEqual({ kind: 'ok', bps: 30, warn: false });
    expect(parseSlippage('0.01')).toEqual({ kind: 'ok', bps: 1, warn: false });
    expect(parseSlippage('5')).toEqual({ kind: 'ok', bps: 500, warn: false });
    expect(parseSlippage('5.01')).toEqual({ kind: 'ok', bps: 501, warn: true });
    expect(parseSlippage('50')).toEqual({ kind: 'ok', bps: 5000, warn: true });
    expect(parseSlippage('50.01')).toEqual({ kind: 'tooHigh' });
    expect(parseSlippage('99999999')).toEqual({ kind: 'tooHigh' });
    expect(parseSlippage('0')).toEqual({ kind: 'tooLow' });
    expect(parseSlippage('0.001')).toEqual({ kind: 'tooPrecise' });
    expect(parseSlippage('abc')).toEqual({ kind: 'invalid' });
    expect(parseSlippage('-1')).toEqual({ kind: 'invalid' });
    expect(parseSlippage('1.2.3')).toEqual({ kind: 'invalid' });
  });

  it('is remembered in a versioned store; a stored value out of range falls back to auto; the old 5 % default becomes auto', async () => {
    useSwapSettings.getState().reset();
    expect(useSwapSettings.getState()).toMatchObject({ auto: true, custom: false });
    useSwapSettings.getState().setCustom(75);
    expect(JSON.parse(localStorage.getItem(SWAP_SETTINGS_KEY) ?? '{}')).toEqual({ state: { auto: false, slippageBps: 75, custom: true }, version: 2 });
    useSwapSettings.getState().setCustom(100);
    expect(useSwapSettings.getState().custom).toBe(false); // a preset typed by hand is the preset
    localStorage.setItem(SWAP_SETTINGS_KEY, JSON.stringify({ state: { auto: false, slippageBps: 9000, custom: true }, version: 2 }));
    await useSwapSettings.persist.rehydrate();
    expect(useSwapSettings.getState()).toMatchObject({ auto: true, slippageBps: 50 });
    localStorage.setItem(SWAP_SETTINGS_KEY, JSON.stringify({ state: { slippageBps: 30, custom: true }, version: 1 }));
    await useSwapSettings.persist.rehydrate();
    expect(useSwapSettings.getState()).toMatchObject({ auto: false, slippageBps: 30, custom: true });
    localStorage.setItem(SWAP_SETTINGS_KEY, JSON.stringify({ state: { slippageBps: 500, custom: false }, version: 1 }));
    await useSwapSettings.persist.rehydrate();
    expect(useSwapSettings.getState()).toMatchObject({ auto: true, slippageBps: 50 });
    useSwapSettings.getState().reset();
  });
});

describe('amount, minimum and percent formatting', () => {
  it('percents from bps and ppm, exact', () => {
    expect([7000, 3000, 3333, 50, 5, 12, 10000].map(bpsToPercent)).toEqual(['70', '30', '33.33', '0.5', '0.05', '0.12', '100']);
  });

  it('amounts: 6 decimals (with separators) from 1 up, 6 significant digits below, truncated', () => {
    expectOutputs(displayAmount, [['4489.123456789', '4,489.123456'], ['1.5', '1.5'], ['0', '0'], ['0.000333333333333', '0.000333333'], ['0.999999999', '0.999999'], ['1234567', '1,234,567']]);
    expect(displayRaw('4466677838', 6)).toBe('4,466.677838');
    expect(displayRaw('185000000000', 18)).toBe('0.000000185');
  });

  it('the rate is out per one in, from the wei amounts and both decimals', () => {
    const q = { amount_in_wei: '1500000000000000000', amount_out_wei: '4489123456', token_in: { address: '0x0', symbol: 'ETH', decimals: 18 }, token_out: { address: USDC, symbol: 'USDC', decimals: 6 } };
    expect(exchangeRate(q)).toBe('2,992.74897');
    expect(exchangeRate({ ...q, amount_in_wei: '0' })).toBe('0');
  });

  it('price impact: warning colour above 5 %, blocked above 15 %', () => {
    expect([0, 500, 501, 1500, 1501].map(impactLevel)).toEqual(['low', 'low', 'warn', 'warn', 'blocked']);
  });

  it("Max keeps the bridge's gas reserve for the native coin (0.0005, or 3× the quoted cost when more)", () => {
    const e18 = 10n ** 18n;
    expect(NATIVE_GAS_RESERVE).toBe('0.0005');
    expect(maxSwappable(5n * e18, 18, false)).toBe(5n * e18);
    // One reserve for every card: without a quote the swap keeps what the bridge keeps.
    expect(maxSwappable(5n * e18, 18, true)).toBe(5n * e18 - 5n * 10n ** 14n);
    expect(maxSwappable(5n * e18, 18, true)).toBe(maxSpendable(5n * e18, 18, true));
    expect(maxSwappable(5n * e18, 18, true, 10n ** 15n)).toBe(5n * e18 - 3n * 10n ** 15n);
    expect(maxSwappable(10n ** 14n, 18, true)).toBe(0n);
  });
});

describe('route labels', () => {
  const symbols: Record<string, string> = { [USDT]: 'USDT', [WETH]: 'WETH' };
  const symbolOf = (a: string) => symbols[a];
  const t = i18n.getFixedT('en');
  const f: RouteFormat = {
    leg: (share, path) => t('swap.route.leg', { share, path }),
    hopFee: (venue, fee) => t('swap.route.hopFee', { venue, fee }),
    via: (path, tokens) => t('swap.route.via', { path, tokens }),
  };
  const leg = (share: number, hops: [string, number, string][]): RouteLeg => ({
    share_bps: share,
    amount_in_wei: '1',
    amount_out_wei: '1',
    hops: hops.map(([venue, fee, out]) => ({ venue, pool: '0xpool', fee_ppm: fee, token_in: '0xin', token_out: out })),
  });

  it('names venues, the V3 fee tier, the share and the tokens passed through', () => {
    expect(routeLegLabel(leg(7000, [['uniswap-v3', 500, USDC]]), symbolOf, f)).toBe('70% Uniswap V3 0.05%');
    expect(routeLegLabel(leg(3000, [['uniswap-v2', 3000, USDT], ['sushi-v2', 3000, USDC]]), symbolOf, f)).toBe('30% Uniswap V2 → SushiSwap V2 via USDT');
    expect(routeLegLabel(leg(10000, [['uniswap-v3', 3000, WETH], ['uniswap-v3', 500, USDT], ['sushi-v2', 3000, USDC]]), symbolOf, f)).toBe(
      '100% Uniswap V3 0.3% → Uniswap V3 0.05% → SushiSwap V2 via WETH, USDT',
    );
    // An intermediate token the list does not know is shown by its short address.
    expect(routeLegParts(leg(5000, [['uniswap-v2', 3000, '0x1111111111111111111111111111111111112222'], ['uniswap-v2', 3000, USDC]]), symbolOf).via).toEqual(['0x1111…2222']);
    expect(venueName('pancake-v3')).toBe('Pancake V3');
    expect(venueName('curve')).toBe('Curve');
  });
});

describe('token search', () => {
  const tk = (symbol: string, name: string, address: string): SwapToken => ({ symbol, name, address, decimals: 18, logo_url: '' });
  const list = [tk('ETH', 'Ether', '0x0000000000000000000000000000000000000000'), tk('USDC', 'USD Coin', USDC), tk('USDT', 'Tether USD', USDT), tk('WETH', 'Wrapped Ether', WETH)];
  it('matches symbol first, then name, case-insensitive; a pasted address finds its token', () => {
    expect(searchTokens(list, '').map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'USDT', 'WETH']);
    expect(searchTokens(list, 'us').map((t) => t.symbol)).toEqual(['USDC', 'USDT']);
    expect(searchTokens(list, 'ether').map((t) => t.symbol)).toEqual(['ETH', 'USDT', 'WETH']);
    expect(searchTokens(list, 'wrapped').map((t) => t.symbol)).toEqual(['WETH']);
    expect(searchTokens(list, 'eth').map((t) => t.symbol)).toEqual(['ETH', 'USDT', 'WETH']);
    expect(searchTokens(list, USDT.toUpperCase().replace('0X', '0x')).map((t) => t.symbol)).toEqual(['USDT']);
    expect(searchTokens(list, 'nope')).toEqual([]);
  });
});

/** A Swapped log as the executor would emit it, with the first `indexed` parameters as topics. */
function swappedLog(amountOut: bigint, indexed = 2, address = EXECUTOR): ReceiptLog {
  const values = [USER, USER, '0x0000000000000000000000000000000000000000', USDC, 1500000000000000000n, amountOut] as const;
  const types = ['address', 'address', 'address', 'address', 'uint256', 'uint256'];
  const topics = [SWAPPED_TOPIC, ...values.slice(0, indexed).map((v) => pad(v as Hex))] as Hex[];
  const data = encodeAbiParameters(
    types.slice(indexed).map((type) => ({ type })),
    values.slice(indexed) as unknown as readonly unknown[],
  );
  return { address, topics, data };
}

describe('the Swapped event', () => {
  it('is read from the executor log whatever leading addresses are indexed', () => {
    for (const indexed of [0, 1, 2, 3]) {
      const ev = decodeSwapped([{ address: USDC, topics: [pad('0x01')], data: '0x' }, swappedLog(4490000000n, indexed)], EXECUTOR.toUpperCase().replace('0X', '0x'));
      expect(ev).toMatchObject({ amountOut: 4490000000n, amountIn: 1500000000000000000n });
      expect(ev?.tokenOut.toLowerCase()).toBe(USDC);
    }
    expect(decodeSwapped([swappedLog(1n, 2, USDC)], EXECUTOR)).toBeNull(); // another contract's event
    expect(decodeSwapped([], EXECUTOR)).toBeNull();
  });
});

describe('swap errors in words', () => {
  it('maps wallet, chain and server failures', () => {
    expect(swapErrorOf(Object.assign(new Error('x'), { cause: { code: 4001 } }))).toMatchObject({ kind: 'userRejected', message: 'User rejected the request.' });
    expect(swapErrorOf({ name: 'UserRejectedRequestError', message: 'User rejected the request.' }).kind).toBe('userRejected');
    expect(swapErrorOf({ name: 'TransactionExecutionError', shortMessage: 'x', cause: { name: 'InsufficientFundsError' } }).kind).toBe('insufficientFunds');
    expect(swapErrorOf(new Error('insufficient funds for gas * price + value')).kind).toBe('insufficientFunds');
    expect(swapErrorOf({ name: 'ChainMismatchError', message: 'The current chain of the wallet (id: 1) does not match the target chain' }).kind).toBe('chainMismatch');
    expect(swapErrorOf(new Error('execution reverted: InsufficientOutput(1, 2)')).kind).toBe('slippage');
    expect(swapErrorOf(new Error('reverted with custom error Expired()')).kind).toBe('expired');
    expect(swapErrorOf(new TxRevertedError('swap', '0xabc'))).toMatchObject({ kind: 'swapReverted', txHash: '0xabc' });
    expect(swapErrorOf(new TxRevertedError('approve', '0xdef'))).toMatchObject({ kind: 'approveReverted', txHash: '0xdef' });
    expect(swapErrorOf(new ApiError('http', 'amount: must be a positive decimal', { status: 400 }))).toEqual({ kind: 'api', message: 'amount: must be a positive decimal' });
    expect(swapErrorOf({ shortMessage: 'Something odd.', message: 'Something odd.\nDetails: …' })).toEqual({ kind: 'other', message: 'Something odd.' });
  });
});

describe('executeSwap', () => {
  const tx = (to: string, data: string, value = '0x0'): TxBody => ({ chain_id: 8453, to, data, value });
  const quote = {
    chain_id: 8453,
    token_in: { address: USDC, symbol: 'USDC', decimals: 6 },
    token_out: { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
    amount_in: '100',
    amount_out: '0.0333',
  } as SwapQuote;
  const params = { chainId: 8453, tokenIn: USDC, tokenOut: '0x0000000000000000000000000000000000000000', amount: '100', slippageBps: 50, sender: USER };

  function deps(built: SwapBuildResult, receipts: Record<string, { status: 'success' | 'reverted'; logs: ReceiptLog[] }>) {
    const sent: string[] = [];
    const d: SwapDeps = {
      build: vi.fn(async () => built),
      send: vi.fn(async (t: TxBody) => {
        sent.push(t.to);
        return (t.to === USDC ? '0xa11' : '0x5a1') as Hex;
      }),
      wait: vi.fn(async (_c: number, hash: Hex) => receipts[hash] ?? { status: 'success' as const, logs: [] }),
    };
    return { d, sent };
  }

  beforeEach(() => useSwapForm.getState().reset());

  it('approves, waits for the approval, swaps, waits, and reads the amount from the Swapped event', async () => {
    const built: SwapBuildResult = { quote, approve: tx(USDC, '0x095ea7b3'), swap: tx(EXECUTOR, '0xabcdef') };
    const { d, sent } = deps(built, { '0x5a1': { status: 'success', logs: [swappedLog(33400000000000000n)] } });
    const phases: string[] = [];
    const out = await executeSwap(d, params, (p) => phases.push(p));
    expect(d.build).toHaveBeenCalledWith(params);
    expect(sent).toEqual([USDC, EXECUTOR]);
    expect(d.wait).toHaveBeenNthCalledWith(1, 8453, '0xa11');
    expect(d.wait).toHaveBeenNthCalledWith(2, 8453, '0x5a1');
    expect(phases).toEqual(['building', 'approving', 'approvalPending', 'swapping', 'swapPending']);
    expect(out).toEqual({
      chainId: 8453,
      approveHash: '0xa11',
      swapHash: '0x5a1',
      tokenIn: quote.token_in,
      tokenOut: quote.token_out,
      amountIn: '100',
      amountOut: '0.0334',
      exact: true,
      executor: EXECUTOR,
    });
  });

  it('without an approval it only swaps; without a readable event it reports the quoted amount', async () => {
    const { d, sent } = deps({ quote, approve: null, swap: tx(EXECUTOR, '0xabcdef') }, {});
    const out = await executeSwap(d, params, () => undefined);
    expect(sent).toEqual([EXECUTOR]);
    expect(out).toMatchObject({ approveHash: null, amountOut: '0.0333', exact: false });
  });

  it('a reverted approval stops before the swap is sent', async () => {
    const { d, sent } = deps({ quote, approve: tx(USDC, '0x095ea7b3'), swap: tx(EXECUTOR, '0xabcdef') }, { '0xa11': { status: 'reverted', logs: [] } });
    await expect(executeSwap(d, params, () => undefined)).rejects.toMatchObject({ name: 'TxRevertedError', step: 'approve', hash: '0xa11' });
    expect(sent).toEqual([USDC]);
  });

  it('a reverted swap is an error carrying its hash', async () => {
    const { d } = deps({ quote, approve: null, swap: tx(EXECUTOR, '0xabcdef') }, { '0x5a1': { status: 'reverted', logs: [] } });
    await expect(executeSwap(d, params, () => undefined)).rejects.toMatchObject({ step: 'swap', hash: '0x5a1' });
  });
});
