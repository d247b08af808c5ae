import { createConfig, http, injected, type Config, type Connector, type CreateConnectorFn, type Transport } from 'wagmi';
import { connect, disconnect as wagmiDisconnect, getConnection, reconnect, watchConnection, watchConnectors } from 'wagmi/actions';
import type { EIP1193Provider, Chain as ViemChain } from 'viem';
import { logUserAction } from '@/api/endpoints';
import { appBus } from '@/lib/eventBus';
import type { Chain } from '@/api/types';
import { logger } from '@/lib/logger';
import { evmChains, firstRpcUrl, pollingIntervalMs } from './chains';
import { connectErrorNotice, connectorNotFoundMessage, connectorNotFoundNotice, notInstalledMessage } from './errors';
import { COINBASE_TARGET_ID, GATE_ID, gateWalletAvailable, METAMASK_TARGET_ID, readWalletEnvironment, type WalletEnvironment } from './evmWallets';
import { AUTO_RECONNECT_DELAY_MS, settleReconnect } from './reconnect';
import { useWalletRuntime } from './runtimeStore';
import { setPairing, useWalletConnectPairing } from './walletConnectStore';
import { useWalletStore, shouldAutoReconnect, type DiscoveredWallet } from './store';
import { SwitchChainError, switchEvmChain, type Eip1193Like } from './switchChain';

export { AUTO_RECONNECT_DELAY_MS };

export { useWalletRuntime };

/** A key that changes only when the EVM chain set (ids and first rpc urls) changes. */
export function chainsKey(chains: readonly ViemChain[]): string {
  return chains.map((c) => `${c.id}@${firstRpcUrl(c) ?? ''}`).join(',');
}

/**
 * The connectors beside EIP-6963 discovery: the injected one (window.ethereum), the
 * MetaMask and Coinbase Wallet targets (wagmi finds their provider, or says it is missing), and
 * GateWallet when window.gatewallet exists and the window is narrower than 768 px.
 */
export function baseConnectors(env: Pick<WalletEnvironment, 'hasGateWallet' | 'innerWidth'>): CreateConnectorFn[] {
  const list: CreateConnectorFn[] = [injected(), injected({ target: METAMASK_TARGET_ID }), injected({ target: COINBASE_TARGET_ID })];
  if (gateWalletAvailable(env)) {
    list.push(
      injected({
        target: { id: GATE_ID, name: 'Gate Wallet', provider: (w) => (w as unknown as { gatewallet?: EIP1193Provider } | undefined)?.gatewallet },
      }),
    );
  }
  return list;
}

/** wagmi config: the server's EVM chains, one http transport per chain (first rpc url), EIP-6963 discovery. */
export function createWalletConfig(chains: readonly ViemChain[], env: Pick<WalletEnvironment, 'hasGateWallet' | 'innerWidth'> = readWalletEnvironment(false)): Config | null {
  const [first, ...rest] = chains;
  if (!first) return null;
  const transports: Record<number, Transport> = {};
  // Per chain: wagmi's one 4 s default would hold every receipt seconds past its block on fast chains.
  const pollingInterval: Record<number, number> = {};
  for (const c of chains) {
    transports[c.id] = http(c.rpcUrls.default.http[0]);
    pollingInterval[c.id] = pollingIntervalMs(c.blockTime);
  }
  return createConfig({
    chains: [first, ...rest],
    connectors: baseConnectors(env),
    multiInjectedProviderDiscovery: true,
    storage: null,
    transports,
    pollingInterval,
  });
}

const toWallet = (c: Connector): DiscoveredWallet => ({ id: c.id, name: c.name, icon: c.icon });

let teardown: (() => void) | null = null;
let installedKey = '';
let cachedKey: string | null = null;
let cachedConfig: Config | null = null;

/** Builds (or rebuilds, when the chain set changes) the wagmi config and wires it to the wallet store. */
export function installWalletRuntime(list: readonly Chain[], opts: { autoReconnect?: boolean } = {}): () => void {
  const chains = evmChains(list);
  const key = chainsKey(chains);
  if (key === installedKey && teardown) return teardown;
  teardown?.();
  installedKey = key;
  // The same chain set keeps the same config (a chain-list refetch or a StrictMode re-run).
  if (key !== cachedKey) {
    cachedConfig = createWalletConfig(chains);
    cachedKey = key;
  }
  const config = cachedConfig;
  useWalletRuntime.setState({ installed: true, config, chains, wallets: config ? config.connectors.map(toWallet) : [] });
  if (!config) {
    settleReconnect('evm'); // no EVM chain: no EVM wallet to reconnect
    teardown = () => {
      installedKey = '';
      teardown = null;
    };
    return teardown;
  }
  const offConnectors = watchConnectors(config, {
    onChange: (connectors) => useWalletRuntime.setState({ wallets: connectors.map(toWallet) }),
  });
  const offConnection = watchConnection(config, {
    onChange: (conn) => {
      const store = useWalletStore.getState();
      if (conn.status === 'connected') {
        store.setConnected(conn.address, conn.chainId);
      } else if (conn.status === 'disconnected' && store.status === 'connected') {
        store.disconnect();
      }
    },
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (opts.autoReconnect !== false) {
    timer = setTimeout(() => void autoReconnect(config), AUTO_RECONNECT_DELAY_MS);
  }
  teardown = () => {
    if (timer) clearTimeout(timer);
    offConnectors();
    offConnection();
    installedKey = '';
    teardown = null;
  };
  return teardown;
}

/** Drops the wagmi config and its EIP-6963 listener (tests; a full reset). */
export function resetWalletRuntime(): void {
  teardown?.();
  cachedConfig?._internal.mipd?.destroy();
  cachedConfig = null;
  cachedKey = null;
  useWalletRuntime.setState({ installed: false, config: null, chains: [], wallets: [] });
}

/** Tries the remembered wallet once (imToken skipped); on failure the wallet state is cleared. */
export async function autoReconnect(config: Config): Promise<boolean> {
  try {
    return await reconnectRemembered(config);
  } finally {
    settleReconnect('evm');
  }
}

async function reconnectRemembered(config: Config): Promise<boolean> {
  const s = useWalletStore.getState();
  if (!shouldAutoReconnect(s) || s.status === 'connected') return false;
  const connector = config.connectors.find((c) => c.id === s.walletId);
  if (!connector) {
    s.disconnect();
    return false;
  }
  s.setConnecting(s.walletId, s.walletName);
  try {
    const connections = await reconnect(config, { connectors: [connector] });
    const conn = getConnection(config);
    if (connections.length === 0 || conn.status !== 'connected') {
      useWalletStore.getState().disconnect();
      return false;
    }
    useWalletStore.getState().setConnected(conn.address, conn.chainId);
    return true;
  } catch (err) {
    logger.warn('auto-reconnect failed', err);
    useWalletStore.getState().disconnect();
    return false;
  }
}

function requireConfig(): Config {
  const { config } = useWalletRuntime.getState();
  if (!config) throw new Error('The network list has not loaded yet.');
  return config;
}

export interface ConnectOptions {
  /** The name the modal shows for it (messages name the wallet so). */
  name?: string;
  /** Offered with the 'not installed' warning. */
  installUrl?: string;
}

/** Connects the wagmi connector `walletId`; errors become a notice. Returns the address or ''. */
export async function connectWallet(walletId: string, opts: ConnectOptions = {}): Promise<string> {
  const store = useWalletStore.getState();
  const config = useWalletRuntime.getState().config;
  const connector = config?.connectors.find((c) => c.id === walletId);
  const wallet = useWalletRuntime.getState().wallets.find((w) => w.id === walletId);
  const name = opts.name ?? connector?.name ?? wallet?.name ?? walletId;
  if (!config || !connector) {
    store.disconnect();
    store.setNotice(connectorNotFoundNotice(name));
    return '';
  }
  store.setConnecting(walletId, name);
  try {
    const current = getConnection(config);
    if (current.status === 'connected' && current.connector.id === walletId) {
      await reconnect(config, { connectors: [connector] });
    } else {
      await connect(config, { connector });
    }
    const conn = getConnection(config);
    if (conn.status !== 'connected') throw new Error('Connection failed');
    useWalletStore.getState().setConnected(conn.address, conn.chainId);
    void logUserAction({
      user_address: conn.address,
      action: 'connect',
      sign: '',
      agent: typeof navigator !== 'undefined' ? navigator.userAgent : '',
      wallet_name: name,
    });
    return conn.address;
  } catch (err) {
    const mapped = connectErrorNotice(err, name);
    const notice = mapped && opts.installUrl && mapped.message === notInstalledMessage(name) ? { ...mapped, installUrl: opts.installUrl } : mapped;
    logger.warn('wallet connect failed', err);
    const s = useWalletStore.getState();
    if (!notice || notice.reset) {
      s.disconnect();
      void wagmiDisconnect(config, { connector }).catch(() => undefined);
    } else {
      restoreConnection(config);
    }
    s.setNotice(notice);
    return '';
  }
}

/** After a connect that changed nothing (e.g. a prompt already open): back to what wagmi holds. */
function restoreConnection(config: Config): void {
  const conn = getConnection(config);
  const s = useWalletStore.getState();
  if (conn.status === 'connected') s.setConnected(conn.address, conn.chainId);
  else s.disconnect();
}

/** The wallet-connect connector's id in wagmi. */
const WALLETCONNECT_CONNECTOR_ID = 'walletConnect';
/** How long the QR modal waits for the WalletConnect relay to give a pairing link. */
export const WALLETCONNECT_PAIRING_TIMEOUT_MS = 20_000;

/**
 * WalletConnect (one public project id from the server, without the SDK's own QR modal): the connector
 * is added on first use (its provider, @walletconnect/ethereum-provider, is a lazy chunk that talks to
 * the WalletConnect relay); its pairing URI goes to the QR modal. Returns the address or ''.
 */
export async function connectWalletConnect(projectId: string): Promise<string> {
  const config = requireConfig();
  setPairing({ status: 'pairing' });
  let connector = config.connectors.find((c) => c.id === WALLETCONNECT_CONNECTOR_ID);
  if (!connector) {
    const { walletConnect } = await import('wagmi/connectors/walletConnect');
    const fn = walletConnect({
      projectId,
      showQrModal: false,
      metadata: { name: 'Perch', description: 'Perch bridge', url: window.location.origin, icons: [`${window.location.origin}/perch.svg`] },
    });
    const created = config._internal.connectors.setup(fn);
    config._internal.connectors.setState((list) => [...list, created]);
    connector = created;
  }
  const onMessage = ({ type, data }: { type: string; data?: unknown }): void => {
    if (type === 'display_uri' && typeof data === 'string') setPairing({ status: 'ready', uri: data });
  };
  connector.emitter.on('message', onMessage);
  // The relay may never answer (offline, blocked): after the timeout the modal says so; a later
  // link from the still-running attempt is shown again.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), WALLETCONNECT_PAIRING_TIMEOUT_MS);
  });
  const attempt = connectWallet(WALLETCONNECT_CONNECTOR_ID, { name: 'WalletConnect' });
  try {
    const first = await Promise.race([attempt, timeout]);
    if (first === 'timeout' && useWalletConnectPairing.getState().pairing.status === 'pairing') {
      setPairing({ status: 'timeout' });
      restoreConnection(config);
    }
    const address = await attempt;
    const notice = useWalletStore.getState().notice;
    if (!address) {
      if (useWalletConnectPairing.getState().pairing.status !== 'timeout') setPairing(notice ? { status: 'failed', reason: notice.message } : { status: 'idle' });
    } else setPairing({ status: 'idle' });
    return address;
  } finally {
    clearTimeout(timer);
    connector.emitter.off('message', onMessage);
  }
}

/** Disconnects the wallet and resets the wallet store (header back to 'Connect Wallet'). */
export async function disconnectWallet(): Promise<void> {
  const config = useWalletRuntime.getState().config;
  useWalletStore.getState().disconnect();
  if (config) {
    try {
      await wagmiDisconnect(config);
    } catch (err) {
      logger.warn('wallet disconnect failed', err);
    }
  }
  useWalletStore.getState().disconnect();
}

/** The connected wallet's EIP-1193 provider, or null. */
export async function connectedProvider(): Promise<Eip1193Like | null> {
  const config = useWalletRuntime.getState().config;
  if (!config) return null;
  const conn = getConnection(config);
  if (conn.status !== 'connected') return null;
  const provider = (await conn.connector.getProvider()) as Eip1193Like | undefined;
  return provider ?? null;
}

/** Switches the connected wallet to `chainId` (adds the chain when the wallet lacks it). */
export async function switchWalletChain(chainId: number): Promise<void> {
  const config = requireConfig();
  const chain = config.chains.find((c) => c.id === chainId);
  if (!chain) throw new Error(`Chain ${chainId} is not an EVM network of this app.`);
  const provider = await connectedProvider();
  const walletName = useWalletStore.getState().walletName || 'Wallet';
  if (!provider) {
    // No client able to switch chains: disconnect, open the wallet list (showing the
    // connector-not-found notice with its tutorial link), throw the connector-not-found error.
    appBus.emit('quit-wallet', { reason: 'no client able to switch chains' });
    useWalletStore.getState().setNotice(connectorNotFoundNotice(walletName));
    throw new Error(connectorNotFoundMessage(walletName));
  }
  try {
    await switchEvmChain(provider, chain);
  } catch (err) {
    // 4200: the wallet cannot switch chains programmatically: quit-wallet.
    if (err instanceof SwitchChainError && err.code === 4200) appBus.emit('quit-wallet', { reason: err.message });
    throw err;
  }
  useWalletStore.getState().setChainId(chainId);
}
