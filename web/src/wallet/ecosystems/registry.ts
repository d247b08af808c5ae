import type { WalletNotice } from '../errors';
import { connectErrorNotice } from '../errors';
import { useEcosystemsStore } from './store';
import type { Ecosystem, EcosystemAdapter, WalletAccount, WalletOption } from './types';

/**
 * The non-EVM adapters, each in its own lazy chunk (never in the first load of /). `loadAdapters`
 * imports them once; `connectOption` / `disconnectEcosystem` keep ./store.ts in step with the wallets.
 */
const loaders: readonly (() => Promise<EcosystemAdapter>)[] = [
  () => import('./solana').then((m) => m.phantomAdapter()),
  () => import('./solana').then((m) => m.backpackAdapter()),
  () => import('./fuel').then((m) => m.fuelAdapter()),
  () => import('./starknet').then((m) => m.starknetAdapter()),
  () => import('./benfen').then((m) => m.benfenAdapter()),
  () => import('./bitcoin').then((m) => m.bitcoinAdapter()),
];

let loading: Promise<EcosystemAdapter[]> | null = null;

export function loadAdapters(): Promise<EcosystemAdapter[]> {
  loading ??= Promise.all(loaders.map((load) => load())).catch((err: unknown) => {
    loading = null; // a failed chunk load can be retried
    throw err;
  });
  return loading;
}

/** All options of all adapters, in the modal's group order. */
export async function loadOptions(): Promise<WalletOption[]> {
  return (await loadAdapters()).flatMap((a) => a.options());
}

async function adapterFor(optionId: string): Promise<{ adapter: EcosystemAdapter; option: WalletOption }> {
  for (const adapter of await loadAdapters()) {
    const option = adapter.options().find((o) => o.id === optionId);
    if (option) return { adapter, option };
  }
  throw new Error(`unknown wallet ${optionId}`);
}

export type ConnectResult = { ok: true; account: WalletAccount } | { ok: false; notice: WalletNotice | null };

/** Connects a wallet option and records it in the store; a failure leaves that ecosystem disconnected. */
export async function connectOption(optionId: string, opts: { silent?: boolean } = {}): Promise<ConnectResult> {
  const { adapter, option } = await adapterFor(optionId);
  const store = useEcosystemsStore.getState();
  store.setConnecting(adapter.ecosystem, option.id);
  try {
    const account = await adapter.connect(option.id, opts);
    useEcosystemsStore.getState().setConnected(adapter.ecosystem, { ...account, walletId: option.id, walletName: option.name });
    return { ok: true, account };
  } catch (err) {
    useEcosystemsStore.getState().connectFailed(adapter.ecosystem);
    return { ok: false, notice: adapter.notice?.(err) ?? connectErrorNotice(err, option.name) };
  }
}

export async function disconnectEcosystem(ecosystem: Ecosystem): Promise<void> {
  const conn = useEcosystemsStore.getState().accounts[ecosystem];
  useEcosystemsStore.getState().disconnect(ecosystem);
  if (!conn) return;
  const { adapter } = await adapterFor(conn.walletId);
  await adapter.disconnect(conn.walletId).catch(() => undefined);
}

/**
 * Reconnects the remembered wallet of every ecosystem without prompting (after about 3 s; on
 * failure that ecosystem is disconnected). Returns the ecosystems that reconnected.
 */
export async function autoReconnectEcosystems(): Promise<Ecosystem[]> {
  const remembered = useEcosystemsStore.getState().remembered;
  const entries = Object.entries(remembered) as [Ecosystem, { walletId: string }][];
  if (entries.length === 0) return [];
  const done = await Promise.all(
    entries.map(async ([eco, w]) => ((await connectOption(w.walletId, { silent: true }).catch(() => ({ ok: false }))).ok ? eco : null)),
  );
  return done.filter((e): e is Ecosystem => e !== null);
}
