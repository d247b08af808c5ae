import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount as StandardAccount } from '@wallet-standard/base';
import { WalletMissingError, missingNotice, openInstallPage } from './missing';
import type { Ecosystem, EcosystemAdapter, NonEvmGroupId, WalletAccount, WalletOption } from './types';

/**
 * An adapter over one Wallet Standard wallet (Phantom, Backpack, BenFen), found by its registered
 * name among the wallets of `getWallets()` (the 'wallet-standard:register-wallet' handshake).
 */
export interface StandardWalletSpec {
  id: string;
  /** The name the wallet registers under ('Phantom', 'Backpack'). */
  name: string;
  matches: (registeredName: string) => boolean;
  ecosystem: Ecosystem;
  group: NonEvmGroupId;
  chainId: number;
  /** The Wallet Standard chain to act on, e.g. 'solana:mainnet'. */
  chain: string;
  installUrl: string;
  /** The error when the wallet is not in the page ('no phantom' / 'no backpack'). */
  missingMessage: string;
  fallbackIcon: string;
}

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardAccount[] }>;
}
interface DisconnectFeature {
  disconnect(): Promise<void>;
}
interface EventsFeature {
  on(event: 'change', listener: (props: { accounts?: readonly StandardAccount[] }) => void): () => void;
}

function feature<T>(wallet: Wallet, name: string): T | undefined {
  return (wallet.features as Record<string, unknown>)[name] as T | undefined;
}

export class StandardWalletAdapter implements EcosystemAdapter {
  readonly ecosystem: Ecosystem;
  private account: StandardAccount | null = null;
  private offChange: (() => void) | null = null;

  constructor(
    readonly spec: StandardWalletSpec,
    private readonly onAccountChange: (address: string | null) => void = () => undefined,
  ) {
    this.ecosystem = spec.ecosystem;
  }

  /** The registered wallet, or undefined while it is not in the page. */
  wallet(): Wallet | undefined {
    return getWallets()
      .get()
      .find((w) => this.spec.matches(w.name) && !!feature(w, 'standard:connect'));
  }

  options(): WalletOption[] {
    const w = this.wallet();
    return [
      {
        id: this.spec.id,
        name: this.spec.name,
        icon: w?.icon ?? this.spec.fallbackIcon,
        group: this.spec.group,
        ecosystem: this.spec.ecosystem,
        installed: !!w,
        installUrl: this.spec.installUrl,
      },
    ];
  }

  subscribe(onChange: () => void): () => void {
    const wallets = getWallets();
    const offRegister = wallets.on('register', onChange);
    const offUnregister = wallets.on('unregister', onChange);
    return () => {
      offRegister();
      offUnregister();
    };
  }

  async connect(_optionId: string, opts: { silent?: boolean } = {}): Promise<WalletAccount> {
    const w = this.wallet();
    if (!w) {
      if (!opts.silent) openInstallPage(this.spec.installUrl);
      throw new WalletMissingError(this.spec.missingMessage);
    }
    const connect = feature<ConnectFeature>(w, 'standard:connect');
    if (!connect) throw new WalletMissingError(this.spec.missingMessage);
    const { accounts } = await connect.connect(opts.silent ? { silent: true } : undefined);
    const account = accounts.find((a) => a.chains.length === 0 || a.chains.includes(this.spec.chain as `${string}:${string}`)) ?? accounts[0];
    if (!account) throw new Error('The wallet returned no account');
    this.account = account;
    this.offChange?.();
    this.offChange =
      feature<EventsFeature>(w, 'standard:events')?.on('change', ({ accounts: next }) => {
        if (!next) return;
        this.account = next[0] ?? null;
        this.onAccountChange(this.account?.address ?? null);
      }) ?? null;
    return { address: account.address, chainId: this.spec.chainId };
  }

  async disconnect(): Promise<void> {
    this.offChange?.();
    this.offChange = null;
    this.account = null;
    const w = this.wallet();
    if (w) await feature<DisconnectFeature>(w, 'standard:disconnect')?.disconnect();
  }

  /** The connected Wallet Standard account (for signing). */
  connectedAccount(): StandardAccount | null {
    return this.account;
  }

  notice = missingNotice;
}
