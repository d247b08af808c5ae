import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Wallet } from '@wallet-standard/base';
import { BITCOIN_CHAIN_ID, BITCOIN_TESTNET_CHAIN_ID, bitcoinChainId, sendBitcoin } from './bitcoin';
import { FUEL_ACCOUNT_MISMATCH, authorizedAccount } from './fuel';
import { autoReconnectEcosystems, connectOption, disconnectEcosystem, loadOptions } from './registry';
import { signAndSendSolanaTransaction } from './solana';
import { STARKNET_TESTNET_WARNING, isStarknetMainnet, starknetNetworkName } from './starknet';
import { useEcosystemsStore } from './store';

type AnyWindow = Window & Record<string, unknown>;
const win = window as unknown as AnyWindow;

const SOL_ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';

/** A Wallet Standard wallet registered the way an extension does it (the register-wallet event). */
function registerWallet(name: string, extra: Record<string, unknown> = {}) {
  const calls: { connect: { silent?: boolean }[]; sent: Uint8Array[] } = { connect: [], sent: [] };
  const account = { address: SOL_ADDRESS, publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] };
  const listeners: ((p: unknown) => void)[] = [];
  const wallet = {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,AA==',
    chains: ['solana:mainnet'],
    accounts: [] as unknown[],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          calls.connect.push(input ?? {});
          return { accounts: [account] };
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_e: string, l: (p: unknown) => void) => {
          listeners.push(l);
          return () => listeners.splice(listeners.indexOf(l), 1);
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (input: { transaction: Uint8Array }) => {
          calls.sent.push(input.transaction);
          return [{ signature: new Uint8Array(64).fill(1) }];
        },
      },
      ...extra,
    },
  } as unknown as Wallet;
  let unregister = () => {};
  const callback = ({ register }: { register: (w: Wallet) => () => void }) => {
    unregister = register(wallet);
  };
  window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: callback }));
  return { calls, emit: (p: unknown) => listeners.forEach((l) => l(p)), unregister: () => unregister() };
}

let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  open = vi.fn();
  vi.stubGlobal('open', open);
  useEcosystemsStore.getState().reset();
  localStorage.clear();
});
afterEach(() => {
  for (const k of ['starknet_argentX', 'starknet_braavos', 'fuel', 'unisat', 'okxwallet']) delete win[k];
  vi.unstubAllGlobals();
});

/** Runs `test` with a Phantom registered in the page; afterwards it is disconnected and unregistered, even on failure. */
async function withPhantom(test: (w: ReturnType<typeof registerWallet>) => Promise<void>) {
  const w = registerWallet('Phantom');
  try {
    await test(w);
  } finally {
    await disconnectEcosystem('solana');
    w.unregister();
  }
}

describe('Solana and Backpack (Wallet Standard)', () => {
  it("a missing Phantom gives 'no phantom' and opens its site; nothing is connected", async () => {
    const r = await connectOption('phantom');
    expect(r).toEqual({ ok: false, notice: { level: 'warning', message: 'no phantom', reset: true } });
    expect(open).toHaveBeenCalledWith('https://phantom.com/', '_blank', 'noopener,noreferrer');
    expect(useEcosystemsStore.getState().accounts.solana).toBeUndefined();
  });

  it("a missing Backpack gives 'no backpack'", async () => {
    const r = await connectOption('backpack');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.notice?.message).toBe('no backpack');
    expect(open).toHaveBeenCalledWith('https://backpack.app/', '_blank', 'noopener,noreferrer');
  });

  it('finds a registered Phantom by name, connects, remembers it and follows account changes', async () => {
    await withPhantom(async (w) => {
    const phantom = (await loadOptions()).find((o) => o.id === 'phantom');
    expect(phantom).toMatchObject({ installed: true, group: 'solana', ecosystem: 'solana', icon: 'data:image/svg+xml;base64,AA==' });
    const r = await connectOption('phantom');
    expect(r).toEqual({ ok: true, account: { address: SOL_ADDRESS, chainId: 83797601 } });
    expect(useEcosystemsStore.getState().accounts.solana).toMatchObject({ address: SOL_ADDRESS, walletId: 'phantom', walletName: 'Phantom' });
    expect(JSON.parse(localStorage.getItem('perch-ecosystems') ?? '{}')).toEqual({
      state: { remembered: { solana: { walletId: 'phantom', walletName: 'Phantom' } } },
      version: 1,
    });
    const other = '11111111111111111111111111111111';
    w.emit({ accounts: [{ address: other, publicKey: new Uint8Array(32), chains: [], features: [] }] });
    expect(useEcosystemsStore.getState().accounts.solana?.address).toBe(other);
    w.emit({ accounts: [] });
    expect(useEcosystemsStore.getState().accounts.solana).toBeUndefined();
    });
  });

  it('signs and sends the server transaction through solana:signAndSendTransaction and returns the base58 signature', async () => {
    await withPhantom(async (w) => {
    await expect(signAndSendSolanaTransaction('AQID')).rejects.toThrow('Connect a Solana wallet first');
    await connectOption('phantom');
    const sig = await signAndSendSolanaTransaction('AQID');
    expect(Array.from(w.calls.sent[0] ?? [])).toEqual([1, 2, 3]);
    expect(sig).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    });
  });

  it('reconnects the remembered wallet silently; a failing one is forgotten', async () => {
    await withPhantom(async (w) => {
    useEcosystemsStore.setState({ remembered: { solana: { walletId: 'phantom', walletName: 'Phantom' }, eclipse: { walletId: 'backpack', walletName: 'Backpack' } } });
    expect(await autoReconnectEcosystems()).toEqual(['solana']);
    expect(w.calls.connect).toEqual([{ silent: true }]);
    expect(open).not.toHaveBeenCalled(); // a silent reconnect never opens a site
    expect(useEcosystemsStore.getState().remembered).toEqual({ solana: { walletId: 'phantom', walletName: 'Phantom' } });
    });
  });
});

describe('Starknet', () => {
  const argent = (chainId: string) => ({
    id: 'argentX',
    name: 'Argent X',
    chainId,
    selectedAddress: '0x0123',
    isConnected: true,
    enable: vi.fn(async () => ['0x0123']),
  });

  it('reads the network from a name or its short-string felt', () => {
    expect(starknetNetworkName('0x534e5f4d41494e')).toBe('SN_MAIN');
    expect(starknetNetworkName('0x534e5f5345504f4c4941')).toBe('SN_SEPOLIA');
    expect(isStarknetMainnet('SN_MAIN')).toBe(true);
    expect(isStarknetMainnet('SN_GOERLI')).toBe(false);
    expect(isStarknetMainnet(undefined)).toBe(false);
  });

  it('connects on mainnet with the network in the account', async () => {
    win.starknet_argentX = argent('0x534e5f4d41494e');
    const r = await connectOption('argentX');
    expect(r).toEqual({ ok: true, account: { address: '0x0123', network: 'SN_MAIN', chainId: 666666666 } });
  });

  it('a testnet gives the 8 s warning and connects nothing', async () => {
    win.starknet_braavos = { ...argent('SN_SEPOLIA'), id: 'braavos', name: 'Braavos' };
    const r = await connectOption('braavos');
    expect(r).toEqual({ ok: false, notice: { level: 'warning', message: STARKNET_TESTNET_WARNING, reset: true, durationMs: 8000 } });
    expect(useEcosystemsStore.getState().accounts.starknet).toBeUndefined();
  });

  it('a missing wallet opens its install page', async () => {
    const r = await connectOption('argentX');
    expect(!r.ok && r.notice?.message).toBe('Error: Please install Argent X first.');
    expect(open).toHaveBeenCalledWith('https://www.argent.xyz/argent-x/', '_blank', 'noopener,noreferrer');
  });
});

describe('Fuel', () => {
  const fuel = (current: string | Error, accounts: string[]) => ({
    connect: vi.fn(async () => true),
    disconnect: vi.fn(async () => true),
    isConnected: vi.fn(async () => true),
    accounts: vi.fn(async () => accounts),
    currentAccount: vi.fn(async () => {
      if (current instanceof Error) throw current;
      return current;
    }),
    on: vi.fn(),
    off: vi.fn(),
  });

  it('checks the current account against the authorised ones', () => {
    expect(authorizedAccount('0xAB', ['0xab'])).toBe('0xAB');
    expect(() => authorizedAccount('0xcd', ['0xab'])).toThrow(FUEL_ACCOUNT_MISMATCH);
    expect(() => authorizedAccount(null, [])).toThrow(FUEL_ACCOUNT_MISMATCH);
  });

  it('connects an authorised account', async () => {
    win.fuel = fuel('0xab', ['0xab']);
    expect(await connectOption('fuel')).toEqual({ ok: true, account: { address: '0xab', chainId: 9889 } });
  });

  it.each([
    ['the wallet answers with another account', '0xcd'],
    ['the wallet throws', new Error(FUEL_ACCOUNT_MISMATCH)],
  ])('an account mismatch (%s) shows the spec message', async (_what, current) => {
    win.fuel = fuel(current, ['0xab']);
    const r = await connectOption('fuel');
    expect(r).toEqual({ ok: false, notice: { level: 'error', message: FUEL_ACCOUNT_MISMATCH, reset: true } });
    expect(useEcosystemsStore.getState().accounts.fuel).toBeUndefined();
  });
});

describe('Bitcoin', () => {
  const btc = (network: string) => ({
    requestAccounts: vi.fn(async () => ['bc1qexample']),
    getNetwork: vi.fn(async () => network),
    getBalance: vi.fn(async () => ({ confirmed: 1, unconfirmed: 0, total: 1 })),
    sendBitcoin: vi.fn(async () => 'txid'),
  });

  it('names the missing wallet', async () => {
    const u = await connectOption('unisat');
    expect(!u.ok && u.notice?.message).toBe('UniSat Wallet is not installed');
    const o = await connectOption('okxBitcoin');
    expect(!o.ok && o.notice?.message).toBe('OKX Wallet is not installed');
  });

  it('connects UniSat and OKX with the network as the chain id', async () => {
    win.unisat = btc('livenet');
    win.okxwallet = { bitcoin: btc('testnet') };
    expect(await connectOption('unisat')).toEqual({ ok: true, account: { address: 'bc1qexample', network: 'livenet', chainId: BITCOIN_CHAIN_ID } });
    expect(await connectOption('okxBitcoin')).toEqual({
      ok: true,
      account: { address: 'bc1qexample', network: 'testnet', chainId: BITCOIN_TESTNET_CHAIN_ID },
    });
    expect(bitcoinChainId('signet')).toBe(BITCOIN_TESTNET_CHAIN_ID);
  });

  it('a transfer requires a target address', async () => {
    const p = btc('livenet');
    win.unisat = p;
    await expect(sendBitcoin('unisat', '  ', 1000)).rejects.toThrow('A Bitcoin transfer requires a target address');
    await expect(sendBitcoin('unisat', 'bc1qtarget', 0)).rejects.toThrow('positive');
    expect(p.sendBitcoin).not.toHaveBeenCalled();
    expect(await sendBitcoin('unisat', 'bc1qtarget', 1000)).toBe('txid');
  });
});

describe('the ecosystems store', () => {
  it('drops a corrupt remembered entry instead of reconnecting to it', async () => {
    localStorage.setItem('perch-ecosystems', JSON.stringify({ state: { remembered: { solana: { walletId: 3 } } }, version: 1 }));
    await useEcosystemsStore.persist.rehydrate();
    expect(useEcosystemsStore.getState().remembered).toEqual({});
  });
});
