import { NARROW_WINDOW_PX } from '@/lib/config';
import type { DiscoveredWallet } from './store';

/**
 * The EVM wallets of the wallet modal ("EVM wallets (15 supported)", wallet
 * entry: icon, name, findConnectorName, optional inTelegram). A wallet is detected when a wagmi
 * connector with one of its EIP-6963 rdns ids is in the page (never by guessing from flags). Icons:
 * @web3icons/core SVGs generated into /icons/wallets by tools/gen-chains.mjs, or the wallet's own
 * EIP-6963 icon once detected.
 */
export interface EvmWalletEntry {
  id: string;
  name: string;
  icon: string;
  /** EIP-6963 rdns ids the wallet announces itself with (matched exactly). */
  rdns: readonly string[];
  /** The wagmi connector to use when it did not announce itself through EIP-6963. */
  findConnectorName?: 'injected' | 'metaMask' | 'coinbaseWallet' | 'gateWallet' | 'walletConnect';
  /** Where a user without it gets it. */
  installUrl?: string;
  /** The legacy window.ethereum flag the extension sets: present without an EIP-6963 announcement
   * means another extension took the page over (connector not found). */
  legacyFlag?: string;
  /** Usable inside Telegram's in-app browser. */
  inTelegram?: boolean;
  /** The exchange app's deep link that opens this page in its in-app browser. */
  deepLink?: (url: string) => string;
}

export const WALLETCONNECT_ID = 'walletConnect';
export const INJECTED_ID = 'injected';
export const GATE_ID = 'gateWallet';
export const OKX_ID = 'okx';
/** wagmi's injected connectors with the MetaMask and Coinbase Wallet targets (no EIP-6963 announcement). */
export const METAMASK_TARGET_ID = 'metaMask';
export const COINBASE_TARGET_ID = 'coinbaseWallet';

export const EVM_WALLETS: readonly EvmWalletEntry[] = [
  { id: 'metamask', name: 'MetaMask', icon: '/icons/wallets/metamask.svg', rdns: ['io.metamask', 'io.metamask.flask'], findConnectorName: 'metaMask', installUrl: 'https://metamask.io/download/', legacyFlag: 'isMetaMask' },
  {
    id: OKX_ID,
    name: 'OKX Wallet',
    icon: '/icons/wallets/okx.svg',
    rdns: ['com.okex.wallet'],
    installUrl: 'https://www.okx.com/web3',
    legacyFlag: 'isOkxWallet',
    inTelegram: true,
    deepLink: (url) => `okx://wallet/dapp/url?dappUrl=${encodeURIComponent(url)}`,
  },
  { id: 'coinbase', name: 'Coinbase Wallet', icon: '/icons/wallets/coinbase.svg', rdns: ['com.coinbase.wallet'], findConnectorName: 'coinbaseWallet', installUrl: 'https://www.coinbase.com/wallet/downloads', legacyFlag: 'isCoinbaseWallet' },
  { id: 'rabby', name: 'Rabby Wallet', icon: '/icons/wallets/rabby.svg', rdns: ['io.rabby'], installUrl: 'https://rabby.io/', legacyFlag: 'isRabby' },
  { id: 'trust', name: 'Trust Wallet', icon: '/icons/wallets/trust.svg', rdns: ['com.trustwallet.app'], installUrl: 'https://trustwallet.com/download', legacyFlag: 'isTrust' },
  { id: 'bitget', name: 'Bitget Wallet', icon: '/icons/wallets/bitget.svg', rdns: ['com.bitget.web3'], installUrl: 'https://web3.bitget.com/en/wallet-download', legacyFlag: 'isBitKeep' },
  { id: 'binance', name: 'Binance Wallet', icon: '/icons/wallets/binance.svg', rdns: ['com.binance.wallet'], installUrl: 'https://www.binance.com/en/web3wallet', legacyFlag: 'isBinance' },
  { id: GATE_ID, name: 'Gate Wallet', icon: '/icons/wallets/gate.svg', rdns: ['io.gate.wallet'], findConnectorName: 'gateWallet', installUrl: 'https://www.gate.io/web3', legacyFlag: 'isGateWallet' },
  { id: 'imtoken', name: 'imToken', icon: '/icons/wallets/imtoken.svg', rdns: ['im.token'], installUrl: 'https://token.im/download', legacyFlag: 'isImToken' },
  { id: 'tokenpocket', name: 'TokenPocket', icon: '/icons/wallets/tokenpocket.svg', rdns: ['pro.tokenpocket'], installUrl: 'https://www.tokenpocket.pro/en/download/app', legacyFlag: 'isTokenPocket' },
  { id: 'phantom', name: 'Phantom', icon: '/icons/wallets/phantom.svg', rdns: ['app.phantom'], installUrl: 'https://phantom.com/download', legacyFlag: 'isPhantom' },
  { id: 'zerion', name: 'Zerion', icon: '/icons/wallets/zerion.svg', rdns: ['io.zerion.wallet'], installUrl: 'https://zerion.io/download', legacyFlag: 'isZerion' },
  { id: 'rainbow', name: 'Rainbow', icon: '/icons/wallets/rainbow.svg', rdns: ['me.rainbow'], installUrl: 'https://rainbow.me/download', legacyFlag: 'isRainbow' },
  { id: WALLETCONNECT_ID, name: 'WalletConnect', icon: '/icons/wallets/walletconnect.svg', rdns: [], findConnectorName: 'walletConnect', inTelegram: true },
  { id: INJECTED_ID, name: 'Browser Wallet', icon: '/icons/wallets/injected.svg', rdns: [], findConnectorName: 'injected' },
];

/** Exchanges whose apps open pages in a browser of their own with their wallet injected. */
export type ExchangeApp = 'okx' | 'binance' | 'bitget' | 'gate';

/** The catalogue entry of each exchange app's wallet. */
const EXCHANGE_APP_WALLET: Record<ExchangeApp, string> = { okx: OKX_ID, binance: 'binance', bitget: 'bitget', gate: GATE_ID };

/** What each app adds to its browser's user agent. */
const EXCHANGE_APP_UA: readonly [ExchangeApp, RegExp][] = [
  ['okx', /\bOKApp\b|\bOKEx\//i],
  ['binance', /\bBNC\/|\bBinance\//i],
  ['bitget', /\bBitKeep\b|\bBitget(Wallet)?\//i],
  ['gate', /\bGateWallet\b|\bgate_app\b|\bGateApp\b/i],
];

/** The flags each app's injected provider sets on window.ethereum. */
const EXCHANGE_APP_FLAGS: readonly [ExchangeApp, readonly string[]][] = [
  ['okx', ['isOkxWallet', 'isOKExWallet']],
  ['binance', ['isBinance']],
  ['bitget', ['isBitKeep', 'isBitget']],
  ['gate', ['isGateWallet']],
];

/**
 * The exchange app whose in-app browser the page runs in, or null. Its user agent says so; failing
 * that, on a phone a provider flag does: a phone's browser has no extensions,
 * so an injected provider there is the app's own. On a desktop the same flags come from extensions
 * and narrow nothing.
 */
export function detectExchangeApp(userAgent: string, injectedFlags: readonly string[], mobile: boolean): ExchangeApp | null {
  for (const [app, re] of EXCHANGE_APP_UA) if (re.test(userAgent)) return app;
  if (!mobile) return null;
  // window.gatewallet alone does not narrow: it is Gate's connector (offered beside the other
  // wallets in a narrow window), not proof of Gate's app.
  for (const [app, flags] of EXCHANGE_APP_FLAGS) if (flags.some((f) => injectedFlags.includes(f))) return app;
  return null;
}

/** What the list needs to know about the page it runs in. */
export interface WalletEnvironment {
  /** window.ethereum exists (the injected fallback can connect it). */
  hasInjected: boolean;
  /** The legacy flags window.ethereum sets to true (isMetaMask, isRabby, ...). */
  injectedFlags: readonly string[];
  /** window.gatewallet exists. */
  hasGateWallet: boolean;
  innerWidth: number;
  /** Running inside Telegram (a Telegram WebApp). */
  inTelegram: boolean;
  /** Running inside an exchange app's in-app browser: only that exchange's wallet can sign there. */
  exchangeApp: ExchangeApp | null;
  /** A WalletConnect project id is configured (server / channel config). */
  walletConnect: boolean;
  /** A mobile browser: exchange wallets without their extension offer their app's deep link. */
  mobile: boolean;
}

export type WalletRowState =
  /** A wagmi connector exists: connect it. */
  | { kind: 'detected'; connectorId: string }
  /** Not in the page: show the install link; a click warns 'Please install … first' (through the
   * wallet's wagmi target connector when it has one: that connector looks for its provider). */
  | { kind: 'missing'; connectorId?: string }
  /** Its legacy flag is set but it did not announce itself: another wallet took over. */
  | { kind: 'conflict' }
  /** Mobile, not in the page, the exchange app can open this page: the deep-link modal. */
  | { kind: 'deepLink' }
  /** WalletConnect: the QR modal. */
  | { kind: 'qr' };

export interface WalletRow {
  id: string;
  name: string;
  icon: string;
  installUrl?: string;
  state: WalletRowState;
}

/** GateWallet's connector is offered when window.gatewallet exists and the window is narrow (its mobile app). */
export const gateWalletAvailable = (env: Pick<WalletEnvironment, 'hasGateWallet' | 'innerWidth'>): boolean =>
  env.hasGateWallet && env.innerWidth < NARROW_WINDOW_PX;

function rowState(entry: EvmWalletEntry, byRdns: Map<string, DiscoveredWallet>, connectorIds: Set<string>, env: WalletEnvironment): WalletRowState {
  for (const r of entry.rdns) {
    const w = byRdns.get(r);
    if (w) return { kind: 'detected', connectorId: w.id };
  }
  const target = entry.findConnectorName;
  // In its own app the exchange's wallet is the page's window.ethereum, announced or not.
  if (env.exchangeApp && EXCHANGE_APP_WALLET[env.exchangeApp] === entry.id) {
    if (target === 'gateWallet' && connectorIds.has(GATE_ID)) return { kind: 'detected', connectorId: GATE_ID };
    if (env.hasInjected && connectorIds.has(INJECTED_ID)) return { kind: 'detected', connectorId: INJECTED_ID };
  }
  if (target === 'walletConnect') return { kind: 'qr' };
  if (target === 'injected') return env.hasInjected && connectorIds.has(INJECTED_ID) ? { kind: 'detected', connectorId: INJECTED_ID } : { kind: 'missing' };
  if (target === 'gateWallet' && connectorIds.has(GATE_ID)) return { kind: 'detected', connectorId: GATE_ID };
  if (entry.legacyFlag && env.injectedFlags.includes(entry.legacyFlag)) return { kind: 'conflict' };
  if (env.mobile && entry.deepLink) return { kind: 'deepLink' };
  // wagmi's MetaMask / Coinbase targets look for their provider themselves (and say when it is missing).
  if (target && connectorIds.has(target)) return { kind: 'missing', connectorId: target };
  return { kind: 'missing' };
}

/**
 * The EVM rows of the modal: detected wallets first (catalogue order), then EIP-6963 wallets the
 * catalogue does not name, then the undetected ones. WalletConnect only with a project id, Gate Wallet
 * only where its connector is offered, the injected fallback only when window.ethereum exists and no
 * detected wallet already stands for it; inside Telegram only the Telegram-capable wallets, inside an
 * exchange app's browser only that exchange's wallet.
 */
export function evmWalletRows(discovered: readonly DiscoveredWallet[], env: WalletEnvironment): WalletRow[] {
  const byRdns = new Map(discovered.map((w) => [w.id, w]));
  const connectorIds = new Set(discovered.map((w) => w.id));
  const known = new Set(EVM_WALLETS.flatMap((e) => e.rdns));
  const rows: WalletRow[] = [];
  for (const entry of EVM_WALLETS) {
    if (env.inTelegram && !entry.inTelegram) continue;
    if (env.exchangeApp && EXCHANGE_APP_WALLET[env.exchangeApp] !== entry.id) continue;
    if (entry.id === WALLETCONNECT_ID && !env.walletConnect) continue;
    if (entry.id === GATE_ID && env.exchangeApp !== 'gate' && !gateWalletAvailable(env) && !entry.rdns.some((r) => byRdns.has(r))) continue;
    const state = rowState(entry, byRdns, connectorIds, env);
    // The injected fallback is for a window.ethereum no announced wallet stands for.
    if (entry.id === INJECTED_ID && (state.kind !== 'detected' || discovered.some((w) => !isSpecialConnector(w.id)))) continue;
    const detectedIcon = state.kind === 'detected' ? byRdns.get(state.connectorId)?.icon : undefined;
    rows.push({ id: entry.id, name: entry.name, icon: detectedIcon ?? entry.icon, ...(entry.installUrl ? { installUrl: entry.installUrl } : {}), state });
  }
  if (!env.inTelegram && !env.exchangeApp) {
    for (const w of discovered) {
      if (known.has(w.id) || isSpecialConnector(w.id)) continue;
      rows.push({ id: w.id, name: w.name, icon: w.icon ?? '/icons/wallets/injected.svg', state: { kind: 'detected', connectorId: w.id } });
    }
  }
  const rank = (r: WalletRow): number => (r.state.kind === 'detected' ? 0 : r.state.kind === 'qr' ? 1 : 2);
  return rows.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map(({ r }) => r);
}

/** Connectors Perch adds itself (not EIP-6963 announcements). */
export const isSpecialConnector = (id: string): boolean => id === INJECTED_ID || id === GATE_ID || id === WALLETCONNECT_ID || id === METAMASK_TARGET_ID || id === COINBASE_TARGET_ID;

/** The catalogue entry a connector id stands for (its rdns or its own id), if any. */
export function entryForConnector(connectorId: string): EvmWalletEntry | undefined {
  return EVM_WALLETS.find((e) => e.id === connectorId || e.rdns.includes(connectorId));
}

const LEGACY_FLAGS = EVM_WALLETS.flatMap((e) => (e.legacyFlag ? [e.legacyFlag] : []));

/** Reads the page (window.ethereum, window.gatewallet, Telegram, an exchange app, width) for `evmWalletRows`. */
export function readWalletEnvironment(walletConnect: boolean, win: Window = window): WalletEnvironment {
  const w = win as unknown as { ethereum?: Record<string, unknown>; gatewallet?: unknown; Telegram?: { WebApp?: { initData?: string } } };
  const eth = w.ethereum;
  const ua = win.navigator?.userAgent ?? '';
  const injectedFlags = eth ? [...new Set([...LEGACY_FLAGS, ...EXCHANGE_APP_FLAGS.flatMap(([, f]) => f)])].filter((f) => eth[f] === true) : [];
  const mobile = /Android|iPhone|iPad|iPod|Mobile/i.test(ua);
  return {
    hasInjected: !!eth,
    injectedFlags: injectedFlags.filter((f) => LEGACY_FLAGS.includes(f)),
    hasGateWallet: !!w.gatewallet,
    innerWidth: win.innerWidth,
    inTelegram: !!w.Telegram?.WebApp?.initData,
    exchangeApp: detectExchangeApp(ua, injectedFlags, mobile),
    walletConnect,
    mobile,
  };
}
