import { describe, expect, it, vi } from 'vitest';
import { PerchClient } from '../../../sdk/src/client';
import { mockApi, ok } from '@/test/mockApi';
import { ApiError, configureApiOrigin } from './client';
import { buildBridgeTx, getHistory, getOrder, getQuote } from './bridge';

describe("the app's bridge calls are @perch/sdk's client", () => {
  it('quote, build_tx, order and history go through PerchClient, over the app transport (its origin and ApiError)', async () => {
    const quote = vi.spyOn(PerchClient.prototype, 'quote');
    const buildTx = vi.spyOn(PerchClient.prototype, 'buildTx');
    const order = vi.spyOn(PerchClient.prototype, 'order');
    const history = vi.spyOn(PerchClient.prototype, 'history');
    const fetchMock = mockApi({
      '/api/bridge_api/v1/quote': () => ok({ receive_amount: '0.99' }),
      '/api/bridge_api/v1/build_tx': () => ok({ tx: { to: '0x1' } }),
      '/api/bridge_api/v1/order': () => ok(null),
      '/api/bridge_api/v1/history': () => ({ status: 500, body: { code: 500, msg: 'store down', data: null } }),
    });
    configureApiOrigin('https://perch.example');
    try {
      await expect(getQuote({ fromChainId: 8453, toChainId: 42161, token: 'ETH', amount: '1' })).resolves.toEqual({ receive_amount: '0.99' });
      expect(quote).toHaveBeenCalledWith(expect.objectContaining({ from_chain_id: 8453, to_chain_id: 42161, token: 'ETH', amount: '1' }), undefined);
      await buildBridgeTx({ fromChainId: 8453, toChainId: 42161, token: 'ETH', amount: '1', sender: '0xa', recipient: '0xb', channel: 7 });
      expect(buildTx).toHaveBeenCalledWith({ from_chain_id: 8453, to_chain_id: 42161, token: 'ETH', amount: '1', sender: '0xa', recipient: '0xb', channel: 7 }, undefined);
      await expect(getOrder(8453, '0xabc')).resolves.toBeNull();
      expect(order).toHaveBeenCalledWith(8453, '0xabc', undefined);
      const failed = getHistory({ address: '0xa', page: 1, size: 10 });
      await expect(failed).rejects.toBeInstanceOf(ApiError);
      await expect(failed).rejects.toMatchObject({ kind: 'http', status: 500, message: 'store down' });
      expect(history).toHaveBeenCalled();
      const urls = fetchMock.mock.calls.map(([u]) => String(u));
      expect(urls[0]).toBe('https://perch.example/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=ETH&amount=1');
      expect(urls.slice(1).map((u) => new URL(u).pathname)).toEqual(['/api/bridge_api/v1/build_tx', '/api/bridge_api/v1/order', '/api/bridge_api/v1/history']);
      expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    } finally {
      configureApiOrigin('');
    }
  });
});
