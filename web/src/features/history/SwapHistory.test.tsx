import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { explorerChain } from '@/test/chains';
import { mockApi, ok } from '@/test/mockApi';
import { ORDER_WALLET } from '@/test/orders';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { SwapHistory } from './SwapHistory';
import { renderInRouter } from '@/test/renderApp';

const CHAINS = [explorerChain(8453, 'Base', 'https://basescan.org'), explorerChain(31337, 'Devnet', '')];
const swap = (tx: string, chain = 8453) => ({
  chain_id: chain,
  tx_hash: tx,
  sender: ORDER_WALLET.toLowerCase(),
  recipient: ORDER_WALLET.toLowerCase(),
  token_in: { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', amount: '1.5', amount_wei: '1500000000000000000' },
  token_out: { address: '0xusdc', symbol: 'USDC', amount: '4123.456789', amount_wei: '4123456789' },
  swapped_at: 1_763_800_000,
});

const renderIt = () => renderInRouter(<SwapHistory />);

beforeEach(() => resetStores());

describe('swap history', () => {
  it('lists the wallet swaps: time, network, amounts with symbols and the explorer link', async () => {
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/swap_api/v1/history': (url) => {
        expect(url.searchParams.get('address')).toBe(ORDER_WALLET);
        return ok({ list: [swap('0xs1'), swap('0xs2', 31337)], total: 2, page: 1, size: 10 });
      },
    });
    useWalletStore.getState().setConnected(ORDER_WALLET, 8453);
    renderIt();
    const row = await screen.findByTestId('history-swap-0xs1');
    expect(row).toHaveTextContent('Base');
    expect(row).toHaveTextContent(formatDateTime(1_763_800_000));
    expect(within(row).getByTestId('swap-in')).toHaveTextContent('1.5 ETH');
    expect(within(row).getByTestId('swap-out')).toHaveTextContent('4,123.456789 USDC');
    expect(within(row).getByRole('link', { name: 'Swap transaction' })).toHaveAttribute('href', 'https://basescan.org/tx/0xs1');
    for (const cell of within(row).getAllByRole('cell')) expect(cell.dataset.label).toBeTruthy();
    // A chain without an explorer: no link.
    const local = screen.getByTestId('history-swap-0xs2');
    expect(within(local).queryByRole('link')).toBeNull();
  });

  it('pages like the bridge history', async () => {
    const pages: string[] = [];
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/swap_api/v1/history': (url) => {
        const page = url.searchParams.get('page') ?? '';
        pages.push(page);
        return ok({ list: [swap(`0xp${page}`)], total: 25, page: Number(page), size: 10 });
      },
    });
    useWalletStore.getState().setConnected(ORDER_WALLET, 8453);
    renderIt();
    await screen.findByTestId('history-swap-0xp1');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('history-swap-0xp2');
    expect(pages).toEqual(['1', '2']);
  });

  it('shows the empty and the error state', async () => {
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/swap_api/v1/history': () => ok({ list: [], total: 0, page: 1, size: 10 }),
    });
    useWalletStore.getState().setConnected(ORDER_WALLET, 8453);
    const first = renderIt();
    expect(await screen.findByText('No swaps yet.')).toBeInTheDocument();
    first.unmount();
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/swap_api/v1/history': () => ({ status: 500, body: { code: 500, msg: 'db down', data: null } }),
    });
    renderIt();
    expect(await screen.findByText(/History is unavailable: db down/)).toBeInTheDocument();
  });

  it('asks a visitor without wallet to connect', () => {
    mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }) });
    renderIt();
    expect(screen.getByText('Connect a wallet to see your history.')).toBeInTheDocument();
  });
});
