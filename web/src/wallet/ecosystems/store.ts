import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Ecosystem, WalletAccount } from './types';

/**
 * The non-EVM wallets' state: one connected account per ecosystem, and per
 * ecosystem the wallet the user chose (remembered across reloads for the auto-reconnect).
 * The EVM wallet stays in ../store.ts.
 */
export interface EcosystemConnection extends WalletAccount {
  /** The WalletOption id, e.g. 'phantom'. */
  walletId: string;
  walletName: string;
}

export interface RememberedWallet {
  walletId: string;
  walletName: string;
}

export interface EcosystemsState {
  accounts: Partial<Record<Ecosystem, EcosystemConnection>>;
  /** Persisted: the wallet to reconnect per ecosystem (the store's connected flag and chosen wallet). */
  remembered: Partial<Record<Ecosystem, RememberedWallet>>;
  /** The wallet being connected per ecosystem (its option id). */
  connecting: Partial<Record<Ecosystem, string>>;
  setConnecting: (ecosystem: Ecosystem, walletId: string) => void;
  setConnected: (ecosystem: Ecosystem, connection: EcosystemConnection) => void;
  /** The wallet reported another account or network without a new connect. */
  updateAccount: (ecosystem: Ecosystem, patch: Partial<WalletAccount>) => void;
  /** A failed connect: nothing connected, nothing remembered for that ecosystem. */
  connectFailed: (ecosystem: Ecosystem) => void;
  disconnect: (ecosystem: Ecosystem) => void;
  reset: () => void;
}

const without = <T extends object>(rec: T, key: keyof T): T => {
  const next = { ...rec };
  delete next[key];
  return next;
};

export const ECOSYSTEMS_STORE_VERSION = 1;

export const useEcosystemsStore = create<EcosystemsState>()(
  persist(
    (set) => ({
      accounts: {},
      remembered: {},
      connecting: {},
      setConnecting: (eco, walletId) => set((s) => ({ connecting: { ...s.connecting, [eco]: walletId } })),
      setConnected: (eco, c) =>
        set((s) => ({
          accounts: { ...s.accounts, [eco]: c },
          remembered: { ...s.remembered, [eco]: { walletId: c.walletId, walletName: c.walletName } },
          connecting: without(s.connecting, eco),
        })),
      updateAccount: (eco, patch) =>
        set((s) => {
          const cur = s.accounts[eco];
          return cur ? { accounts: { ...s.accounts, [eco]: { ...cur, ...patch } } } : {};
        }),
      connectFailed: (eco) =>
        set((s) => ({ accounts: without(s.accounts, eco), remembered: without(s.remembered, eco), connecting: without(s.connecting, eco) })),
      disconnect: (eco) =>
        set((s) => ({ accounts: without(s.accounts, eco), remembered: without(s.remembered, eco), connecting: without(s.connecting, eco) })),
      reset: () => set({ accounts: {}, remembered: {}, connecting: {} }),
    }),
    {
      name: 'perch-ecosystems',
      version: ECOSYSTEMS_STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ remembered: s.remembered }),
      migrate: (persisted) => {
        const p = (persisted ?? {}) as Partial<EcosystemsState>;
        return { remembered: isRememberedMap(p.remembered) ? p.remembered : {} };
      },
      // A hand-edited or corrupt entry is dropped rather than reconnecting to something unknown.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<EcosystemsState>;
        return { ...current, remembered: isRememberedMap(p.remembered) ? p.remembered : {} };
      },
    },
  ),
);

function isRememberedMap(v: unknown): v is Partial<Record<Ecosystem, RememberedWallet>> {
  if (!v || typeof v !== 'object') return false;
  return Object.values(v as Record<string, unknown>).every(
    (w) => !!w && typeof w === 'object' && typeof (w as RememberedWallet).walletId === 'string' && typeof (w as RememberedWallet).walletName === 'string',
  );
}

/** The connected account of one ecosystem (undefined when none). */
export const useEcosystemAccount = (ecosystem: Ecosystem): EcosystemConnection | undefined => useEcosystemsStore((s) => s.accounts[ecosystem]);
