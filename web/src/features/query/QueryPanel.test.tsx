import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@/api/bridge';
import type { Lookup } from '@/api/query';
import { mockApi, notFound, ok, type MockResponse } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useQueryForm } from './queryStore';

const USER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const HASH = `0x${'ab'.repeat(32)}`;
const PAYOUT = `0x${'cd'.repeat(32)}`;

const ORDER: Order = {
  order_key: `8453:${HASH}:0`,
  src_chain_id: 8453,
  src_tx_hash: HASH,
  log_index: 0,
  block_number: 10,
  sender: USER,
  token: 'ETH',
  token_address: '0x0000000000000000000000000000000000000000',
  decimals: 18,
  amount: '10000000000000000',
  receive_amount: '9900000000000000',
  receive_token: 'ETH',
  receive_decimals: 18,
  fee: '100000000000000',
  dst_chain_id: 42161,
  recipient: USER,
  channel: 98675412,
  confirmations: 1,
  state: 'completed',
  reason: '',
  dst_tx_hash: PAYOUT,
  refund_tx_hash: '',
  created_at: 1_764_000_000,
  updated_at: 1_764_000_002,
  swap: null,
  timeline: [
    { state: 'confirming', at: 1_764_000_000, detail: '' },
    { state: 'completed', at: 1_764_000_002, detail: '' },
  ],
};

const POINTS = { total: 312, campaign: 0, cross: 300, refer: 0, check_in: 12, pool: 0, cross_v1: 0, refer_v1: 0 };

function api(answer: (q: string) => MockResponse, tracker: () => MockResponse = notFound) {
  const asked: string[] = [];
  mockApi({
    '/api/query_api/v1/lookup': (url) => {
      const q = url.searchParams.get('q') ?? '';
      asked.push(q);
      return answer(q);
    },
    '/api/tracker_api/v1/activity': tracker,
  });
  return asked;
}

const lookupOf = (over: Partial<Lookup>): Lookup => ({ kind: 'tx_hash', q: HASH, orders: [], orders_total: 0, points: null, checkins: null, ...over });

beforeEach(() => {
  resetStores();
  useQueryForm.setState({ input: '' });
});

describe('/query', () => {
  it('an address: its orders, points, check-ins and the tracker summary', async () => {
    const asked = api(
      () => ok(lookupOf({ kind: 'address', q: USER, orders: [ORDER], orders_total: 1, points: POINTS, checkins: [{ date: '2026-11-20', chain_id: 1868, tx_hash: HASH, points: 2 }] })),
      () =>
        ok({
          addresses: [{ address: USER, chains: [{ chain_id: 8453, chain_name: 'Base', tx_count: 12, volume_usd: 1234.5 }] }],
          chains: [],
          prices: { source: 'x', as_of: 0 },
        }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/query');
    await user.type(await screen.findByLabelText('Address, transaction hash or order key'), ` ${USER} `);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const result = await screen.findByTestId('lookup-result');
    expect(asked).toEqual([USER]);
    expect(router.state.location.search).toBe(`?q=${USER}`);
    expect(within(result).getByTestId(`order-${HASH}`)).toHaveAttribute('data-state', 'completed');
    expect(within(result).getByTestId('lookup-points')).toHaveTextContent('312');
    expect(within(result).getByText('Bridging: 300')).toBeInTheDocument();
    expect(within(result).getByTestId('lookup-checkins')).toHaveTextContent('2026-11-20: 2 points');
    expect(await within(result).findByTestId('lookup-tracker')).toHaveTextContent('Base: 12 transactions, $1,234.50');
    expect(screen.queryByTestId('lookup-nothing')).toBeNull();
  });

  it('a payout hash from a link finds its order; the tracker is not asked for a hash', async () => {
    const asked = api((q) => ok(lookupOf({ q, orders: [ORDER], orders_total: 1 })));
    renderApp(`/query?q=${PAYOUT}`);
    const result = await screen.findByTestId('lookup-result');
    expect(asked).toEqual([PAYOUT]);
    expect(result).toHaveAttribute('data-kind', 'tx_hash');
    expect(within(result).getByTestId(`order-${HASH}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Address, transaction hash or order key')).toHaveValue(PAYOUT);
    expect(screen.queryByText('Layer-two activity')).toBeNull();
  });

  it('nothing found, the tracker unavailable, and bad input refused before asking', async () => {
    const asked = api((q) => ok(lookupOf({ kind: 'address', q, points: { ...POINTS, total: 0, cross: 0, check_in: 0 }, checkins: [] })));
    const user = userEvent.setup();
    renderApp('/query');
    const box = await screen.findByLabelText('Address, transaction hash or order key');
    await user.type(box, '0x1234');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a wallet address (0x + 40 hex digits)');
    expect(asked).toEqual([]);
    await user.clear(box);
    await user.type(box, USER);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('lookup-nothing')).toHaveTextContent('Nothing found');
    expect(await screen.findByText('The activity tracker is not available on this server.')).toBeInTheDocument();
  });
});
