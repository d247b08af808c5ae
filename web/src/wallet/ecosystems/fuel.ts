import { letterIcon } from './icons';
import { injected, watchInjection } from './injected';
import { WalletMissingError, missingNotice, openInstallPage } from './missing';
import { useEcosystemsStore } from './store';
import type { EcosystemAdapter, WalletAccount, WalletOption } from './types';

/** The Fuel wallet through its injected connector, `window.fuel` (connect / accounts / currentAccount / events). */
export const FUEL_CHAIN_ID = 9889;
export const FUEL_ACCOUNT_MISMATCH = 'Current account not authorized for this connection!';
const INSTALL_URL = 'https://wallet.fuel.network/';

export interface FuelConnector {
  name?: string;
  connect(): Promise<boolean>;
  disconnect(): Promise<boolean>;
  isConnected(): Promise<boolean>;
  accounts(): Promise<string[]>;
  currentAccount(): Promise<string | null>;
  network?(): Promise<{ chainId: number; url: string }>;
  on(event: 'currentAccount' | 'accounts' | 'connection', listener: (value: unknown) => void): unknown;
  off(event: 'currentAccount' | 'accounts' | 'connection', listener: (value: unknown) => void): unknown;
}

/** The account must be one the wallet authorised for this site. */
export function authorizedAccount(current: string | null, authorized: readonly string[]): string {
  const norm = (a: string) => a.toLowerCase();
  if (!current || !authorized.some((a) => norm(a) === norm(current))) throw new Error(FUEL_ACCOUNT_MISMATCH);
  return current;
}

class FuelAdapter implements EcosystemAdapter {
  readonly ecosystem = 'fuel' as const;
  private listener: ((v: unknown) => void) | null = null;

  options(): WalletOption[] {
    return [
      {
        id: 'fuel',
        name: 'Fuel Wallet',
        icon: letterIcon('F', '#00e182'),
        group: 'fuel',
        ecosystem: 'fuel',
        installed: !!injected<FuelConnector>('fuel'),
        installUrl: INSTALL_URL,
      },
    ];
  }

  subscribe(onChange: () => void): () => void {
    return watchInjection(onChange);
  }

  async connect(_optionId: string, opts: { silent?: boolean } = {}): Promise<WalletAccount> {
    const fuel = injected<FuelConnector>('fuel');
    if (!fuel) {
      if (!opts.silent) openInstallPage(INSTALL_URL);
      throw new WalletMissingError('Error: Please install Fuel Wallet first.');
    }
    if (opts.silent) {
      if (!(await fuel.isConnected())) throw new Error('Fuel Wallet is not connected to this site');
    } else if (!(await fuel.connect())) {
      throw new Error('User rejected the request.');
    }
    // The wallet itself throws the mismatch from currentAccount() when its selected account is not
    // authorised for this site; a wallet that answers anyway is checked against accounts().
    const current = await fuel.currentAccount();
    const address = authorizedAccount(current, await fuel.accounts());
    this.follow(fuel);
    return { address, chainId: FUEL_CHAIN_ID };
  }

  private follow(fuel: FuelConnector): void {
    if (this.listener) fuel.off('currentAccount', this.listener);
    this.listener = (v) => {
      if (typeof v === 'string' && v) useEcosystemsStore.getState().updateAccount('fuel', { address: v });
      else useEcosystemsStore.getState().disconnect('fuel');
    };
    fuel.on('currentAccount', this.listener);
  }

  async disconnect(): Promise<void> {
    const fuel = injected<FuelConnector>('fuel');
    if (fuel && this.listener) fuel.off('currentAccount', this.listener);
    this.listener = null;
    await fuel?.disconnect();
  }

  notice(err: unknown) {
    const own = missingNotice(err);
    if (own) return own;
    if (err instanceof Error && err.message === FUEL_ACCOUNT_MISMATCH) return { level: 'error' as const, message: FUEL_ACCOUNT_MISMATCH, reset: true };
    return null;
  }
}

let adapter: FuelAdapter | null = null;
export function fuelAdapter(): EcosystemAdapter {
  adapter ??= new FuelAdapter();
  return adapter;
}
