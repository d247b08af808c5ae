import { letterIcon } from './icons';
import { injected, watchInjection } from './injected';
import { WalletMissingError, WalletWarning, missingNotice, openInstallPage } from './missing';
import { useEcosystemsStore } from './store';
import type { EcosystemAdapter, WalletAccount, WalletOption } from './types';

/** Argent X and Braavos through their get-starknet objects (window.starknet_argentX / starknet_braavos). */
export const STARKNET_CHAIN_ID = 666666666;
export const STARKNET_TESTNET_WARNING = 'The StarkNet Testnet is currently unsupported. Please switch to the mainnet in your wallet.';
/** The warning stays this long. */
export const STARKNET_WARNING_MS = 8000;

/** The get-starknet window object (v3 "StarknetWindowObject") as far as Perch uses it. */
export interface StarknetWindowObject {
  id: string;
  name: string;
  icon?: string;
  enable(options?: { starknetVersion?: string }): Promise<string[]>;
  isConnected?: boolean;
  selectedAddress?: string;
  chainId?: string;
  on?(event: 'accountsChanged' | 'networkChanged', handler: (value: unknown) => void): void;
  off?(event: 'accountsChanged' | 'networkChanged', handler: (value: unknown) => void): void;
}

interface StarknetWallet {
  id: 'argentX' | 'braavos';
  name: string;
  key: string;
  installUrl: string;
  icon: string;
}

export const STARKNET_WALLETS: readonly StarknetWallet[] = [
  { id: 'argentX', name: 'Argent X', key: 'starknet_argentX', installUrl: 'https://www.argent.xyz/argent-x/', icon: letterIcon('A', '#ff875b') },
  { id: 'braavos', name: 'Braavos', key: 'starknet_braavos', installUrl: 'https://braavos.app/download-braavos-wallet/', icon: letterIcon('B', '#0c2d3e') },
];

/** 'SN_MAIN', or its short-string felt '0x534e5f4d41494e', → 'SN_MAIN'. */
export function starknetNetworkName(chainId: string | undefined): string {
  const raw = (chainId ?? '').trim();
  if (!/^0x[0-9a-f]+$/i.test(raw)) return raw;
  let hex = raw.slice(2).replace(/^0+/, '');
  if (hex.length % 2) hex = `0${hex}`;
  let out = '';
  for (let i = 0; i < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return out;
}

export const isStarknetMainnet = (chainId: string | undefined): boolean => starknetNetworkName(chainId) === 'SN_MAIN';

class StarknetAdapter implements EcosystemAdapter {
  readonly ecosystem = 'starknet' as const;
  private handlers = new Map<string, { obj: StarknetWindowObject; accounts: (v: unknown) => void; network: (v: unknown) => void }>();

  private spec(id: string): StarknetWallet {
    const w = STARKNET_WALLETS.find((x) => x.id === id);
    if (!w) throw new Error(`unknown wallet ${id}`);
    return w;
  }

  options(): WalletOption[] {
    return STARKNET_WALLETS.map((w) => {
      const obj = injected<StarknetWindowObject>(w.key);
      return {
        id: w.id,
        name: w.name,
        icon: obj?.icon ?? w.icon,
        group: 'starknet',
        ecosystem: 'starknet',
        installed: !!obj,
        installUrl: w.installUrl,
      };
    });
  }

  subscribe(onChange: () => void): () => void {
    return watchInjection(onChange);
  }

  async connect(optionId: string, opts: { silent?: boolean } = {}): Promise<WalletAccount> {
    const w = this.spec(optionId);
    const obj = injected<StarknetWindowObject>(w.key);
    if (!obj) {
      if (!opts.silent) openInstallPage(w.installUrl);
      throw new WalletMissingError(`Error: Please install ${w.name} first.`);
    }
    if (opts.silent && !obj.isConnected) throw new Error(`${w.name} is not connected`);
    const accounts = await obj.enable({ starknetVersion: 'v5' });
    const address = obj.selectedAddress ?? accounts[0];
    if (!address) throw new Error('The wallet returned no account');
    const network = starknetNetworkName(obj.chainId);
    if (network !== 'SN_MAIN') throw new WalletWarning(STARKNET_TESTNET_WARNING, STARKNET_WARNING_MS);
    this.follow(w.id, obj);
    return { address, network, chainId: STARKNET_CHAIN_ID };
  }

  private follow(id: string, obj: StarknetWindowObject): void {
    this.unfollow(id);
    const accounts = (v: unknown) => {
      const next = Array.isArray(v) ? (v[0] as string | undefined) : undefined;
      if (next) useEcosystemsStore.getState().updateAccount('starknet', { address: next });
      else useEcosystemsStore.getState().disconnect('starknet');
    };
    const network = (v: unknown) => {
      const name = starknetNetworkName(typeof v === 'string' ? v : obj.chainId);
      useEcosystemsStore.getState().updateAccount('starknet', { network: name });
    };
    obj.on?.('accountsChanged', accounts);
    obj.on?.('networkChanged', network);
    this.handlers.set(id, { obj, accounts, network });
  }

  private unfollow(id: string): void {
    const h = this.handlers.get(id);
    if (!h) return;
    h.obj.off?.('accountsChanged', h.accounts);
    h.obj.off?.('networkChanged', h.network);
    this.handlers.delete(id);
  }

  async disconnect(optionId: string): Promise<void> {
    this.unfollow(optionId);
  }

  notice = missingNotice;
}

let adapter: StarknetAdapter | null = null;
export function starknetAdapter(): EcosystemAdapter {
  adapter ??= new StarknetAdapter();
  return adapter;
}
