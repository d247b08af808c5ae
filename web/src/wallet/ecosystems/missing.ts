import type { WalletNotice } from '../errors';

/** The wallet is not in the page; its message is the spec's text (e.g. 'no phantom'). */
export class WalletMissingError extends Error {
  override name = 'WalletMissingError';
}

/** A warning the adapter wants shown as is (e.g. the Starknet testnet warning, for `durationMs`). */
export class WalletWarning extends Error {
  override name = 'WalletWarning';
  constructor(
    message: string,
    readonly durationMs?: number,
  ) {
    super(message);
  }
}

/** Opens a wallet's site in a new tab: what a user without the wallet needs. */
export function openInstallPage(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Notices for the adapters' own errors; anything else goes to the generic mapping (null). */
export function missingNotice(err: unknown): WalletNotice | null {
  if (err instanceof WalletMissingError) return { level: 'warning', message: err.message, reset: true };
  if (err instanceof WalletWarning) {
    const notice: WalletNotice = { level: 'warning', message: err.message, reset: true };
    return err.durationMs ? { ...notice, durationMs: err.durationMs } : notice;
  }
  return null;
}
