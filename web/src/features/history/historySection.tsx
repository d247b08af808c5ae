import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Order } from '@/api/bridge';
import type { Chain } from '@/api/types';
import { Card } from '@/components/Card';
import { TxLink } from '@/components/TxLink';

/** What a history table shows instead of its rows (sign-in prompt, loading, error, nothing yet); null when it has rows. */
export function historyEmptyText(
  t: TFunction,
  wallet: { address: string; reconnecting: boolean },
  q: { isPending: boolean; error: Error | null },
  count: number,
  emptyKey: 'history.empty' | 'history.swapsEmpty' | 'history.deploysEmpty',
): string | null {
  // A remembered wallet still reconnecting is not a logged-out visitor.
  if (!wallet.address) return wallet.reconnecting ? t('history.reconnecting') : t('history.connectPrompt');
  if (q.isPending) return t('history.loading');
  if (q.error) return t('history.error', { message: q.error.message });
  return count === 0 ? t(emptyKey) : null;
}

/** A titled part of the history page (deployments, swaps): its heading names the section for screen readers. */
export function HistorySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="history-section" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      <Card className="table-card">{children}</Card>
    </section>
  );
}

/** An order's source transaction and, once paid, its destination one. */
export function OrderTransfers({ order, chains, t }: { order: Order; chains: readonly Chain[] | undefined; t: TFunction }) {
  return (
    <>
      <TxLink chains={chains} chainId={order.src_chain_id} hash={order.src_tx_hash} label={t('history.srcTx')} />
      {order.dst_tx_hash ? (
        <>
          {' → '}
          <TxLink chains={chains} chainId={order.dst_chain_id} hash={order.dst_tx_hash} label={t('history.dstTx')} />
        </>
      ) : null}
    </>
  );
}
