import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/api/bridge';
import { useToastStore } from '@/features/toast/store';
import { inviteLink, inviteTweetUrl, shareInvite } from '@/features/rewards/invite';
import { latestOrder, orderPagePath, orderRef } from '@/features/tx/orderPick';
import { mockApi, notFound, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { testChain } from '@/test/chains';
import { testAppConfig } from '@/test/appConfig';
import { useWalletStore } from '@/wallet/store';

const USER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const FRIEND = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const BASE = `/api/campaign_api/v1/${USER}`;
const POINTS = { campaign_points: 0, cross_points: 100, refer_points: 12, check_in_points: 2, pool_points: 0, multiplier: 1, cross_points_v1: 0, refer_points_v1: 3 };
const HASH = `0x${'ab'.repeat(32)}`;
const CHAINS = [testChain(8453, 'Base'), testChain(42161, 'Arbitrum One')];
/** Scroll with an RPC: a network /deploy can list. */
const SCROLL = testChain(534352, 'Scroll', { rpc_urls: ['http://127.0.0.1:8545'] });

function order(over: Partial<Order> = {}): Order {
  return {
    order_key: `8453:${HASH}:0`,
    src_chain_id: 8453,
    src_tx_hash: HASH,
    log_index: 0,
    block_number: 1,
    sender: USER.toLowerCase(),
    token: 'ETH',
    token_address: `0x${'0'.repeat(40)}`,
    decimals: 18,
    amount: '10000000000000000',
    receive_amount: '9000000000000000',
    receive_token: 'ETH',
    receive_decimals: 18,
    fee: '1000000000000000',
    dst_chain_id: 42161,
    recipient: USER.toLowerCase(),
    channel: 98675412,
    confirmations: 1,
    state: 'completed',
    reason: '',
    dst_tx_hash: `0x${'cd'.repeat(32)}`,
    refund_tx_hash: '',
    created_at: 1_700_000_000,
    updated_at: 1_700_000_010,
    timeline: [],
    ...over,
  };
}

beforeEach(() => {
  resetStores();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.restoreAllMocks());

describe('/invitepage', () => {
  it('the invite link, the share fallback and the share sheet', async () => {
    expect(inviteLink('https://perch.app', USER)).toBe(`https://perch.app/rewards?ref=${USER}`);
    expect(inviteLink('https://perch.app', '')).toBe('');
    const opened: string[] = [];
    expect(await shareInvite('Bridge with me:', 'https://perch.app/rewards?ref=0x1', undefined, (u) => opened.push(u))).toBe('opened');
    expect(opened).toEqual([inviteTweetUrl('Bridge with me:', 'https://perch.app/rewards?ref=0x1')]);
    expect(opened[0]).toBe('https://x.com/intent/post?text=Bridge%20with%20me%3A%20https%3A%2F%2Fperch.app%2Frewards%3Fref%3D0x1');
    const share = vi.fn(async () => undefined);
    expect(await shareInvite('t', 'l', { share }, () => opened.push('x'))).toBe('shared');
    expect(share).toHaveBeenCalledWith({ text: 't', url: 'l' });
    const cancelled = vi.fn(async () => Promise.reject(Object.assign(new Error('closed'), { name: 'AbortError' })));
    expect(await shareInvite('t', 'l', { share: cancelled }, () => opened.push('x'))).toBe('cancelled');
    expect(opened).toHaveLength(1);
  });

  it('shows the link with Copy and Share, the totals, the referral points and each referee with its points', async () => {
    useWalletStore.getState().setConnected(USER, 8453);
    mockApi({
      [`${BASE}/points`]: () => ok(POINTS),
      [`${BASE}/referInfo`]: () => ok({ total_referees: 2, referee_bridges: 5, referrer: null }),
      [`${BASE}/referees`]: () =>
        ok({
          list: [
            { address: FRIEND, bridges: 4, points: 12, bound_at: 1_700_000_000 },
            { address: USER.replace('15d3', '15d4'), bridges: 1, points: 3, bound_at: 1_699_000_000 },
          ],
        }),
    });
    const user = userEvent.setup();
    // After setup: user-event puts a clipboard of its own in place.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderApp('/invitepage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite friends' })).toBeInTheDocument();
    const link = await screen.findByTestId('invite-link');
    expect(link).toHaveValue(`${window.location.origin}/rewards?ref=${USER}`);
    await waitFor(() => expect(screen.getByTestId('invite-referees')).toHaveTextContent('2'));
    expect(screen.getByTestId('invite-referee-bridges')).toHaveTextContent('5');
    expect(screen.getByTestId('invite-points')).toHaveTextContent('15');
    const rows = await screen.findAllByTestId('referee');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('0x9965...A4dc');
    expect(rows[0]).toHaveTextContent('4 bridges');
    expect(rows[0]).toHaveTextContent('+12 points');
    expect(rows[1]).toHaveTextContent('1 bridge');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/rewards?ref=${USER}`);
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('The copy succeeded.'));
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('says so when the server has no referee list, and asks a visitor to connect', async () => {
    useWalletStore.getState().setConnected(USER, 8453);
    mockApi({ [`${BASE}/referInfo`]: () => ok({ total_referees: 0, referee_bridges: 0 }), [`${BASE}/referees`]: () => notFound() });
    const { unmount } = renderApp('/invitepage');
    expect(await screen.findByTestId('referees-unavailable')).toBeInTheDocument();
    unmount();
    useWalletStore.getState().disconnect();
    mockApi();
    renderApp('/invitepage');
    await screen.findByText('Connect a wallet to get your invite link.');
    expect(screen.queryByTestId('invite-link')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('invite-connect'));
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeInTheDocument();
  });
});

describe('/scrollbadge', () => {
  it('is a badge page like the others: its tasks from the server and the claim button', async () => {
    useWalletStore.getState().setConnected(USER, 8453);
    const asked: string[] = [];
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [...CHAINS, SCROLL] }),
      '/api/badge_api/v1/badges/*': (url) => (
        asked.push(url.pathname),
        ok({
          slug: 'scrollbadge',
          badge_id: 3,
          chain_id: 534352,
          contract: '',
          tasks: [
            { kind: 'bridge_to', chain_id: 534352, done: true },
            { kind: 'deploy', chain_id: 534352, done: false },
          ],
          all_done: false,
          claimable: true,
          claimed: false,
        })
      ),
    });
    renderApp('/scrollbadge');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scroll Badge' })).toBeInTheDocument();
    const deploy = await screen.findByTestId('badge-task-deploy');
    expect(asked[0]).toBe('/api/badge_api/v1/badges/scrollbadge');
    await waitFor(() => expect(screen.getByTestId('badge-task-bridge_to')).toHaveTextContent('Bridge to Scroll'));
    expect(screen.getByTestId('badge-task-bridge_to')).toHaveAttribute('data-done', 'true');
    expect(within(deploy).getByRole('link', { name: 'Deploy' })).toHaveAttribute('href', '/deploy');
    expect(screen.getByTestId('badge-claim')).toHaveTextContent('Finish every task to claim');
    expect(screen.getByTestId('badge-claim')).toBeDisabled();
  });
});

const ETH_ROUTE = testAppConfig().routes.find((r) => r.token === 'ETH')!;

/** /scrollbadge with one task left on Scroll, under this deployment's app-config. */
function badgeWithTask(config: ReturnType<typeof testAppConfig>, kind: 'bridge_to' | 'deploy') {
  useWalletStore.getState().setConnected(USER, 8453);
  mockApi({
    '/api/bridge_api/v1/app-config': () => ok(config),
    '/api/bridge_api/v1/get-all-chains': () => ok({ list: [...CHAINS, SCROLL] }),
    '/api/badge_api/v1/badges/*': () =>
      ok({ slug: 'scrollbadge', badge_id: 3, chain_id: 534352, contract: '', tasks: [{ kind, chain_id: 534352, done: false }], all_done: false, claimable: true, claimed: false }),
  });
  renderApp('/scrollbadge');
}

describe("a badge's 'Bridge to X' task", () => {
  const badgeWithBridgeTask = (config: ReturnType<typeof testAppConfig>) => badgeWithTask(config, 'bridge_to');

  it('links into the bridge with Scroll as the destination where a route reaches Scroll', async () => {
    badgeWithBridgeTask(testAppConfig({ routes: [{ ...ETH_ROUTE, chains: [8453, 42161, 534352] }], cross_routes: [] }));
    const task = await screen.findByTestId('badge-task-bridge_to');
    await waitFor(() => expect(within(task).getByRole('link', { name: 'Bridge' })).toHaveAttribute('href', '/?to=534352'));
  });

  it('says why instead of linking to a bridge that refuses the route where none reaches Scroll', async () => {
    badgeWithBridgeTask(testAppConfig({ routes: [{ ...ETH_ROUTE, chains: [8453, 42161] }], cross_routes: [] }));
    const task = await screen.findByTestId('badge-task-bridge_to');
    await waitFor(() => expect(within(task).getByTestId('bridge-to-reason-534352')).toHaveTextContent('This bridge has no route to Scroll.'));
    expect(within(task).queryByRole('link')).toBeNull();
  });
});

describe("a badge's 'Deploy on X' task", () => {
  it('links to /deploy where the deploy page lists Scroll', async () => {
    badgeWithTask(testAppConfig({ routes: [{ ...ETH_ROUTE, chains: [8453, 534352] }], cross_routes: [] }), 'deploy');
    const task = await screen.findByTestId('badge-task-deploy');
    await waitFor(() => expect(within(task).getByRole('link', { name: 'Deploy' })).toHaveAttribute('href', '/deploy'));
    expect(within(task).queryByTestId('deploy-to-reason-534352')).toBeNull();
  });

  it('says why instead of linking to a deploy page without Scroll: a server that does not run it', async () => {
    badgeWithTask(testAppConfig({ routes: [{ ...ETH_ROUTE, chains: [8453, 534352] }], cross_routes: [], run_chain_ids: [8453, 42161] }), 'deploy');
    const task = await screen.findByTestId('badge-task-deploy');
    await waitFor(() => expect(within(task).getByTestId('deploy-to-reason-534352')).toHaveTextContent('This deployment does not run Scroll.'));
    expect(within(task).queryByRole('link')).toBeNull();
  });

  it('says why where no route or check-in names Scroll (the server records deployments only there)', async () => {
    badgeWithTask(testAppConfig({ routes: [{ ...ETH_ROUTE, chains: [8453, 42161] }], cross_routes: [] }), 'deploy');
    const task = await screen.findByTestId('badge-task-deploy');
    await waitFor(() => expect(within(task).getByTestId('deploy-to-reason-534352')).toHaveTextContent('Contracts cannot be deployed to Scroll here.'));
    expect(within(task).queryByRole('link')).toBeNull();
  });
});

describe('/confirm and /completed', () => {
  it('pick the order of the page: named in the address, else the latest on its way or the latest completed', () => {
    expect(orderRef(new URLSearchParams(`chain_id=8453&tx_hash=${HASH}`))).toEqual({ chainId: 8453, txHash: HASH });
    expect(orderRef(new URLSearchParams('chain_id=8453&tx_hash=0x12'))).toBeNull();
    expect(orderRef(new URLSearchParams(`tx_hash=${HASH}`))).toBeNull();
    const list = [
      order({ src_tx_hash: '0x1', created_at: 10, state: 'completed' }),
      order({ src_tx_hash: '0x2', created_at: 30, state: 'confirming' }),
      order({ src_tx_hash: '0x3', created_at: 20, state: 'completed' }),
      order({ src_tx_hash: '0x4', created_at: 40, state: 'refunded' }),
    ];
    expect(latestOrder(list, 'confirm')?.src_tx_hash).toBe('0x2');
    expect(latestOrder(list, 'completed')?.src_tx_hash).toBe('0x3');
    expect(latestOrder([], 'completed')).toBeUndefined();
    expect(orderPagePath('completed', order())).toBe(`/completed?chain_id=8453&tx_hash=${HASH}`);
  });

  it('/completed shows the wallet’s latest completed transfer: route, sent, received, both transactions, Bridge Again', async () => {
    useWalletStore.getState().setConnected(USER, 8453);
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/bridge_api/v1/history': () => ok({ list: [order({ state: 'confirming', created_at: 1_800_000_000, src_tx_hash: '0x99' }), order()], total: 2, page: 1, size: 20 }),
    });
    renderApp('/completed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfer completed' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-route')).toHaveTextContent('Base → Arbitrum One'));
    expect(screen.getByTestId('order-sent')).toHaveTextContent('0.01 ETH');
    expect(screen.getByTestId('order-received')).toHaveTextContent('0.009 ETH');
    expect(screen.getByTestId('order-page-state')).toHaveTextContent('Completed');
    expect(screen.getByRole('link', { name: 'Bridge Again' })).toHaveAttribute('href', '/?from=8453&to=42161');
    expect(screen.getByLabelText('Destination transaction')).toHaveAttribute('data-hash', `0x${'cd'.repeat(32)}`);
  });

  it("/completed's Bridge Again: disabled with the reason once no route joins the order's two networks", async () => {
    useWalletStore.getState().setConnected(USER, 8453);
    mockApi({
      '/api/bridge_api/v1/app-config': () => ok(testAppConfig({ routes: [{ ...ETH_ROUTE, chains: [1, 8453] }, { ...ETH_ROUTE, chains: [1, 42161] }], cross_routes: [] })),
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/bridge_api/v1/history': () => ok({ list: [order()], total: 1, page: 1, size: 20 }),
    });
    renderApp('/completed');
    await waitFor(() => expect(screen.getByTestId('bridge-to-reason-42161')).toHaveTextContent('No route from Base to Arbitrum One.'));
    expect(screen.queryByRole('link', { name: 'Bridge Again' })).toBeNull();
  });

  it('/confirm follows the transfer in the address until it is final, then links to its result', async () => {
    let state: Order['state'] = 'confirming';
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/bridge_api/v1/order': (url) => (url.searchParams.get('tx_hash') === HASH ? ok(order({ state, dst_tx_hash: state === 'completed' ? `0x${'cd'.repeat(32)}` : '' })) : ok(null)),
    });
    renderApp(`/confirm?chain_id=8453&tx_hash=${HASH}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your transfer' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-page-state')).toHaveTextContent('Confirming'));
    expect(screen.getByTestId('order-received')).toHaveTextContent('-');
    expect(screen.queryByTestId('order-page-result')).toBeNull();
    state = 'completed';
    await waitFor(() => expect(screen.getByTestId('order-page-state')).toHaveTextContent('Completed'), { timeout: 5000 });
    expect(screen.getByTestId('order-page-result')).toHaveAttribute('href', `/completed?chain_id=8453&tx_hash=${HASH}`);
  });

  it('without a wallet or an order they say what to do', async () => {
    mockApi();
    renderApp('/confirm');
    expect(await screen.findByTestId('order-page-empty')).toHaveTextContent('Connect a wallet to see your latest transfer.');
  });
});

describe('/developingpage', () => {
  it('says the feature is being built and links to what works today', async () => {
    mockApi();
    renderApp('/developingpage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming soon' })).toBeInTheDocument();
    const live = screen.getByTestId('developing-live');
    expect(within(live).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/', '/swap', '/rewards', '/deploy', '/tracker']);
  });
});
