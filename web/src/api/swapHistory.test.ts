import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client';
import { getSwapHistory, recordSwap, recordSwapInBackground, swapHistoryKey } from './swapHistory';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const rec = { chain_id: 31337, tx_hash: '0xab', sender: '0x1', recipient: '0x1', token_in: { symbol: 'ETH', amount: '1' }, token_out: { symbol: 'USDC', amount: '2000' }, swapped_at: 1 };

afterEach(() => configureApiClient({ getUserId: () => '' }));

describe('swap history api', () => {
  it('POSTs {chain_id, tx_hash} to swap_api/v1/swaps', async () => {
    const f = vi.fn(async (_i: RequestInfo | URL, _init?: RequestInit) => json({ code: 0, msg: 'success', data: rec }));
    configureApiClient({ fetch: f as unknown as typeof fetch });
    await expect(recordSwap(31337, '0xab')).resolves.toEqual(rec);
    expect(f.mock.calls[0]?.[0]).toBe('/api/swap_api/v1/swaps');
    expect(f.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(f.mock.calls[0]?.[1]?.body).toBe('{"chain_id":31337,"tx_hash":"0xab"}');
  });

  it('GETs the history page of an address', async () => {
    const f = vi.fn(async (_i: RequestInfo | URL, _init?: RequestInit) => json({ code: 0, msg: 'success', data: { list: [rec], total: 1, page: 2, size: 5 } }));
    configureApiClient({ fetch: f as unknown as typeof fetch });
    const d = await getSwapHistory('0xAb', 2, 5);
    expect(d.list).toHaveLength(1);
    expect(f.mock.calls[0]?.[0]).toBe('/api/swap_api/v1/history?address=0xAb&page=2&size=5');
  });

  it('retries "not mined yet" then invalidates the history', async () => {
    let n = 0;
    const f = vi.fn(async () => (++n === 1 ? json({ code: 400, msg: 'the transaction is not mined yet; try again', data: null }, 400) : json({ code: 0, msg: 'success', data: rec })));
    configureApiClient({ fetch: f as unknown as typeof fetch });
    const qc = { invalidateQueries: vi.fn(async () => undefined) };
    await expect(recordSwapInBackground(qc, 31337, '0xab', { delayMs: 1 })).resolves.toEqual(rec);
    expect(f).toHaveBeenCalledTimes(2);
    expect(qc.invalidateQueries).toHaveBeenCalledWith({ queryKey: swapHistoryKey });
  });

  it('gives up quietly on a failed transaction, without retrying or throwing', async () => {
    const f = vi.fn(async () => json({ code: 400, msg: 'the transaction failed on chain', data: null }, 400));
    configureApiClient({ fetch: f as unknown as typeof fetch });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const qc = { invalidateQueries: vi.fn(async () => undefined) };
    await expect(recordSwapInBackground(qc, 31337, '0xab', { delayMs: 1 })).resolves.toBeNull();
    expect(f).toHaveBeenCalledTimes(1);
    expect(qc.invalidateQueries).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
