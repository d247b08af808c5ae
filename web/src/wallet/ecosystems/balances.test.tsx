import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chain } from '@/api/types';
import { NetworkListModal } from '@/features/network-list/NetworkListModal';
import { mockApi, ok } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { BITCOIN_POLL_MS, benfenBalance, shownDecimals, useEcosystemBalance } from './balances';
import { useEcosystemsStore } from './store';

const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const connect = (ecosystem: 'solana' | 'benfen' | 'bitcoin' | 'starknet', address: string, chainId: number, walletId = 'w') =>
  useEcosystemsStore.getState().setConnected(ecosystem, { address, chainId, walletId, walletName: walletId });

const singleBalance = (values: Record<string, string>) => (url: URL) => {
  const v = values[`${url.searchParams.get('chainid')}:${url.searchParams.get('token')}:${url.searchParams.get('address')}`];
  return v === undefined ? { status: 503, body: { code: 503, msg: 'chain unreachable', data: null } } : ok({ e18: '0', value: v, decimals: 9 });
};

beforeEach(() => {
  resetStores();
  localStorage.clear();
});

describe('non-EVM balances', () => {
  it('decimals per chain and token: Solana SOL 9, USDC 6; Fuel, BenFen, Bitcoin 8; others 5', () => {
    expect(shownDecimals(83797601, 'SOL')).toBe(9);
    expect(shownDecimals(83797601, 'usdc')).toBe(6);
    expect(shownDecimals(9889, 'ETH')).toBe(8);
    expect(shownDecimals(66706701, 'BFC')).toBe(8);
    expect(shownDecimals(666666666, 'ETH')).toBe(5);
  });

  it('Solana: SOL and USDC from the server for chain 83797601, cut (not rounded) to 9 and 6 decimals', async () => {
    const fetchMock = mockApi({ '/api/balance': singleBalance({ [`83797601:SOL:${SOL}`]: '99.9999999999', [`83797601:USDC:${SOL}`]: '10000.1234567' }) });
    connect('solana', SOL, 83797601, 'phantom');
    const { result } = renderHook(() => useEcosystemBalance('solana'), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('ok'));
    expect(result.current.lines).toEqual([
      { symbol: 'SOL', text: '99.999999999' },
      { symbol: 'USDC', text: '10000.123456' },
    ]);
    expect(fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').searchParams.get('chainid'))).toEqual(['83797601', '83797601']);
  });

  it("an unreachable chain is an error ('-'), never a zero", async () => {
    mockApi({ '/api/balance': singleBalance({}) });
    connect('starknet', '0x0123', 666666666, 'argentX');
    const { result } = renderHook(() => useEcosystemBalance('starknet'), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('error'));
    expect(result.current.lines).toEqual([]);
  });

  it('BenFen: bfcx_getBalance to the chain node, BFC shown to 8 decimals', async () => {
    const node = 'http://benfen.test/rpc';
    const benfen = { chain_id: 66706701, rpc_urls: [node], flags: { evm: false, bitcoin: false, non_evm: true } } as unknown as Chain;
    const apiFetch = mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: [benfen] }) });
    const nodeFetch = vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { method: string; params: unknown[] };
      expect(body).toMatchObject({ method: 'bfcx_getBalance', params: ['0xbf', '0x2::bfc::BFC'] });
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { coinType: '0x2::bfc::BFC', totalBalance: '123456789012' } }));
    });
    vi.stubGlobal('fetch', nodeFetch);
    connect('benfen', '0xbf', 66706701, 'benfen');
    const { result } = renderHook(() => useEcosystemBalance('benfen'), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('ok'));
    expect(result.current.lines).toEqual([{ symbol: 'BFC', text: '123.45678901' }]);
    expect(nodeFetch).toHaveBeenCalledWith(node, expect.objectContaining({ method: 'POST' }));
    expect(apiFetch).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('BenFen: a node error or a malformed answer is an error', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params' } })));
    await expect(benfenBalance('http://n', '0xbf')).rejects.toThrow('Invalid params');
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { totalBalance: -1 } })));
    await expect(benfenBalance('http://n', '0xbf')).rejects.toThrow('no balance');
    vi.unstubAllGlobals();
  });

  it('Bitcoin: read from the wallet every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let sats = 150_000_000;
      const getBalance = vi.fn(async () => ({ confirmed: sats, unconfirmed: 0, total: sats }));
      (window as unknown as Record<string, unknown>).unisat = { getBalance, requestAccounts: async () => ['bc1q'] };
      connect('bitcoin', 'bc1q', 999706684, 'unisat');
      const { result } = renderHook(() => useEcosystemBalance('bitcoin'), { wrapper });
      await waitFor(() => expect(result.current.lines).toEqual([{ symbol: 'BTC', text: '1.5' }]));
      sats = 123_456_789;
      await vi.advanceTimersByTimeAsync(BITCOIN_POLL_MS);
      await waitFor(() => expect(result.current.lines).toEqual([{ symbol: 'BTC', text: '1.23456789' }]));
      expect(getBalance.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      delete (window as unknown as Record<string, unknown>).unisat;
      vi.useRealTimers();
    }
  });
});

describe('the network list with a Solana wallet', () => {
  it("shows Solana's balance from the Solana wallet next to the EVM wallet's networks", async () => {
    const chains = [
      { chain_id: 1, chain_name: 'Ethereum', alias_name: 'Ethereum', popular_item_list: [], flags: { evm: true, bitcoin: false, non_evm: false }, order: 1, searchText: 'ethereum' },
      { chain_id: 83797601, chain_name: 'Solana', alias_name: 'Solana', popular_item_list: [], flags: { evm: false, bitcoin: false, non_evm: true }, order: 2, searchText: 'solana' },
    ] as unknown as Chain[];
    const fetchMock = mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: chains }),
      '/api/balance_api/v1/multi-balance': () => ok({ '1': { view_value: '2.5', status_code: 0, status_message: '' } }),
      '/api/balance': singleBalance({ [`83797601:USDC:${SOL}`]: '42.1234567' }),
    });
    useWalletStore.getState().setConnected(EVM, 1);
    connect('solana', SOL, 83797601, 'phantom');
    render(<NetworkListModal open mode="from" tokenName="USDC" onClose={() => {}} onSelect={() => {}} />, { wrapper });
    const row = await screen.findByRole('button', { name: /Solana/ });
    await waitFor(() => expect(row).toHaveTextContent('42.123456'));
    const multi = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://x'))
        .filter((u) => u.pathname.endsWith('multi-balance'))
        .map((u) => u.searchParams.get('chain_ids'));
    // The EVM networks' balances are asked for on their own (not before Solana's on a busy
    // machine); Solana is not asked of the EVM call.
    await waitFor(() => expect(multi()).toEqual(['1']));
  });
});
