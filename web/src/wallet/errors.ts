/** Wallet connection errors mapped to what the user sees. */
export interface WalletNotice {
  level: 'warning' | 'error';
  message: string;
  /** The wallet state resets (disconnect) after this error. */
  reset: boolean;
  /** Show the wallet-conflict tutorial link with the message (connector not found). */
  tutorial?: boolean;
  /** Where to get the wallet (the 'not installed' warning). */
  installUrl?: string;
  /** Shown this long, then cleared (e.g. the Starknet testnet warning, 8 s). */
  durationMs?: number;
}

export const USER_REJECTED = 'User rejected the request.';
export const RESOURCE_UNAVAILABLE = 'Requested resource not available.';

export const notInstalledMessage = (wallet: string): string => `Error: Please install ${wallet} first.`;

/** Wallet not installed: a warning, with the wallet's install link when it has one. */
export const notInstalledNotice = (wallet: string, installUrl?: string): WalletNotice => ({
  level: 'warning',
  message: notInstalledMessage(wallet),
  reset: true,
  ...(installUrl ? { installUrl } : {}),
});

export const connectorNotFoundMessage = (wallet: string): string =>
  `${wallet} may conflict with other wallets, or it may not be installed. To resolve this issue, please disable other wallets or install ${wallet}.`;

/** Connector not found: the message with a tutorial link, then a reset. */
export const connectorNotFoundNotice = (wallet: string): WalletNotice => ({
  level: 'error',
  message: connectorNotFoundMessage(wallet),
  reset: true,
  tutorial: true,
});

interface ErrLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  cause?: unknown;
}

function walk(err: unknown): ErrLike[] {
  const out: ErrLike[] = [];
  let cur: unknown = err;
  for (let i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    out.push(cur as ErrLike);
    cur = (cur as ErrLike).cause;
  }
  return out;
}

/** Maps a connect failure to a notice; null when the user simply closed something (quiet). */
export function connectErrorNotice(err: unknown, wallet: string): WalletNotice | null {
  const chain = walk(err);
  const names = chain.map((e) => String(e.name ?? ''));
  const codes = chain.map((e) => e.code);
  const text = chain.map((e) => `${String(e.shortMessage ?? '')} ${String(e.message ?? '')}`).join(' ');
  if (codes.includes(4001) || names.includes('UserRejectedRequestError') || /user rejected/i.test(text)) {
    return { level: 'warning', message: USER_REJECTED, reset: true };
  }
  if (codes.includes(-32002) || names.includes('ResourceUnavailableRpcError') || /resource not available/i.test(text)) {
    return { level: 'warning', message: RESOURCE_UNAVAILABLE, reset: false };
  }
  if (names.includes('ProviderNotFoundError') || /provider not found/i.test(text)) {
    return { level: 'warning', message: notInstalledMessage(wallet), reset: true };
  }
  if (names.includes('ConnectorNotFoundError') || /connector not found/i.test(text)) {
    return connectorNotFoundNotice(wallet);
  }
  if (/closed modal|modal closed/i.test(text)) return null;
  const first = chain[0];
  const message = first ? String(first.shortMessage ?? first.message ?? 'Connection failed') : 'Connection failed';
  return { level: 'error', message, reset: true };
}
