import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FINAL_ORDER_STATES, getOrder, orderQueryKey, orderStreamUrl, type Order } from '@/api/bridge';
import { logger } from '@/lib/logger';

/** Polling period while the event stream is not available (fallback) and as a slow safety net. */
export const ORDER_POLL_MS = 2_000;
export const ORDER_SAFETY_POLL_MS = 15_000;

export const isFinalOrder = (o: Order | null | undefined): boolean => !!o && FINAL_ORDER_STATES.includes(o.state);

/**
 * How often GET order is asked: never once settled; a dropped deposit slowly (the server revives it
 * when its transaction is mined again in another block, and its stream has ended); otherwise every
 * 2 s without the stream, or as a slow safety net beside it.
 */
export function orderPollInterval(order: Order | null | undefined, streaming: boolean): number | false {
  if (order?.state === 'dropped') return ORDER_SAFETY_POLL_MS;
  if (isFinalOrder(order)) return false;
  return streaming ? ORDER_SAFETY_POLL_MS : ORDER_POLL_MS;
}

/** Parses one `event: order` payload: an Order, or null while the deposit is not seen yet. */
export function parseOrderEvent(data: string): Order | null {
  const value = JSON.parse(data) as unknown;
  if (value === null) return null;
  if (typeof value !== 'object' || typeof (value as { state?: unknown }).state !== 'string') throw new Error('not an order');
  return value as Order;
}

/**
 * Follows an order: an EventSource on order/stream pushes every change into the react-query
 * cache; when the stream is unavailable or breaks before a final state, GET order is polled
 * every 2 s instead. Completed orders refresh balances and history.
 */
export function useOrderTracking(chainId: number, txHash: string) {
  const queryClient = useQueryClient();
  const key = orderQueryKey(chainId, txHash);
  const [streaming, setStreaming] = useState(typeof EventSource !== 'undefined');

  useEffect(() => {
    if (typeof EventSource === 'undefined' || !txHash) {
      setStreaming(false);
      return;
    }
    setStreaming(true);
    const es = new EventSource(orderStreamUrl(chainId, txHash));
    let done = false;
    es.addEventListener('order', (ev) => {
      try {
        const order = parseOrderEvent((ev as MessageEvent<string>).data);
        queryClient.setQueryData(orderQueryKey(chainId, txHash), order);
        if (isFinalOrder(order)) {
          done = true;
          es.close();
        }
      } catch (err) {
        logger.warn('bad order event', err);
      }
    });
    es.onerror = () => {
      // The server ends the stream after a final state; any other end falls back to polling.
      es.close();
      if (!done) setStreaming(false);
    };
    return () => es.close();
  }, [chainId, txHash, queryClient]);

  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getOrder(chainId, txHash, signal),
    enabled: txHash !== '',
    retry: 2,
    refetchInterval: (q) => orderPollInterval(q.state.data, streaming),
  });

  const final = isFinalOrder(query.data);
  useEffect(() => {
    if (!final) return;
    void queryClient.invalidateQueries({ queryKey: ['multi-balance'] });
    void queryClient.invalidateQueries({ queryKey: ['bridge-history'] });
    void queryClient.invalidateQueries({ queryKey: ['wallet-balance'] });
  }, [final, queryClient]);

  return { order: query.data ?? null, streaming, error: query.error };
}
