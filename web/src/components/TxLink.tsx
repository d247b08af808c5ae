import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chain } from '@/api/types';
import { toast } from '@/features/toast/store';
import { copyText } from '@/lib/clipboard';
import { chainExplorer, explorerTxUrl } from '@/lib/explorer';
import { shortenAddress } from '@/lib/string';

type TxHashProps = {
  /** The explorer page ('' or null when the chain has no explorer, e.g. a local devnet). */
  url: string | null | undefined;
  hash: string;
  label: string;
  testId?: string;
  className?: string;
  /** The link's text; the shortened hash when omitted. */
  children?: ReactNode;
};

/**
 * A transaction: a link to its explorer page, or, where the chain has no explorer, the shortened
 * hash with a copy button, never a link to another network's explorer. `data-tx-hash` names the
 * hash either way, so tests and tools read it without parsing a URL.
 */
export function TxHash({ url, hash, label, testId, className = 'tx-link', children }: TxHashProps) {
  const { t } = useTranslation();
  const text = shortenAddress(hash);
  if (url) {
    return (
      <a href={url} target="_blank" rel="noreferrer" className={className} aria-label={label} data-hash={hash} data-tx-hash={hash} data-testid={testId}>
        {children ?? text}
      </a>
    );
  }
  const copy = async () => {
    if (await copyText(hash)) toast.success(t('wallet.copySucceeded'));
    else toast.error(t('wallet.copyFailed'));
  };
  return (
    <span className="tx-hash" aria-label={label} data-hash={hash} data-tx-hash={hash} data-testid={testId}>
      <span className="tx-link" title={hash}>
        {text}
      </span>
      <button type="button" className="tx-hash__copy" aria-label={t('txSteps.copyHash', { hash: text })} onClick={() => void copy()}>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </svg>
      </button>
    </span>
  );
}

/** A transaction hash on a chain, linking to its explorer page when the chain has an explorer. */
export function TxLink({ chains, chainId, hash, label }: { chains: readonly Chain[] | undefined; chainId: number; hash: string; label: string }) {
  const url = explorerTxUrl(chainExplorer(chains?.find((c) => c.chain_id === chainId)), hash);
  return <TxHash url={url} hash={hash} label={label} />;
}
