import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ApiError } from '@/api/client';
import { getAuthNonce, postAuthLogout, postAuthVerify } from '@/api/rewards';
import i18n from '@/i18n';
import { logger } from '@/lib/logger';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';
import { siweMessage } from './siwe';

/** Sessions last this long on the client's side; the server's cookie decides for real. */
const SESSION_HOURS = 24;

interface SessionState {
  /** The wallet (lower case) whose signed session cookie the browser holds, or ''. */
  address: string;
  expiresAt: number;
  setSignedIn: (address: string, expiresAt: number) => void;
  clear: () => void;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      address: '',
      expiresAt: 0,
      setSignedIn: (address, expiresAt) => set({ address: address.toLowerCase(), expiresAt }),
      clear: () => set({ address: '', expiresAt: 0 }),
    }),
    { name: 'perch-session', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);

export function hasSession(address: string, now = Date.now()): boolean {
  const s = useSessionStore.getState();
  return !!address && s.address === address.toLowerCase() && s.expiresAt > now;
}

let pending: Promise<void> | null = null;

/** Signs the EIP-4361 message with the connected wallet and trades it for the session cookie. */
export async function signIn(address: string): Promise<void> {
  if (pending) return pending;
  pending = (async () => {
    const config = useWalletRuntime.getState().config;
    if (!config) throw new Error(i18n.t('auth.noWallet'));
    const { getConnection, signMessage } = await import('wagmi/actions');
    const nonce = await getAuthNonce();
    const conn = getConnection(config);
    const now = new Date();
    const message = siweMessage({
      domain: window.location.host,
      address,
      statement: i18n.t('auth.statement'),
      uri: window.location.origin,
      chainId: conn.chainId ?? 1,
      nonce,
      issuedAt: now,
      expirationTime: new Date(now.getTime() + SESSION_HOURS * 3_600_000),
    });
    const signature = await signMessage(config, { message, account: address as `0x${string}` });
    await postAuthVerify(message, signature);
    useSessionStore.getState().setSignedIn(address, now.getTime() + SESSION_HOURS * 3_600_000);
  })();
  try {
    await pending;
  } finally {
    pending = null;
  }
}

export async function signOut(): Promise<void> {
  useSessionStore.getState().clear();
  try {
    await postAuthLogout();
  } catch (err) {
    logger.warn('sign-out failed', err);
  }
}

const isAuthError = (err: unknown): boolean => err instanceof ApiError && (err.status === 401 || err.status === 403);

/**
 * Runs a write that acts for `address` under that wallet's session: signs in first when there is
 * none, and once more when the server says the session is missing or belongs to another wallet.
 */
export async function withSession<T>(address: string, write: () => Promise<T>): Promise<T> {
  if (!hasSession(address)) await signIn(address);
  try {
    return await write();
  } catch (err) {
    if (!isAuthError(err)) throw err;
    useSessionStore.getState().clear();
    await signIn(address);
    return write();
  }
}

/** Disconnecting the wallet ends its session on the server too; switching account forgets it locally. */
useWalletStore.subscribe((state, prev) => {
  if (prev.address && !state.address && useSessionStore.getState().address) void signOut();
  else if (state.address && prev.address && state.address.toLowerCase() !== prev.address.toLowerCase()) useSessionStore.getState().clear();
});
