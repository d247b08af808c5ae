import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BridgeStatus, StatusWindowStats } from '@/api/status';
import type { Chain } from '@/api/types';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';

const chain = (chain_id: number, chain_name: string) => ({ chain_id, chain_name, explorer_url: '' }) as unknown as Chain;
const none: StatusWindowStats = { orders: 0, completed: 0, p50_seconds: null, p95_seconds: null, p99_seconds: null, refunds: 0, refund_median_seconds: null, refund_median_cost: null };
const busy: StatusWindowStats = { orders: 4, completed: 3, p50_seconds: 2, p95_seconds: 65, p99_seconds: 70, refunds: 1, refund_median_seconds: 30, refund_median_cost: '0.00105' };

const STATUS: BridgeStatus = {
  as_of: 1_764_086_400,
  windows: [
    { name: '1h', seconds: 3600 },
    { name: '24h', seconds: 86400 },
    { name: '7d', seconds: 604800 },
  ],
  paused: false,
  routes: [
    { route: '1:8453:USDC', from_chain_id: 1, to_chain_id: 8453, token: 'USDC', decimals: 6, hour_cap: '100', day_cap: '1000', hour_left: '100', day_left: '1000', paused: true, paused_reason: 'payouts above the hourly cap', stats: { '1h': none, '24h': none, '7d': none } },
    { route: '8453:42161:ETH', from_chain_id: 8453, to_chain_id: 42161, token: 'ETH', decimals: 18, hour_cap: '10', day_cap: '50', hour_left: '9.5', day_left: '49.5', paused: false, paused_reason: '', stats: { '1h': none, '24h': busy, '7d': busy } },
  ],
  chains: [{ chain_id: 8453, head_block: 120, seconds_since_new_head: 1, watcher_lag_blocks: 0, stopped: false }],
  incidents: [{ kind: 'route_pause', subject: '1:8453:USDC', detail: 'payouts above the hourly cap', started_at: 1_764_080_000, ended_at: null }],
};

beforeEach(() => resetStores());

describe('/status', () => {
  it('shows each route in a table with its windows, capacity and pause; chains and incidents', async () => {
    mockApi({
      '/api/bridge_api/v1/status': () => ok(STATUS),
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [chain(1, 'Ethereum'), chain(8453, 'Base'), chain(42161, 'Arbitrum One')] }),
    });
    renderApp('/status');
    expect(await screen.findByTestId('status-overall')).toHaveAttribute('data-state', 'degraded');
    const eth = screen.getByTestId('status-route-8453:42161:ETH');
    const day = within(eth).getByTestId('status-row-24h');
    expect(within(day).getByText('2 s')).toHaveAttribute('data-field', 'p50');
    expect(within(day).getByText('1 min 5 s')).toHaveAttribute('data-field', 'p95');
    expect(within(day).getByText('1 min 10 s')).toHaveAttribute('data-field', 'p99');
    expect(within(day).getByText('30 s')).toHaveAttribute('data-field', 'refund-time');
    expect(within(day).getByText('0.00105 ETH')).toBeInTheDocument();
    expect(within(within(eth).getByTestId('status-row-1h')).getAllByText('–')).toHaveLength(5);
    expect(within(eth).getByTestId('status-route-capacity')).toHaveTextContent('9.5 ETH this hour, 49.5 ETH today');
    const usdc = screen.getByTestId('status-route-1:8453:USDC');
    expect(within(usdc).getByTestId('status-route-paused')).toHaveTextContent('Paused');
    expect(usdc).toHaveTextContent('payouts above the hourly cap');
    // The busiest route comes first.
    const tables = screen.getAllByTestId(/^status-route-\d/);
    expect(tables[0]).toBe(eth);
    expect(screen.getByTestId('status-chain-8453')).toHaveTextContent('Producing blocks');
    expect(screen.getByTestId('status-incident')).toHaveTextContent('Route 1:8453:USDC paused:');
  });

  it('a paused bridge says so, and an empty week shows no incident', async () => {
    mockApi({ '/api/bridge_api/v1/status': () => ok({ ...STATUS, paused: true, incidents: [] }) });
    renderApp('/status');
    expect(await screen.findByTestId('status-overall')).toHaveTextContent('Paused for maintenance');
    expect(screen.getByTestId('status-no-incidents')).toBeInTheDocument();
  });

  it('with 268 routes: grouped by token and source chain, quiet groups closed to one line, opened on demand with the same tables', async () => {
    const ids = [1, 8453, 42161, 10];
    const routes = ids.flatMap((from) =>
      ids
        .filter((to) => to !== from)
        .map((to) => ({ ...STATUS.routes[1]!, route: `${from}:${to}:ETH`, from_chain_id: from, to_chain_id: to, paused: false, stats: { '1h': none, '24h': none, '7d': none } })),
    );
    // One route with orders: its group (ETH from Base) starts open and comes first.
    routes[3] = { ...routes[3]!, stats: { '1h': none, '24h': busy, '7d': busy } };
    expect(routes[3]!.route).toBe('8453:1:ETH');
    mockApi({
      '/api/bridge_api/v1/status': () => ok({ ...STATUS, routes, incidents: [] }),
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [chain(1, 'Ethereum'), chain(8453, 'Base'), chain(42161, 'Arbitrum One'), chain(10, 'Optimism')] }),
    });
    renderApp('/status');
    const groups = await screen.findAllByTestId(/^status-group-[A-Z]/);
    expect(groups.map((g) => g.getAttribute('data-testid'))).toEqual(['status-group-ETH:8453', 'status-group-ETH:1', 'status-group-ETH:42161', 'status-group-ETH:10']);
    expect(groups[0]).toHaveAttribute('open');
    expect(within(groups[0]!).getByText('ETH from Base')).toBeInTheDocument();
    expect(within(groups[0]!).getByTestId('status-group-summary')).toHaveTextContent('3 routes · orders in the last 7 days: 4');
    expect(within(within(groups[0]!).getByTestId('status-route-8453:1:ETH')).getByTestId('status-row-24h')).toHaveTextContent('2 s');
    // The quiet groups are one line each: no table until opened.
    expect(groups[1]).not.toHaveAttribute('open');
    expect(screen.queryByTestId('status-route-1:8453:ETH')).toBeNull();
    expect(screen.getAllByTestId(/^status-route-\d/)).toHaveLength(3);
    await userEvent.setup().click(within(groups[1]!).getByText('ETH from Ethereum'));
    expect(await screen.findByTestId('status-route-1:8453:ETH')).toBeInTheDocument();
    expect(screen.getByText('12 routes')).toBeInTheDocument();
  });
});
