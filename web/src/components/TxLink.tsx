import type { Chain } from '@/api/types';
import { chainExplorer, explorerTxUrl } from '@/lib/explorer';
import { shortenAddress } from '@/lib/string';

/** A transaction hash, shortened, linking to its explorer page when the chain has an explorer. */
export function TxLink({ chains, chainId, hash, label }: { chains: readonly Chain[] | undefined; chainId: number; hash: string; label: string }) {
  const url = explorerTxUrl(chainExplorer(chains?.find((c) => c.chain_id === chainId)), hash);
  const text = shortenAddress(hash);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" className="tx-link" aria-label={label} data-hash={hash}>
      {text}
    </a>
  ) : (
    <span className="tx-link" aria-label={label} data-hash={hash}>
      {text}
    </span>
  );
}
