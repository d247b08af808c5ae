import { describe, expect, it } from 'vitest';
import type { Order } from '@/api/bridge';
import type { Chain, Exchange } from '@/api/types';
import { exchangeBlock, exchangeRouteAllowed } from '@/features/network-list/networkList';
import { eip55Address, isBitcoinAddress, isEvmAddress, isOtherWalletAddress } from '@/lib/address';
import { checkRecipient } from './addressRules';
import { formatDuration } from './duration';
import { findRoute, isNativeToken, receiveTokenOf, routeLimits, tokensForPair, type RouteConfig } from './routes';
import { sendButtonState, type SendButtonInput } from './sendButton';
import { explorerTxUrl } from '@/lib/explorer';
import { trackerView } from './trackerSteps';
import { ORDER_POLL_MS, ORDER_SAFETY_POLL_MS, orderPollInterval, parseOrderEvent } from './useOrderTracking';
import { testOrder } from '@/test/orders';
import { allRoutes } from '@/api/appConfig';
import { testAppConfig } from '@/test/appConfig';

/** What a test exchange credits: ETH, USDC and USDT on the exchange networks, BTC on 56. */
const CREDITS_ALL = ['ETH', 'USDC', 'USDT'].flatMap((token) => [1, 10, 42161].map((chain_id) => ({ token, chain_id, min: '0' }))).concat([{ token: 'BTC', chain_id: 56, min: '0' }]);


const WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const OTHER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const evm = { flags: { evm: true, bitcoin: false, non_evm: false } } as Pick<Chain, 'flags'>;
const btc = { flags: { evm: false, bitcoin: true, non_evm: true } } as Pick<Chain, 'flags'>;
const sol = { flags: { evm: false, bitcoin: false, non_evm: true } } as Pick<Chain, 'flags'>;
const binance: Exchange = { id: 11, name: 'Binance', icon: '', deposits: CREDITS_ALL };
const okx: Exchange = { id: 12, name: 'OKX', icon: '', deposits: CREDITS_ALL };
const E18 = 10n ** 18n;

describe('expected time', () => {
  it('expected time in seconds below two minutes, minutes above', () => {
    expect(formatDuration(6)).toEqual({ unit: 'seconds', value: 6 });
    expect(formatDuration(600)).toEqual({ unit: 'minutes', value: 10 });
  });
});

describe('address rules', () => {
  it('recognises EVM, Bitcoin and other wallet addresses', () => {
    expect(isEvmAddress(WALLET)).toBe(true);
    expect(isEvmAddress(WALLET.slice(0, 41))).toBe(false);
    expect(isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isBitcoinAddress('bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
    expect(isBitcoinAddress(WALLET)).toBe(false);
    expect(isOtherWalletAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe(true);
    expect(isOtherWalletAddress('0x')).toBe(false);
  });

  it('an EVM destination defaults to the wallet and accepts another EVM address', () => {
    expect(checkRecipient({ destination: evm, exchange: null, typed: '', walletAddress: WALLET })).toEqual({ ok: true, recipient: WALLET, required: false });
    expect(checkRecipient({ destination: evm, exchange: null, typed: ` ${OTHER} `, walletAddress: WALLET })).toEqual({ ok: true, recipient: OTHER, required: false });
    expect(checkRecipient({ destination: evm, exchange: null, typed: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', walletAddress: WALLET })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(checkRecipient({ destination: evm, exchange: null, typed: '', walletAddress: '' })).toMatchObject({ ok: false, reason: 'required' });
  });

  it('exchanges require the deposit address; Bitcoin requires a target address', () => {
    expect(checkRecipient({ destination: evm, exchange: binance, typed: '', walletAddress: WALLET })).toEqual({ ok: false, reason: 'required', required: true, expected: 'evm' });
    expect(checkRecipient({ destination: evm, exchange: binance, typed: OTHER, walletAddress: WALLET })).toEqual({ ok: true, recipient: OTHER, required: true });
    expect(checkRecipient({ destination: btc, exchange: null, typed: '', walletAddress: WALLET })).toMatchObject({ ok: false, reason: 'required' });
    expect(checkRecipient({ destination: btc, exchange: null, typed: WALLET, walletAddress: WALLET })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(checkRecipient({ destination: btc, exchange: null, typed: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', walletAddress: WALLET })).toMatchObject({ ok: true });
    expect(checkRecipient({ destination: sol, exchange: null, typed: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', walletAddress: WALLET })).toMatchObject({ ok: true });
  });

  it('a Solana destination takes base58 of 32 bytes and defaults to the connected Solana wallet', () => {
    const solana = { chain_id: 83797601, flags: { evm: false, bitcoin: false, non_evm: true } } as Pick<Chain, 'flags' | 'chain_id'>;
    const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    expect(checkRecipient({ destination: solana, exchange: null, typed: '', walletAddress: SOL })).toEqual({ ok: true, recipient: SOL, required: false });
    expect(checkRecipient({ destination: solana, exchange: null, typed: '', walletAddress: '' })).toEqual({ ok: false, reason: 'required', required: false, expected: 'solana' });
    // Base58 text that is not 32 bytes, and an EVM address, are refused.
    expect(checkRecipient({ destination: solana, exchange: null, typed: SOL.slice(0, 40), walletAddress: SOL })).toMatchObject({ ok: false, reason: 'invalid', expected: 'solana' });
    expect(checkRecipient({ destination: solana, exchange: null, typed: WALLET, walletAddress: SOL })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(checkRecipient({ destination: solana, exchange: null, typed: '11111111111111111111111111111111', walletAddress: SOL })).toMatchObject({ ok: true });
  });

  it('from Solana an EVM recipient must be EIP-55 (the memo carries it); unchecked case is checksummed', () => {
    const from = { destination: evm, exchange: null, walletAddress: '', sourceIsSolana: true };
    expect(eip55Address(WALLET)).toBe(WALLET);
    expect(checkRecipient({ ...from, typed: WALLET })).toEqual({ ok: true, recipient: WALLET, required: false });
    expect(checkRecipient({ ...from, typed: WALLET.toLowerCase() })).toEqual({ ok: true, recipient: WALLET, required: false });
    // One letter's case flipped: a broken checksum.
    const broken = WALLET.replace('C44', 'c44');
    expect(eip55Address(broken)).toBeNull();
    expect(checkRecipient({ ...from, typed: broken })).toMatchObject({ ok: false, reason: 'checksum', expected: 'eip55' });
    // The connected EVM wallet is the default recipient.
    expect(checkRecipient({ ...from, typed: '', walletAddress: WALLET })).toEqual({ ok: true, recipient: WALLET, required: false });
  });

  it('from an EVM source too, a mixed-case EVM recipient with a broken EIP-55 checksum is refused; one case is taken as typed', () => {
    const from = { destination: evm, exchange: null, walletAddress: '', sourceIsSolana: false };
    const broken = WALLET.replace('C44', 'c44');
    expect(checkRecipient({ ...from, typed: broken })).toMatchObject({ ok: false, reason: 'checksum', expected: 'evm' });
    expect(checkRecipient({ ...from, typed: WALLET })).toEqual({ ok: true, recipient: WALLET, required: false });
    expect(checkRecipient({ ...from, typed: WALLET.toLowerCase() })).toEqual({ ok: true, recipient: WALLET.toLowerCase(), required: false });
    // An exchange's deposit address is an EVM recipient as well.
    expect(checkRecipient({ ...from, exchange: okx, typed: broken })).toMatchObject({ ok: false, reason: 'checksum' });
    expect(checkRecipient({ ...from, exchange: okx, typed: OTHER })).toEqual({ ok: true, recipient: OTHER, required: true });
  });

  it('exchange destinations: ETH/USDC/USDT/BTC, BTC only to exchange 11 over network 56', () => {
    const chains = [{ chain_id: 42161, disabled: false }, { chain_id: 56, disabled: false }] as Chain[];
    // All three conditions (token, network, deposit address), checked in the order a user fixes them.
    expect(exchangeBlock('USDC', chains, OTHER)).toBeNull();
    expect(exchangeBlock('usdt', chains, ` ${OTHER} `)).toBeNull();
    expect(exchangeBlock('wstETH', chains, OTHER)).toBe('token');
    expect(exchangeBlock('wstETH', [], '')).toBe('token');
    expect(exchangeBlock('ETH', [{ chain_id: 8453, disabled: false }] as Chain[], OTHER)).toBe('network');
    expect(exchangeBlock('ETH', [{ chain_id: 1, disabled: true }] as Chain[], OTHER)).toBe('network');
    expect(exchangeBlock('ETH', [{ chain_id: 10, disabled: false }] as Chain[], OTHER)).toBeNull();
    // BTC also needs network 56, its only exchange network.
    expect(exchangeBlock('BTC', chains, OTHER)).toBeNull();
    expect(exchangeBlock('BTC', [{ chain_id: 1, disabled: false }] as Chain[], OTHER)).toBe('network');
    expect(exchangeBlock('BTC', [{ chain_id: 56, disabled: false }] as Chain[], OTHER)).toBe('network');
    expect(exchangeBlock('ETH', chains, '')).toBe('address');
    expect(exchangeBlock('ETH', chains, '   ')).toBe('address');
    expect(exchangeBlock('ETH', chains, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('invalidAddress');
        expect(exchangeRouteAllowed('BTC', binance, 56)).toBe(true);
    expect(exchangeRouteAllowed('BTC', okx, 56)).toBe(false);
    expect(exchangeRouteAllowed('BTC', binance, 42161)).toBe(false);
    expect(exchangeRouteAllowed('ETH', okx, 42161)).toBe(true);
    expect(exchangeRouteAllowed('ETH', okx, 8453)).toBe(false);
  });
});

describe('routes (config/routes.json)', () => {
  const routes: RouteConfig[] = [
    { token: 'ETH', decimals: 18, chains: [1, 8453, 42161], enabled: true, min: '0.001', max: '5' },
    { token: 'USDC', decimals: 6, chains: [1, 8453], enabled: true, min: '1', max: '10000' },
    { token: 'USDT', decimals: 6, chains: [1, 8453], enabled: false, min: '1', max: '10000' },
  ];
  it('offers the enabled tokens of a pair and the limits in raw units', () => {
    expect(tokensForPair(1, 8453, routes)).toEqual(['ETH', 'USDC']);
    expect(tokensForPair(8453, 42161, routes)).toEqual(['ETH']);
    expect(tokensForPair(8453, 8453, routes)).toEqual([]);
    expect(tokensForPair(null, 1, routes)).toEqual([]);
    expect(findRoute('USDC', 1, 42161, routes)).toBeUndefined();
    expect(routeLimits('ETH', 8453, 42161, routes)).toEqual({ min: E18 / 1000n, max: 5n * E18, decimals: 18 });
    expect(routeLimits('USDC', 1, 8453, routes)).toEqual({ min: 1_000_000n, max: 10_000_000_000n, decimals: 6 });
  });
  it('cross-asset routes go one way, from their chains to their to_chains, paying to_token', () => {
    const cross: RouteConfig[] = [
      ...routes,
      { token: 'SOL', decimals: 9, chains: [83797601], to_token: 'ETH', to_decimals: 18, to_chains: [8453, 42161], enabled: true, min: '0.05', max: '200' },
      { token: 'ETH', decimals: 18, chains: [8453, 42161], to_token: 'SOL', to_decimals: 9, to_chains: [83797601], enabled: true, min: '0.001', max: '5' },
    ];
    expect(tokensForPair(83797601, 42161, cross)).toEqual(['SOL']);
    expect(tokensForPair(42161, 83797601, cross)).toEqual(['ETH']);
    expect(tokensForPair(8453, null, cross)).toEqual(['ETH', 'USDC']);
    expect(tokensForPair(83797601, 1, cross)).toEqual([]);
    expect(routeLimits('SOL', 83797601, 42161, cross)).toEqual({ min: 50_000_000n, max: 200_000_000_000n, decimals: 9 });
    expect(receiveTokenOf('SOL', 83797601, 42161, cross)).toEqual({ symbol: 'ETH', decimals: 18 });
    expect(receiveTokenOf('ETH', 8453, 42161, cross)).toEqual({ symbol: 'ETH', decimals: 18 });
    expect(findRoute('SOL', 42161, 83797601, cross)).toBeUndefined();
  });
  it('the served table (config/routes.json) has the devnet routes the e2e tests bridge', () => {
    const served = allRoutes(testAppConfig());
    expect(routeLimits('ETH', 8453, 42161, served)?.decimals).toBe(18);
    expect(routeLimits('USDC', 1, 8453, served)?.decimals).toBe(6);
    // Solana (docs/solana.md): USDC both ways, SOL → ETH and ETH → SOL as cross-asset routes.
    expect(tokensForPair(83797601, 42161, served)).toEqual(['USDC', 'SOL']);
    expect(tokensForPair(8453, 83797601, served)).toEqual(['USDC', 'ETH']);
    expect(receiveTokenOf('SOL', 83797601, 42161, served)).toEqual({ symbol: 'ETH', decimals: 18 });
    expect(receiveTokenOf('ETH', 42161, 83797601, served)).toEqual({ symbol: 'SOL', decimals: 9 });
    expect(isNativeToken({ address: '0x0000000000000000000000000000000000000000' })).toBe(true);
    expect(isNativeToken({ address: WALLET })).toBe(false);
  });
});

describe('send button state machine', () => {
  const base: SendButtonInput = {
    walletConnected: true,
    walletChainId: 8453,
    fromChainId: 8453,
    toChainId: 42161,
    fromSupported: true,
    routeExists: true,
    amount: { kind: 'ok', raw: E18, text: '1' },
    balance: 10n * E18,
    min: E18 / 1000n,
    max: 5n * E18,
    recipient: { ok: true, recipient: WALLET, required: false },
    quote: 'ready',
    phase: 'idle',
  };
  const kind = (over: Partial<SendButtonInput>) => sendButtonState({ ...base, ...over });

  it('walks the states in the order a user fixes them', () => {
    expect(kind({})).toEqual({ kind: 'bridge', action: 'send' });
    expect(kind({ walletConnected: false, fromChainId: null })).toEqual({ kind: 'connectWallet', action: 'connect' });
    expect(kind({ toChainId: null }).kind).toBe('selectNetwork');
    expect(kind({ fromSupported: false }).kind).toBe('unsupportedSource');
    expect(kind({ routeExists: false }).kind).toBe('noRoute');
    expect(kind({ amount: { kind: 'empty' } }).kind).toBe('enterAmount');
    expect(kind({ amount: { kind: 'ok', raw: 0n, text: '0' } }).kind).toBe('enterAmount');
    expect(kind({ amount: { kind: 'invalid' } }).kind).toBe('invalidAmount');
    expect(kind({ amount: { kind: 'tooPrecise', decimals: 6 } })).toEqual({ kind: 'tooPrecise', action: 'none', decimals: 6 });
    expect(kind({ amount: { kind: 'ok', raw: 11n * E18, text: '11' } }).kind).toBe('insufficientBalance');
    expect(kind({ amount: { kind: 'ok', raw: 1n, text: '0.000000000000000001' } })).toEqual({ kind: 'belowMin', action: 'none', min: E18 / 1000n });
    expect(kind({ amount: { kind: 'ok', raw: 6n * E18, text: '6' } })).toEqual({ kind: 'aboveMax', action: 'none', max: 5n * E18 });
    expect(kind({ recipient: { ok: false, reason: 'required', required: true } }).kind).toBe('enterAddress');
    expect(kind({ recipient: { ok: false, reason: 'invalid', required: false } }).kind).toBe('invalidAddress');
    expect(kind({ walletChainId: 1 })).toEqual({ kind: 'switchNetwork', action: 'switch', chainId: 8453 });
    expect(kind({ quote: 'loading' }).kind).toBe('quoting');
    expect(kind({ quote: 'error' }).kind).toBe('quoteUnavailable');
    expect(kind({ phase: 'approving' })).toEqual({ kind: 'approving', action: 'none' });
    expect(kind({ phase: 'depositing', walletConnected: false }).kind).toBe('depositing');
  });

  it("to an exchange, what arrives after fees must reach the exchange's minimum", () => {
    const min = 2n * E18 / 1000n;
    expect(kind({ exchange: { min, receive: min - 1n } })).toEqual({ kind: 'exchangeBelowMin', action: 'none', min });
    expect(kind({ exchange: { min, receive: min } }).kind).toBe('bridge');
    // Before the quote arrives nothing is known to fall short; the quote gate speaks first.
    expect(kind({ exchange: { min, receive: undefined } }).kind).toBe('bridge');
    expect(kind({ quote: 'loading', exchange: { min, receive: 1n } }).kind).toBe('quoting');
    expect(kind({ exchange: { min: undefined, receive: 1n } }).kind).toBe('bridge');
  });

  it('an unknown balance does not block; the limit checks still apply', () => {
    expect(kind({ balance: undefined }).kind).toBe('bridge');
    expect(kind({ balance: undefined, amount: { kind: 'ok', raw: 6n * E18, text: '6' } }).kind).toBe('aboveMax');
    expect(kind({ min: undefined, max: undefined, amount: { kind: 'ok', raw: 1n, text: '0.000000000000000001' } }).kind).toBe('bridge');
  });
});

const order = (over: Partial<Order>): Order => testOrder(over);

describe('tracker steps', () => {
  const statuses = (o: Order | null) => trackerView(8453, '0xabc', o).steps.map((s) => `${s.id}:${s.status}`);

  it('before the server sees the deposit: sent done (with its link), confirming active', () => {
    const v = trackerView(8453, '0xabc', null);
    expect(statuses(null)).toEqual(['sent:done', 'confirming:active', 'paying:pending', 'completed:pending']);
    expect(v.steps[0]?.tx).toEqual({ chainId: 8453, hash: '0xabc' });
    expect(v.final).toBe(false);
  });

  it('maps confirming, queued, paying and completed onto the success path', () => {
    expect(statuses(order({}))).toEqual(['sent:done', 'confirming:active', 'paying:pending', 'completed:pending']);
    expect(statuses(order({ state: 'queued' }))).toEqual(['sent:done', 'confirming:done', 'paying:active', 'completed:pending']);
    expect(statuses(order({ state: 'paying', dst_tx_hash: '0xd' }))).toEqual(['sent:done', 'confirming:done', 'paying:active', 'completed:pending']);
    const done = trackerView(8453, '0xabc', order({ state: 'completed', dst_tx_hash: '0xd', timeline: [{ state: 'confirming', at: 100, detail: '' }, { state: 'paying', at: 103, detail: '' }, { state: 'completed', at: 105, detail: '' }] }));
    expect(done.steps.map((s) => s.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(done.steps[3]).toMatchObject({ id: 'completed', at: 105, tx: { chainId: 42161, hash: '0xd' } });
    expect(done).toMatchObject({ final: true, outcome: 'completed' });
  });

  it('maps refunding and refunded onto the refund path with the refund link and reason', () => {
    expect(statuses(order({ state: 'refunding', reason: 'below min' }))).toEqual(['sent:done', 'confirming:done', 'refunding:active', 'refunded:pending']);
    const v = trackerView(8453, '0xabc', order({ state: 'refunded', reason: 'the minimum is 0.001 ETH', refund_tx_hash: '0xr' }));
    expect(v.steps.map((s) => `${s.id}:${s.status}`)).toEqual(['sent:done', 'confirming:done', 'refunding:done', 'refunded:done']);
    expect(v.steps[3]?.tx).toEqual({ chainId: 8453, hash: '0xr' });
    expect(v).toMatchObject({ final: true, outcome: 'refunded', reason: 'the minimum is 0.001 ETH' });
  });

  it('a failed order marks the step after the last one reached; a dropped deposit fails at confirming', () => {
    const failed = order({ state: 'failed', reason: 'payout reverted', timeline: [{ state: 'confirming', at: 1, detail: '' }, { state: 'paying', at: 2, detail: '' }, { state: 'failed', at: 3, detail: '' }] });
    expect(statuses(failed)).toEqual(['sent:done', 'confirming:done', 'paying:done', 'completed:failed']);
    expect(trackerView(8453, '0xabc', failed)).toMatchObject({ final: true, outcome: 'failed' });
    expect(statuses(order({ state: 'dropped' }))).toEqual(['sent:done', 'confirming:failed', 'paying:pending', 'completed:pending']);
    // A dropped deposit is its own outcome (nothing owed), not one that needs an operator.
    expect(trackerView(8453, '0xabc', order({ state: 'dropped' }))).toMatchObject({ final: true, outcome: 'dropped' });
    // A token the bridge does not list: settled where it was judged, never on a refund path, with the server's reason.
    const rejected = order({ state: 'rejected', reason: 'the bridge does not list this token' });
    expect(statuses(rejected)).toEqual(['sent:done', 'confirming:failed', 'paying:pending', 'completed:pending']);
    expect(trackerView(8453, '0xabc', rejected)).toMatchObject({ final: true, outcome: 'rejected', reason: 'the bridge does not list this token' });
  });

  it('polls GET order: fast without the stream, slowly beside it or for a dropped deposit, never once settled', () => {
    expect(orderPollInterval(null, false)).toBe(ORDER_POLL_MS);
    expect(orderPollInterval(order({ state: 'paying' }), false)).toBe(ORDER_POLL_MS);
    expect(orderPollInterval(order({ state: 'paying' }), true)).toBe(ORDER_SAFETY_POLL_MS);
    // The server revives a dropped deposit whose transaction is mined again in another block.
    expect(orderPollInterval(order({ state: 'dropped' }), false)).toBe(ORDER_SAFETY_POLL_MS);
    for (const state of ['completed', 'refunded', 'failed', 'rejected'] as const) expect(orderPollInterval(order({ state }), false)).toBe(false);
  });

  it('explorer links', () => {
    expect(explorerTxUrl('https://basescan.org/', '0xabc')).toBe('https://basescan.org/tx/0xabc');
    expect(explorerTxUrl('', '0xabc')).toBe('');
  });

  it('order stream events: an order or null, anything else refused', () => {
    expect(parseOrderEvent('null')).toBeNull();
    expect(parseOrderEvent(JSON.stringify(order({ state: 'paying' })))?.state).toBe('paying');
    expect(() => parseOrderEvent('{"x":1}')).toThrow();
  });
});
