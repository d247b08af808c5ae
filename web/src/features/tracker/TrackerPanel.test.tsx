import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Activity, Score } from '@/api/tracker';
import { testAppConfig } from '@/test/appConfig';
import { mockApi, ok, type MockResponse } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useTrackerForm } from './trackerStore';
import { chainActivity } from './fixtures';

const A = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const B = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const today = () => new Date().toISOString().slice(0, 10);

const chain = chainActivity;

function activityFor(addresses: string[], lag = 0): Activity {
  const now = Math.floor(Date.now() / 1000);
  return {
    addresses: addresses.map((address) => ({
      address,
      chains: [
        chain({ chain_id: 1, chain_name: 'Ethereum', tx_count: 3, last_active: now - 7200, gas_spent: '21000000000000', volume_usd: 50, active_days: 1, days: [today()] }),
        chain({ chain_id: 8453, chain_name: 'Base', tx_count: 12, last_active: now - 3 * 86400, volume_usd: 1234.5, active_days: 3, bridged_volume_usd: 300 }),
        chain({ chain_id: 1868, chain_name: 'Soneium' }),
      ],
    })),
    chains: [
      { chain_id: 1, chain_name: 'Ethereum', indexed_block: 100, head_block: 100 + lag, lag_blocks: lag },
      { chain_id: 8453, chain_name: 'Base', indexed_block: 100, head_block: 101, lag_blocks: 1 },
    ],
    prices: { source: 'devnet-pools', as_of: 0 },
  };
}

function trackerApi(lag = 0) {
  const asked: string[] = [];
  mockApi({
    '/api/tracker_api/v1/activity': (url) => {
      const addresses = (url.searchParams.get('addresses') ?? '').split(',');
      asked.push(addresses.join(','));
      return ok(activityFor(addresses, lag));
    },
  });
  return asked;
}

const chainOrder = () => screen.getAllByTestId(/^tracker-row-/).map((r) => r.getAttribute('data-testid'));

beforeEach(() => {
  resetStores();
  useTrackerForm.getState().reset();
});

describe('/tracker', () => {
  it('a shared link restores the view: per network a row, sortable, a heatmap, the lag named', async () => {
    const asked = trackerApi(5);
    renderApp(`/tracker?addresses=${A}`);
    const table = await screen.findByRole('table');
    expect(asked).toEqual([A]);
    const base = screen.getByTestId('tracker-row-8453');
    expect(within(base).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(base).getByText('3 days ago')).toBeInTheDocument();
    expect(within(base).getByText('$300.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('tracker-row-1')).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(screen.getByTestId('tracker-row-1')).getByText('0.000021')).toBeInTheDocument();
    expect(within(screen.getByTestId('tracker-row-1868')).getByText('Never')).toBeInTheDocument();
    // Most transactions first; a click on a header sorts by it, a second click flips it.
    expect(chainOrder()).toEqual(['tracker-row-8453', 'tracker-row-1', 'tracker-row-1868']);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /Network/ }));
    expect(chainOrder()).toEqual(['tracker-row-8453', 'tracker-row-1', 'tracker-row-1868']);
    expect(within(table).getByRole('columnheader', { name: /Network/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: /Network/ }));
    expect(chainOrder()).toEqual(['tracker-row-1868', 'tracker-row-1', 'tracker-row-8453']);
    await user.click(within(table).getByRole('button', { name: /Gas spent/ }));
    expect(chainOrder()[0]).toBe('tracker-row-1');
    // Today is active on Ethereum: one filled cell.
    expect(screen.getByRole('img', { name: 'Activity heatmap: 1 active day in the last year' })).toBeInTheDocument();
    expect(document.querySelectorAll('.heatmap__day--active')).toHaveLength(1);
    // Ethereum is 5 blocks behind (shown); Base is 1 behind (not).
    expect(screen.getByTestId('tracker-lag')).toHaveTextContent('Ethereum is 5 blocks behind');
    expect(screen.getByTestId('tracker-lag')).not.toHaveTextContent('Base');
  });

  it('several addresses at once, the airdrop messages for bad input, a link that carries them', async () => {
    const asked = trackerApi();
    const { router } = renderApp('/tracker');
    const user = userEvent.setup();
    const box = await screen.findByLabelText(/Wallet addresses/);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the address.');
    await user.type(box, `${A}{enter}0x1234`);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert')).toHaveTextContent('address error.');
    await user.clear(box);
    await user.type(box, `${A}, ${B}`);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(screen.getAllByRole('table')).toHaveLength(2));
    expect(asked).toEqual([`${A},${B}`]);
    expect(router.state.location.search).toBe(`?addresses=${encodeURIComponent(`${A},${B}`)}`);
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/tracker?addresses=${A},${B}`);
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
  });
});

const SCORE: Score = {
  program: 'soneium-og',
  title: 'Soneium OG',
  chain_id: 1868,
  chain_name: 'Soneium',
  score: 42.5,
  rank: 3,
  of: 120,
  rules: [
    { id: 'tx', label_key: 'tx', value: 12, points: 24 },
    { id: 'active_weeks', label_key: 'active_weeks', value: 2, points: 18.5 },
    { id: 'volume', label_key: 'volume', value: 12345.6789123, points: 1234.56789 },
  ],
  next: [{ id: 'active_weeks', label_key: 'active_weeks', gain: 5 }],
};

describe('/tracker programme pages', () => {
  it('score, rank, rules, what would raise it, and a Bridge button to the network', async () => {
    const asked: string[] = [];
    mockApi({
      '/api/tracker_api/v1/score': (url) => {
        asked.push(`${url.searchParams.get('program')} ${url.searchParams.get('address')}`);
        return ok(SCORE);
      },
    });
    const { router } = renderApp(`/tracker/soneium-og?address=${A}`);
    expect(await screen.findByTestId('score-value')).toHaveTextContent('42.5');
    expect(asked).toEqual([`soneium-og ${A}`]);
    expect(screen.getByTestId('score-rank')).toHaveTextContent('Rank #3 of 120 indexed addresses');
    expect(screen.getByRole('cell', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '18.5' })).toBeInTheDocument();
    // The shared number style: thousands separators, up to six decimals, cut (never rounded).
    expect(screen.getByRole('cell', { name: '12,345.678912' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1,234.56789' })).toBeInTheDocument();
    expect(screen.getByTestId('score-next')).toHaveTextContent('Active weeks: +5 points for one more');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Bridge to Soneium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?to=1868');
  });

  it("the programme's 'Bridge to X' is disabled with the reason where no route reaches X here", async () => {
    const eth = testAppConfig().routes.find((r) => r.token === 'ETH')!;
    mockApi({
      '/api/bridge_api/v1/app-config': () => ok(testAppConfig({ routes: [{ ...eth, chains: [8453, 42161] }], cross_routes: [] })),
      '/api/tracker_api/v1/score': (): MockResponse => ({ status: 409, body: { code: 409, msg: 'Scroll is not indexed by this server', data: null } }),
    });
    renderApp(`/tracker/scrollmarks?address=${A}`);
    const button = await screen.findByRole('button', { name: 'Bridge to Scroll' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByTestId('bridge-to-reason-534352')).toHaveTextContent('This bridge has no route to Scroll.');
  });

  it('a chain the server does not index (409) says so', async () => {
    mockApi({
      '/api/tracker_api/v1/score': (): MockResponse => ({ status: 409, body: { code: 409, msg: 'Scroll is not indexed by this server', data: null } }),
    });
    renderApp(`/tracker/scrollmarks?address=${A}`);
    expect(await screen.findByTestId('score-not-indexed')).toHaveTextContent('Scroll is not indexed by this server, so there is no score for it yet.');
    expect(screen.getByRole('button', { name: 'Bridge to Scroll' })).toBeInTheDocument();
  });
});

describe('/tracker to a programme page', () => {
  it('the first of several typed addresses is kept for the one-address form', async () => {
    trackerApi();
    mockApi({ '/api/tracker_api/v1/score': () => ok(SCORE) });
    useTrackerForm.getState().setInput(`${A}\n${B}`);
    renderApp('/tracker/soneium-og');
    expect(await screen.findByRole('textbox', { name: 'Enter a wallet address' })).toHaveValue(A);
  });
});
