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

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/** True when every RPC URL of the chain is on this machine: a local devnet, whose transactions no public explorer has. */
export function isLocalChain(chain: Pick<Chain, 'rpc_urls'>): boolean {
  const urls = chain.rpc_urls ?? [];
  if (urls.length === 0) return false;
  return urls.every((u) => {
    try {
      return LOOPBACK.test(new URL(u).hostname);
    } catch {
      return false;
    }
  });
}

/**
 * The chain as a history list should link it: a local devnet chain keeps the public network's
 * explorer in the chain list, which does not have the devnet's transactions, so it gets none.
 */
export function withoutLocalExplorer(chain: Chain): Chain {
  return isLocalChain(chain) ? { ...chain, explorer_url: '', block_explorers: [] } : chain;
}
