import type { Chain } from '@/api/types';

/** A transaction's page on a chain's explorer ('' when the chain has none). */
export function explorerTxUrl(explorer: string | undefined, hash: string): string {
  if (!explorer || !hash) return '';
  return `${explorer.replace(/\/+$/, '')}/tx/${hash}`;
}

/** The explorer base of a chain: the network list's explorer_url, else the wallet-layer explorer ('' when none). */
export function chainExplorer(chain: Chain | undefined): string {
  return chain?.explorer_url || chain?.block_explorers?.[0]?.url || '';
}
