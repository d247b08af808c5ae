import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { explorerChain } from '@/test/chains';
import { mockApi, ok } from '@/test/mockApi';
import { ORDER_WALLET, testOrder } from '@/test/orders';
import { resetStores } from '@/test/resetStores';
import { formatDateTime } from '@/lib/format';
import { useWalletStore } from '@/wallet/store';
import { DeployHistory } from './DeployHistory';
import { HistoryTable } from './HistoryTable';
import { renderInRouter } from '@/test/renderApp';

const CHAINS = [explorerChain(8453, 'Base', 'https://basescan.org'), explorerChain(1868, 'Soneium', 'https://soneium.blockscout.com')];
const CONTRACT = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

const renderWith = renderInRouter;

beforeEach(() => resetStores());

describe('history', () => {
  it('lists the wallet deployments with network, contract, time and the explorer link of the chain config', async () => {
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/deploy_api/v1/deployments': (url) => {
        expect(url.searchParams.get('address')).toBe(ORDER_WALLET);
        return ok({
          list: [{ chain_id: 1868, tx_hash: '0xdep', address: ORDER_WALLET.toLowerCase(), contract_address: CONTRACT, template: 'erc20', block_number: 7, created_at: 1_763_800_000 }],
          points_per_network: 20,
        });
      },
    });
    useWalletStore.getState().setConnected(ORDER_WALLET, 8453);
    renderWith(<DeployHistory />);
    const row = await screen.findByTestId('history-deploy-0xdep');
    expect(row).toHaveTextContent('Soneium');
    expect(within(row).getByTestId('history-deploy-contract')).toHaveTextContent(CONTRACT);
    expect(row).toHaveTextContent(formatDateTime(1_763_800_000));
    expect(within(row).getByRole('link', { name: 'Deployment transaction' })).toHaveAttribute('href', 'https://soneium.blockscout.com/tx/0xdep');
    // Every cell carries its column's name: the phone's card layout shows it beside the value.
    for (const cell of within(row).getAllByRole('cell')) expect(cell.dataset.label).toBeTruthy();
  });

  it('shows bridge amounts in the one number style and labels every cell for the phone cards', async () => {
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/bridge_api/v1/history': () => ok({ list: [testOrder({ src_tx_hash: '0xbig', amount: '1234567891234567891234', decimals: 18 })], total: 1, page: 1, size: 10 }),
    });
    useWalletStore.getState().setConnected(ORDER_WALLET, 8453);
    renderWith(<HistoryTable />);
    const row = await screen.findByTestId('order-0xbig');
    expect(within(row).getByTestId('order-amount')).toHaveTextContent(/^1,234\.567891 /);
    expect(row).toHaveTextContent(formatDateTime(testOrder().created_at));
    for (const cell of within(row).getAllByRole('cell')) expect(cell.dataset.label).toBeTruthy();
  });
});
