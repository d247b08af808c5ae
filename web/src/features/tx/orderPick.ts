import { FINAL_ORDER_STATES, type Order } from '@/api/bridge';

/** Which order a page is about: one still on its way (/confirm) or one that arrived (/completed). */
export type OrderPageKind = 'confirm' | 'completed';

/** The order named in the address (?chain_id=…&tx_hash=…), or null. */
export function orderRef(params: URLSearchParams): { chainId: number; txHash: string } | null {
  const chainId = Number(params.get('chain_id'));
  const txHash = params.get('tx_hash') ?? '';
  if (!Number.isInteger(chainId) || chainId <= 0 || !/^0x[0-9a-fA-F]{64}$|^[1-9A-HJ-NP-Za-km-z]{43,88}$/.test(txHash)) return null;
  return { chainId, txHash };
}

/** The wallet's latest order of the page's kind: the newest not yet final, or the newest completed. */
export function latestOrder(list: readonly Order[], kind: OrderPageKind): Order | undefined {
  const wanted = (o: Order): boolean => (kind === 'confirm' ? !FINAL_ORDER_STATES.includes(o.state) : o.state === 'completed');
  return [...list].filter(wanted).sort((a, b) => b.created_at - a.created_at || b.updated_at - a.updated_at)[0];
}

/** The address of an order's page (the other page once it arrived or while it travels). */
export function orderPagePath(kind: OrderPageKind, order: Pick<Order, 'src_chain_id' | 'src_tx_hash'>): string {
  const q = new URLSearchParams({ chain_id: String(order.src_chain_id), tx_hash: order.src_tx_hash });
  return `/${kind}?${q.toString()}`;
}
