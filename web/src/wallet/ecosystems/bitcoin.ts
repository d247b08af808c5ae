import { letterIcon } from './icons';
import { injected, watchInjection } from './injected';
import { WalletMissingError, missingNotice } from './missing';
import { useEcosystemsStore } from './store';
import type { EcosystemAdapter, WalletAccount, WalletOption } from './types';

/** Bitcoin wallets: UniSat (window.unisat) and OKX (window.okxwallet.bitcoin). */
export const BITCOIN_CHAIN_ID = 999706684;
export const BITCOIN_TESTNET_CHAIN_ID = 999706677;
/** The balance is read from the wallet this often. */
export const BITCOIN_POLL_MS = 5000;

export interface BitcoinBalance {
  confirmed: number;
  unconfirmed: number;
  total: number;
}

/** The UniSat / OKX injected Bitcoin API as far as Perch uses it. */
export interface InjectedBitcoin {
  requestAccounts(): Promise<string[]>;
  getAccounts?(): Promise<string[]>;
  getNetwork?(): Promise<string>;
  getBalance(): Promise<BitcoinBalance>;
  sendBitcoin(to: string, satoshis: number, options?: { feeRate?: number }): Promise<string>;
  on?(event: 'accountsChanged' | 'networkChanged', handler: (value: unknown) => void): void;
  removeListener?(event: 'accountsChanged' | 'networkChanged', handler: (value: unknown) => void): void;
}

interface BitcoinWallet {
  id: 'unisat' | 'okxBitcoin';
  name: string;
  path: string;
  missing: string;
  installUrl: string;
  icon: string;
}

export const BITCOIN_WALLETS: readonly BitcoinWallet[] = [
  {
    id: 'unisat',
    name: 'UniSat Wallet',
    path: 'unisat',
    missing: 'UniSat Wallet is not installed',
    installUrl: 'https://unisat.io/download',
    icon: letterIcon('U', '#f7931a'),
  },
  {
    id: 'okxBitcoin',
    name: 'OKX Wallet',
    path: 'okxwallet.bitcoin',
    missing: 'OKX Wallet is not installed',
    installUrl: 'https://www.okx.com/web3',
    icon: letterIcon('O', '#000000'),
  },
];

/** 'livenet' (UniSat's name for mainnet) or anything else that is not a testnet → the mainnet id. */
export function bitcoinChainId(network: string | undefined): number {
  return /test|signet/i.test(network ?? '') ? BITCOIN_TESTNET_CHAIN_ID : BITCOIN_CHAIN_ID;
}

function walletSpec(id: string): BitcoinWallet {
  const w = BITCOIN_WALLETS.find((x) => x.id === id);
  if (!w) throw new Error(`unknown wallet ${id}`);
  return w;
}

/** The injected API of a Bitcoin wallet, or the spec's 'not installed' error. */
export function bitcoinProvider(id: string): InjectedBitcoin {
  const w = walletSpec(id);
  const p = injected<InjectedBitcoin>(w.path);
  if (!p) throw new WalletMissingError(w.missing);
  return p;
}

/** A Bitcoin transfer needs a target address. */
export class BitcoinTargetRequiredError extends Error {
  override name = 'BitcoinTargetRequiredError';
  constructor() {
    super('A Bitcoin transfer requires a target address');
  }
}

/** Sends satoshis with the connected wallet; returns the transaction id. */
export async function sendBitcoin(walletId: string, to: string, satoshis: number): Promise<string> {
  if (to.trim() === '') throw new BitcoinTargetRequiredError();
  if (!Number.isSafeInteger(satoshis) || satoshis <= 0) throw new Error('The amount must be a positive number of satoshis');
  return bitcoinProvider(walletId).sendBitcoin(to.trim(), satoshis);
}

/** Total balance in satoshis from the wallet's own API. */
export async function bitcoinBalanceSats(walletId: string): Promise<number> {
  const b = await bitcoinProvider(walletId).getBalance();
  if (!b || !Number.isFinite(b.total)) throw new Error('The wallet returned no balance');
  return b.total;
}

class BitcoinAdapter implements EcosystemAdapter {
  readonly ecosystem = 'bitcoin' as const;
  private follow: { id: string; p: InjectedBitcoin; accounts: (v: unknown) => void } | null = null;

  options(): WalletOption[] {
    return BITCOIN_WALLETS.map((w) => ({
      id: w.id,
      name: w.name,
      icon: w.icon,
      group: 'bitcoin',
      ecosystem: 'bitcoin',
      installed: !!injected(w.path),
      installUrl: w.installUrl,
    }));
  }

  subscribe(onChange: () => void): () => void {
    return watchInjection(onChange);
  }

  async connect(optionId: string, opts: { silent?: boolean } = {}): Promise<WalletAccount> {
    const p = bitcoinProvider(optionId);
    const accounts = opts.silent && p.getAccounts ? await p.getAccounts() : await p.requestAccounts();
    const address = accounts[0];
    if (!address) throw new Error(opts.silent ? 'The wallet is not connected' : 'The wallet returned no account');
    const network = p.getNetwork ? await p.getNetwork() : 'livenet';
    this.watch(optionId, p);
    return { address, network, chainId: bitcoinChainId(network) };
  }

  private watch(id: string, p: InjectedBitcoin): void {
    this.unwatch();
    const accounts = (v: unknown) => {
      const next = Array.isArray(v) ? (v[0] as string | undefined) : undefined;
      if (next) useEcosystemsStore.getState().updateAccount('bitcoin', { address: next });
      else useEcosystemsStore.getState().disconnect('bitcoin');
    };
    p.on?.('accountsChanged', accounts);
    this.follow = { id, p, accounts };
  }

  private unwatch(): void {
    if (this.follow) this.follow.p.removeListener?.('accountsChanged', this.follow.accounts);
    this.follow = null;
  }

  async disconnect(): Promise<void> {
    this.unwatch();
  }

  notice = missingNotice;
}

let adapter: BitcoinAdapter | null = null;
export function bitcoinAdapter(): EcosystemAdapter {
  adapter ??= new BitcoinAdapter();
  return adapter;
}
