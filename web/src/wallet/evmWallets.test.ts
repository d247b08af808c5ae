import { describe, expect, it } from 'vitest';
import { bridgeWallets, ecosystemOfChain, walletAddressFor } from './bridgeWallets';
import { detectExchangeApp, EVM_WALLETS, evmWalletRows, gateWalletAvailable, readWalletEnvironment, type WalletEnvironment } from './evmWallets';
import { channelGroups, tabsOf } from './walletGroups';
import { expectOutputs } from '@/test/expectOutputs';

const ENV: WalletEnvironment = { hasInjected: false, injectedFlags: [], hasGateWallet: false, innerWidth: 1280, inTelegram: false, exchangeApp: null, walletConnect: false, mobile: false };
const TARGETS = [
  { id: 'injected', name: 'Injected', icon: undefined },
  { id: 'metaMask', name: 'MetaMask', icon: undefined },
  { id: 'coinbaseWallet', name: 'Coinbase Wallet', icon: undefined },
];
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('the EVM wallet list', () => {
  it('names the spec’s 15 wallets, each with an icon file', () => {
    expect(EVM_WALLETS).toHaveLength(15);
    expect(EVM_WALLETS.map((w) => w.name)).toEqual([
      'MetaMask',
      'OKX Wallet',
      'Coinbase Wallet',
      'Rabby Wallet',
      'Trust Wallet',
      'Bitget Wallet',
      'Binance Wallet',
      'Gate Wallet',
      'imToken',
      'TokenPocket',
      'Phantom',
      'Zerion',
      'Rainbow',
      'WalletConnect',
      'Browser Wallet',
    ]);
    for (const w of EVM_WALLETS) expect(w.icon).toMatch(/^\/icons\/wallets\/[a-z]+\.svg$/);
  });

  it('puts detected wallets first (matched by rdns, with their own icon), then other announced ones, then the rest with install links', () => {
    const rows = evmWalletRows(
      [...TARGETS, { id: 'io.rabby', name: 'Rabby', icon: 'data:rabby' }, { id: 'dev.perch.wallet', name: 'Perch Devnet Wallet', icon: 'data:perch' }],
      ENV,
    );
    expect(ids(rows).slice(0, 2)).toEqual(['rabby', 'dev.perch.wallet']);
    expect(rows[0]).toMatchObject({ name: 'Rabby Wallet', icon: 'data:rabby', state: { kind: 'detected', connectorId: 'io.rabby' } });
    expect(rows[1]).toMatchObject({ name: 'Perch Devnet Wallet', icon: 'data:perch', state: { kind: 'detected', connectorId: 'dev.perch.wallet' } });
    const metamask = rows.find((r) => r.id === 'metamask');
    // Not announced: wagmi's MetaMask target looks for it (and reports it missing).
    expect(metamask).toMatchObject({ state: { kind: 'missing', connectorId: 'metaMask' }, installUrl: 'https://metamask.io/download/', icon: '/icons/wallets/metamask.svg' });
    expect(rows.find((r) => r.id === 'zerion')).toMatchObject({ state: { kind: 'missing' }, installUrl: 'https://zerion.io/download' });
    // No project id: no WalletConnect; no window.ethereum: no injected fallback; wide window: no Gate.
    expect(ids(rows)).not.toContain('walletConnect');
    expect(ids(rows)).not.toContain('injected');
    expect(ids(rows)).not.toContain('gateWallet');
    expect(rows).toHaveLength(13);
  });

  it('never guesses from a look-alike name: only the rdns counts', () => {
    const rows = evmWalletRows([...TARGETS, { id: 'com.example.fake', name: 'MetaMask', icon: 'data:x' }], ENV);
    expect(rows.find((r) => r.id === 'metamask')?.state.kind).toBe('missing');
    expect(rows.find((r) => r.id === 'com.example.fake')?.state.kind).toBe('detected');
  });

  it('a legacy flag without an announcement is a conflict (connector not found)', () => {
    const rows = evmWalletRows(TARGETS, { ...ENV, hasInjected: true, injectedFlags: ['isRabby', 'isMetaMask'] });
    expect(rows.find((r) => r.id === 'rabby')?.state.kind).toBe('conflict');
    expect(rows.find((r) => r.id === 'metamask')?.state.kind).toBe('conflict');
    // window.ethereum with no announced wallet: the injected fallback connects it.
    expect(rows.find((r) => r.id === 'injected')).toMatchObject({ name: 'Browser Wallet', state: { kind: 'detected', connectorId: 'injected' } });
    // An announced wallet stands for window.ethereum: no fallback row.
    expect(ids(evmWalletRows([...TARGETS, { id: 'io.rabby', name: 'Rabby', icon: undefined }], { ...ENV, hasInjected: true }))).not.toContain('injected');
  });

  it('WalletConnect with a project id, Gate Wallet only in a narrow window with window.gatewallet', () => {
    const withWc = evmWalletRows(TARGETS, { ...ENV, walletConnect: true });
    expect(withWc.find((r) => r.id === 'walletConnect')?.state.kind).toBe('qr');
    expectOutputs(gateWalletAvailable, [[{ hasGateWallet: true, innerWidth: 767 }, true], [{ hasGateWallet: true, innerWidth: 768 }, false], [{ hasGateWallet: false, innerWidth: 375 }, false]]);
    const narrow = evmWalletRows([...TARGETS, { id: 'gateWallet', name: 'Gate Wallet', icon: undefined }], { ...ENV, hasGateWallet: true, innerWidth: 375 });
    expect(narrow[0]).toMatchObject({ id: 'gateWallet', state: { kind: 'detected', connectorId: 'gateWallet' } });
  });

  it('inside Telegram only the Telegram-capable wallets', () => {
    const rows = evmWalletRows([...TARGETS, { id: 'dev.perch.wallet', name: 'Perch Devnet Wallet', icon: undefined }], { ...ENV, inTelegram: true, walletConnect: true });
    expect(ids(rows)).toEqual(['walletConnect', 'okx']);
  });

  it('inside an exchange app only that exchange’s wallet, connected through the page’s provider', () => {
    const devnet = { id: 'dev.perch.wallet', name: 'Perch Devnet Wallet', icon: undefined };
    const injected = { id: 'injected', name: 'Injected', icon: undefined };
    const env = { ...ENV, hasInjected: true, injectedFlags: ['isOkxWallet'], walletConnect: true, mobile: true };
    for (const [app, id] of [['okx', 'okx'], ['binance', 'binance'], ['bitget', 'bitget'], ['gate', 'gateWallet']] as const) {
      const rows = evmWalletRows([...TARGETS, devnet, injected], { ...env, exchangeApp: app });
      expect(ids(rows)).toEqual([id]);
      expect(rows[0]?.state).toEqual({ kind: 'detected', connectorId: 'injected' });
    }
    // Announced through EIP-6963, the app's wallet connects through its own connector.
    const announced = evmWalletRows([...TARGETS, { id: 'com.okex.wallet', name: 'OKX Wallet', icon: 'data:x' }, injected], { ...env, exchangeApp: 'okx' });
    expect(announced).toEqual([{ id: 'okx', name: 'OKX Wallet', icon: 'data:x', installUrl: 'https://www.okx.com/web3', state: { kind: 'detected', connectorId: 'com.okex.wallet' } }]);
    // Outside an app the same page lists every wallet.
    expect(evmWalletRows([...TARGETS, devnet, injected], { ...env, exchangeApp: null }).length).toBeGreaterThan(10);
  });

  it('tells an exchange’s in-app browser by its user agent, or on a phone by its provider’s flags', () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
    expect(detectExchangeApp(`${phone} OKApp/(OKEx/6.90.1)`, [], true)).toBe('okx');
    expect(detectExchangeApp(`${android} BNC/2.87.0 (com.binance.dev)`, [], true)).toBe('binance');
    expect(detectExchangeApp(`${android} BitKeep/8.20.0`, [], true)).toBe('bitget');
    expect(detectExchangeApp(`${phone} GateWallet/6.30`, [], true)).toBe('gate');
    expect(detectExchangeApp(phone, ['isBitKeep'], true)).toBe('bitget');
    // Without the app's user agent or its provider's flag (window.gatewallet alone is Gate's connector) the list stays whole.
    expect(detectExchangeApp(phone, [], true)).toBeNull();
    expect(detectExchangeApp(phone, ['isGateWallet'], true)).toBe('gate');
    expect(detectExchangeApp(phone, ['isMetaMask'], true)).toBeNull();
    // A desktop extension sets the same flags: not an in-app browser.
    expect(detectExchangeApp('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', ['isOkxWallet'], false)).toBeNull();
  });

  it('on a phone without the extension the exchange wallet offers its app (deep link)', () => {
    const rows = evmWalletRows(TARGETS, { ...ENV, mobile: true });
    expect(rows.find((r) => r.id === 'okx')?.state.kind).toBe('deepLink');
    const okx = EVM_WALLETS.find((w) => w.id === 'okx');
    expect(okx?.deepLink?.('https://perch.local/?a=1')).toBe('okx://wallet/dapp/url?dappUrl=https%3A%2F%2Fperch.local%2F%3Fa%3D1');
  });

  it('reads the page: window.ethereum flags, gatewallet, Telegram, width', () => {
    const win = {
      ethereum: { isRabby: true, isMetaMask: true, isSomethingElse: true },
      gatewallet: {},
      Telegram: { WebApp: { initData: 'query_id=1' } },
      innerWidth: 500,
      navigator: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile' },
    } as unknown as Window;
    expect(readWalletEnvironment(true, win)).toEqual({
      hasInjected: true,
      injectedFlags: ['isMetaMask', 'isRabby'],
      hasGateWallet: true,
      innerWidth: 500,
      inTelegram: true,
      exchangeApp: null,
      walletConnect: true,
      mobile: true,
    });
    const okxApp = { ethereum: { isOkxWallet: true }, innerWidth: 390, navigator: { userAgent: 'Mozilla/5.0 (iPhone) Mobile OKApp/(OKEx/6.90.1)' } } as unknown as Window;
    expect(readWalletEnvironment(false, okxApp)).toMatchObject({ hasInjected: true, injectedFlags: ['isOkxWallet'], exchangeApp: 'okx', mobile: true });
  });
});

describe('two wallets at once: the header status', () => {
  const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
  const SOL = '5yNmX8Ux2P7a8o1Rgqj6PXXHpZ2qV3Xq6jCk2LaH5Y9V';
  it('maps chain ids to ecosystems', () => {
    expectOutputs(ecosystemOfChain, [[83797601, 'solana'], [69677601, 'eclipse'], [666666666, 'starknet'], [9889, 'fuel'], [66706701, 'benfen'], [999706684, 'bitcoin'], [8453, 'evm']]);
    expect(walletAddressFor(83797601, EVM, { solana: { address: SOL } })).toBe(SOL);
    expect(walletAddressFor(1, EVM, { solana: { address: SOL } })).toBe(EVM);
  });

  it('0 not connected, 1 one wallet for both sides, 2 two different wallets', () => {
    expect(bridgeWallets(null, null, false, '', {}).status).toBe(0);
    expect(bridgeWallets(1, 8453, false, EVM, {}).status).toBe(1);
    expect(bridgeWallets(83797601, 8453, false, EVM, { solana: { address: SOL } })).toEqual({ source: SOL, destination: EVM, status: 2 });
    expect(bridgeWallets(8453, 83797601, false, EVM, { solana: { address: SOL } }).status).toBe(2);
    // The source's wallet is not connected: nothing can be sent.
    expect(bridgeWallets(83797601, 8453, false, EVM, {}).status).toBe(0);
    // Destination wallet missing or an exchange: the source wallet receives.
    expect(bridgeWallets(8453, 83797601, false, EVM, {}).status).toBe(1);
    expect(bridgeWallets(83797601, 1, true, EVM, { solana: { address: SOL } }).status).toBe(1);
    // No source chosen: the EVM wallet, else the first other one.
    expect(bridgeWallets(null, null, false, '', { solana: { address: SOL } })).toMatchObject({ source: SOL, status: 1 });
  });
});

describe('wallet groups per channel', () => {
  it('the main channel’s groups under EVM, Solana and Non-EVM; a partner’s only EVM', () => {
    const main = channelGroups(['evm', 'solana', 'eclipse', 'fuel', 'starknet', 'benfen', 'bitcoin']);
    expect(main.map((g) => g.id)).toEqual(['evm', 'solana', 'eclipse', 'fuel', 'starknet', 'benfen', 'bitcoin']);
    expect(tabsOf(main)).toEqual(['evm', 'solana', 'non_evm']);
    expect(channelGroups(['evm']).map((g) => g.id)).toEqual(['evm']);
    // Whole tabs by name (the fallback channel's form).
    expect(channelGroups(['evm', 'solana', 'non_evm']).map((g) => g.id)).toEqual(['evm', 'solana', 'eclipse', 'fuel', 'starknet', 'benfen', 'bitcoin']);
  });
});
