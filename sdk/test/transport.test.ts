import { describe, expect, it } from 'vitest';
import { PerchClient, type CallInit } from '../src/client.js';

// No server needed: a transport answers (the Perch app passes its own, see web/src/api/bridge.ts).
describe('PerchClient with a transport', () => {
  it('hands every call (path, query or body, signal) to the transport and returns what it answers', async () => {
    const calls: [string, CallInit][] = [];
    const client = new PerchClient({
      baseUrl: 'https://unused.example',
      transport: async <T>(path: string, init: CallInit) => {
        calls.push([path, init]);
        return (path.endsWith('/order') ? null : { path }) as T;
      },
    });
    const signal = new AbortController().signal;
    await expect(client.quote({ from_chain_id: 1, to_chain_id: 10, token: 'ETH', amount: '1' }, signal)).resolves.toEqual({ path: '/api/bridge_api/v1/quote' });
    await expect(client.order(1, '0xabc')).resolves.toBeNull();
    await client.buildTx({ from_chain_id: 1, to_chain_id: 10, token: 'ETH', amount: '1', sender: '0xa', recipient: '0xb' });
    expect(calls).toEqual([
      ['/api/bridge_api/v1/quote', { query: { from_chain_id: 1, to_chain_id: 10, token: 'ETH', amount: '1' }, signal }],
      ['/api/bridge_api/v1/order', { query: { chain_id: 1, tx_hash: '0xabc' }, signal: undefined }],
      ['/api/bridge_api/v1/build_tx', { body: { from_chain_id: 1, to_chain_id: 10, token: 'ETH', amount: '1', sender: '0xa', recipient: '0xb' }, signal: undefined }],
    ]);
  });
});
