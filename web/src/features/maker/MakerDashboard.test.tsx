import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MakerDashboard } from '@/api/maker';
import type { Chain } from '@/api/types';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';

const PAYOUT = `0x${'cd'.repeat(32)}`;
const chain = (chain_id: number, chain_name: string) => ({ chain_id, chain_name, explorer_url: '' }) as unknown as Chain;

const DASHBOARD: MakerDashboard = {
  maker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  as_of: 1_764_086_400,
  paused: false,
  liquidity: [
    {
      chain_id: 8453,
      chain_name: 'Base',
      error: '',
      tokens: [
        { symbol: 'ETH', decimals: 18, balance: '1500000000000000000000' },
        { symbol: 'USDC', decimals: 6, balance: '2500000000' },
      ],
    },
    { chain_id: 42161, chain_name: 'Arbitrum One', error: 'the chain did not answer', tokens: [] },
  ],
  volume: { '24h': [{ token: 'ETH', decimals: 18, amount: '30000000000000000', orders: 3 }], '7d': [{ token: 'ETH', decimals: 18, amount: '50000000000000000', orders: 5 }] },
  orders: { '24h': { completed: 3, refunded: 1, queued: 2 }, '7d': { completed: 5, refunded: 1 } },
  routes: [{ src_chain_id: 8453, dst_chain_id: 42161, token: 'ETH', completed: 5, median_seconds: 2.5, p95_seconds: 65 }],
  recent_payouts: [
    {
      src_chain_id: 8453,
      dst_chain_id: 42161,
      token: 'ETH',
      decimals: 18,
      amount: '10000000000000000',
      receive_amount: '9900000000000000',
      receive_token: 'ETH',
      receive_decimals: 18,
      recipient: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
      tx_hash: PAYOUT,
      explorer_url: `https://arbiscan.io/tx/${PAYOUT}`,
      completed_at: 1_764_086_000,
    },
  ],
};

beforeEach(() => resetStores());

describe('/maker', () => {
  it('liquidity, volume and orders per window, completion times per route, payouts with explorer links', async () => {
    mockApi({
      '/api/maker_api/v1/dashboard': () => ok(DASHBOARD),
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [chain(8453, 'Base'), chain(42161, 'Arbitrum One')] }),
    });
    renderApp('/maker');
    expect(await screen.findByTestId('maker-status')).toHaveTextContent('Paying');
    const day = screen.getByTestId('maker-window-24h');
    expect(day).toHaveTextContent('6 orders');
    expect(day).toHaveTextContent('75% of finished orders completed');
    expect(within(day).getByTestId('maker-24h-queued')).toHaveTextContent('Queued: 2');
    expect(within(day).getByTestId('maker-volume-24h-ETH')).toHaveTextContent('0.03 ETH (3 orders)');
    expect(screen.getByTestId('maker-volume-7d-ETH')).toHaveTextContent('0.05 ETH (5 orders)');
    expect(screen.getByTestId('maker-liquidity-8453-ETH')).toHaveTextContent('1500');
    expect(screen.getByTestId('maker-liquidity-8453-USDC')).toHaveTextContent('2500');
    expect(screen.getByTestId('maker-liquidity-42161')).toHaveTextContent('The network did not answer');
    const route = await screen.findByTestId('maker-route-8453-42161-ETH');
    expect(await within(route).findByText('Base → Arbitrum One')).toBeInTheDocument();
    expect(within(route).getByText('3 s')).toBeInTheDocument();
    expect(within(route).getByText('1 min 5 s')).toBeInTheDocument();
    const payout = screen.getByTestId('maker-payout');
    expect(payout).toHaveTextContent('0.0099 ETH');
    expect(within(payout).getByRole('link')).toHaveAttribute('href', `https://arbiscan.io/tx/${PAYOUT}`);
  });

  it('a cross-route payout (SOL → ETH) is shown in the token paid, not the one deposited', async () => {
    const [paid] = DASHBOARD.recent_payouts;
    const cross = { ...paid!, src_chain_id: 83797601, token: 'SOL', decimals: 9, amount: '500000000', receive_amount: '24677722525000002' };
    mockApi({ '/api/maker_api/v1/dashboard': () => ok({ ...DASHBOARD, recent_payouts: [cross] }) });
    renderApp('/maker');
    expect(await screen.findByTestId('maker-payout')).toHaveTextContent('0.024677 ETH');
  });

  it('a paused maker says so', async () => {
    mockApi({ '/api/maker_api/v1/dashboard': () => ok({ ...DASHBOARD, paused: true, recent_payouts: [], routes: [] }) });
    renderApp('/maker');
    expect(await screen.findByTestId('maker-status')).toHaveTextContent('Paused: new payouts wait');
    expect(screen.getByText('No payout yet.')).toBeInTheDocument();
    expect(screen.getByText('No completed order in the last 7 days.')).toBeInTheDocument();
  });
});
