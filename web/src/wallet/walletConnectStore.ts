import { create } from 'zustand';

/** The WalletConnect pairing shown in the QR modal. Light: no WalletConnect code here. */
export type WalletConnectPairing =
  | { status: 'idle' }
  | { status: 'pairing' }
  | { status: 'ready'; uri: string }
  | { status: 'failed'; reason: string }
  /** The relay gave no link in time (offline, or its address is blocked). */
  | { status: 'timeout' };

export const useWalletConnectPairing = create<{ pairing: WalletConnectPairing }>()(() => ({ pairing: { status: 'idle' } }));

export const setPairing = (pairing: WalletConnectPairing): void => useWalletConnectPairing.setState({ pairing });
