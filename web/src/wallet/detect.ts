/**
 * Whether the page holds a browser wallet, found without the wallet runtime (no wagmi, no viem):
 * an injected provider (window.ethereum, window.gatewallet) or an EIP-6963 announcement.
 */

/** A provider an extension injected into the page before the app's scripts ran. */
export function hasInjectedWallet(win: Window = window): boolean {
  const w = win as unknown as { ethereum?: unknown; gatewallet?: unknown };
  return !!w.ethereum || !!w.gatewallet;
}

const ANNOUNCE = 'eip6963:announceProvider';
const REQUEST = 'eip6963:requestProvider';

/**
 * Calls `onFound` once, when a wallet is in the page: at once for an injected provider, else at the
 * first EIP-6963 announcement (the request below makes the installed wallets announce themselves; a
 * wallet that loads later announces itself). Returns the listener's removal.
 */
export function watchForWallet(onFound: () => void, win: Window = window): () => void {
  if (hasInjectedWallet(win)) {
    onFound();
    return () => undefined;
  }
  let found = false;
  const onAnnounce = (): void => {
    if (found) return;
    found = true;
    win.removeEventListener(ANNOUNCE, onAnnounce);
    onFound();
  };
  win.addEventListener(ANNOUNCE, onAnnounce);
  win.dispatchEvent(new Event(REQUEST));
  return () => win.removeEventListener(ANNOUNCE, onAnnounce);
}
