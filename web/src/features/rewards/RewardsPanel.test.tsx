import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/features/auth/session';
import { useToastStore } from '@/features/toast/store';
import { mockApi, ok, type MockHandler } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { testAppConfig } from '@/test/appConfig';
import { testChain } from '@/test/chains';
import { useTaskStore } from './taskStore';

const USER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const BASE = `/api/campaign_api/v1/${USER}`;
const POINTS = { campaign_points: 0, cross_points: 0, refer_points: 0, check_in_points: 2, pool_points: 0, multiplier: 1.1, cross_points_v1: 0, refer_points_v1: 0 };
const NOW_S = Math.floor(Date.now() / 1000);

const CAMPAIGN = {
  id: 7,
  name: 'Base Week',
  status: 1,
  theme_id: 1,
  theme_name: 'Summer',
  start_time: NOW_S - 86_400,
  end_time: NOW_S + 3 * 86_400,
  time_type: 1,
  logo_url: '',
  invisible: false,
  tasks: [
    { points: 10, conditions: { transfer_count: 1, from_chain: 8453, to_chain: 42161 } },
    { points: 50, conditions: { transfer_count: 3, from_chain: 8453, to_chain: 42161 } },
  ],
};

const SOCIAL_TASKS = [
  { id: 29, platform: 'twitter', name: 'Follow Perch on X', link: 'https://x.com/perch', points: 30 },
  { id: 30, platform: 'discord', name: 'Join the Perch Discord', link: 'https://discord.gg/perch', points: 30, client_id: '42' },
  { id: 32, platform: 'telegram', name: 'Join the Perch Telegram', link: 'https://t.me/perch', points: 30 },
];

function rewardsApi(over: Record<string, MockHandler> = {}) {
  return mockApi({
    [`${BASE}/points`]: () => ok(POINTS),
    [`${BASE}/chainSignInInfo`]: () => ok({ sign_in_mask: '0000000', list: [], time_now: NOW_S }),
    '/api/campaign_api/v1/social_tasks': () => ok({ list: SOCIAL_TASKS }),
    '/api/campaign_api/v1/themes': () => ok({ list: [{ id: 1, name: 'Summer', display_position: 1 }] }),
    '/api/campaign_api/v1/campaigns': () =>
      ok({
        total: 3,
        list: [
          CAMPAIGN,
          { ...CAMPAIGN, id: 8, name: 'Hidden', invisible: true },
          // Open-ended (end_time 0): a countdown is impossible, a 'from' date shows instead.
          { ...CAMPAIGN, id: 9, name: 'Forever', start_time: 1_767_225_600, end_time: 0, time_type: 1 },
        ],
      }),
    [`${BASE}/campaigns/points`]: (url) => {
      const ids = (url.searchParams.get('campaign_id') ?? '').split(',').map(Number);
      return ok({ campaigns: ids.includes(7) ? [{ campaign_id: 7, transfer_count_total: 1, campaign_points: 10, cross_total_points: 0, extra_points: 0 }] : [] });
    },
    '/api/admin/api/activity/info': () =>
      ok(
        [
          { order: 2, status: 1, end_time: 0, start_time: 0, maintitle: 'Second quest', subtitle: '', img: '', link: '', rewardTags: 'NFT', cover_label: '', userNumValue: 5 },
          { order: 1, status: 1, end_time: NOW_S + 999, start_time: 0, maintitle: 'First quest', subtitle: 'sub', img: '', link: '', rewardTags: 'Points', cover_label: 'Hot', userNumValue: 0 },
          { order: 0, status: 1, end_time: NOW_S - 10, start_time: 0, maintitle: 'Ended quest', subtitle: '', img: '', link: '', rewardTags: '', cover_label: '', userNumValue: 0 },
        ],
        200,
      ),
    ...over,
  });
}

beforeEach(() => {
  resetStores();
  useTaskStore.setState({ states: {}, shared: {} });
  useToastStore.setState({ toasts: [] });
  useSessionStore.setState({ address: USER.toLowerCase(), expiresAt: Date.now() + 3_600_000 });
  useWalletStore.getState().setConnected(USER, 1868);
  vi.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => vi.restoreAllMocks());

/** Follow pressed on a task with no wallet: the wallet list opens and no link is opened; the task's row. */
async function followWithoutWallet(path: string, taskId: string) {
  const user = userEvent.setup();
  renderApp(path);
  const task = await screen.findByTestId(`social-task-${taskId}`);
  await user.click(within(task).getByRole('button', { name: 'Follow' }));
  expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeInTheDocument();
  expect(window.open).not.toHaveBeenCalled();
  return task;
}

describe('activity / quests panel', () => {
  it('shows weekly boxes, the visible campaign with its progress and countdown, and the active quests in order', async () => {
    rewardsApi();
    renderApp('/rewards');
    const mon = await screen.findByTestId('week-box-mon');
    expect(screen.getByTestId('week-box-wed')).toHaveAttribute('data-state', expect.stringMatching(/special|claimed/));
    expect(mon).toBeInTheDocument();
    expect(await screen.findByTestId('campaign-7')).toBeInTheDocument();
    expect(screen.queryByTestId('campaign-8')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('campaign-count-7')).toHaveTextContent('1/3 bridges'));
    const forever = screen.getByTestId('campaign-time-9');
    expect(forever).toHaveTextContent('From 2026-01-01, no end date');
    expect(screen.getByTestId('campaign-9')).not.toHaveTextContent('1970');
    const countdown = screen.getByTestId('campaign-countdown');
    expect(countdown.textContent).toMatch(/^0[23]d \d\d:\d\d:\d\d$/);
    const slide = await screen.findByTestId('quest-slide');
    expect(slide).toHaveTextContent('First quest');
    expect(screen.queryByText('Ended quest')).toBeNull();
  });

  it("a deploy tier links to /deploy only where the deploy page lists its network, and a quest into the bridge only where a route reaches it", async () => {
    const rpc = { rpc_urls: ['http://127.0.0.1:8545'] };
    const deployCampaign = { ...CAMPAIGN, id: 11, name: 'Deploy Week', tasks: [{ points: 30, conditions: { deploy_count: 1, chain: 8453 } }, { points: 30, conditions: { deploy_count: 1, chain: 534352 } }] };
    rewardsApi({
      // ETH between Ethereum and Base only: Scroll is neither bridged nor a check-in chain here, Taiko not reached.
      '/api/bridge_api/v1/app-config': () =>
        ok(testAppConfig({ routes: [{ token: 'ETH', decimals: 18, chains: [1, 8453], enabled: true, min: '0.001', max: '5', fee_tiers: [], dtc: {}, expected_seconds: {} }], cross_routes: [] })),
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [testChain(1, 'Ethereum', rpc), testChain(8453, 'Base', rpc), testChain(534352, 'Scroll', rpc), testChain(167000, 'Taiko', rpc)] }),
      '/api/campaign_api/v1/campaigns': () => ok({ total: 1, list: [deployCampaign] }),
      '/api/admin/api/activity/info': () =>
        ok([{ order: 1, status: 1, end_time: 0, start_time: 0, maintitle: 'Bridge to Taiko', subtitle: '', img: '', link: '/?to=167000', rewardTags: '', cover_label: '', userNumValue: 0 }], 200),
    });
    renderApp('/rewards');
    const base = await screen.findByTestId('campaign-11-task-0');
    await waitFor(() => expect(within(base).getByRole('link', { name: 'Deploy a contract on Base' })).toHaveAttribute('href', '/deploy'));
    const scroll = screen.getByTestId('campaign-11-task-1');
    await waitFor(() => expect(within(scroll).getByTestId('deploy-to-reason-534352')).toHaveTextContent('Contracts cannot be deployed to Scroll here.'));
    expect(scroll).toHaveTextContent('Deploy a contract on Scroll');
    expect(within(scroll).queryByRole('link')).toBeNull();
    const slide = await screen.findByTestId('quest-slide');
    await waitFor(() => expect(within(slide).getByTestId('quest-slide-reason')).toHaveTextContent('This bridge has no route to Taiko.'));
    expect(slide).not.toHaveAttribute('href');
  });

  it("advances 'More Quests' every 5 s", async () => {
    rewardsApi();
    renderApp('/rewards');
    const slide = await screen.findByTestId('quest-slide');
    expect(slide).toHaveAttribute('data-index', '0');
    await waitFor(() => expect(screen.getByTestId('quest-slide')).toHaveAttribute('data-index', '1'), { timeout: 7000 });
    expect(screen.getByTestId('quest-slide')).toHaveTextContent('Second quest');
  }, 15_000);

  it('X task: Follow → Verify with an @-prefixed handle → done, points refreshed 5 s later', async () => {
    const posted: URL[] = [];
    const fetchMock = rewardsApi({ [`${BASE}/campaigns/29`]: (url) => (posted.push(url), ok(null)) });
    const user = userEvent.setup();
    renderApp('/rewards');
    const task = await screen.findByTestId('social-task-29');
    await user.click(within(task).getByRole('button', { name: 'Follow' }));
    expect(window.open).toHaveBeenCalled();
    const verify = within(task).getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    const input = within(task).getByRole('textbox', { name: 'Your X handle' });
    await user.type(input, 'perch_fan');
    expect(input).toHaveValue('@perch_fan');
    const pointsCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/points') && !String(u).includes('campaigns')).length;
    const before = pointsCalls();
    await user.click(within(task).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(within(task).getByRole('img', { name: 'Done' })).toBeInTheDocument());
    expect(posted[0]?.searchParams.get('join_type')).toBe('1');
    expect(posted[0]?.searchParams.get('join_platform')).toBe('1');
    expect(posted[0]?.searchParams.get('twitter_username')).toBe('perch_fan');
    await new Promise((r) => setTimeout(r, 3000));
    expect(pointsCalls()).toBe(before);
    await waitFor(() => expect(pointsCalls()).toBeGreaterThan(before), { timeout: 4000 });
  }, 20_000);

  it("Telegram task failure: 'verify fail.' and Try Again", async () => {
    rewardsApi({ [`${BASE}/campaigns/32`]: () => ({ status: 400, body: { code: 400, msg: 'not a member', data: null } }) });
    const user = userEvent.setup();
    renderApp('/rewards');
    const task = await screen.findByTestId('social-task-32');
    await user.click(within(task).getByRole('button', { name: 'Join' }));
    await user.click(within(task).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('verify fail.');
    expect(within(task).getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });

  it('Discord: Join → Auth, and a code in the URL makes it Verify with join_platform=3', async () => {
    const posted: URL[] = [];
    rewardsApi({ [`${BASE}/campaigns/30`]: (url) => (posted.push(url), ok(null)) });
    useTaskStore.setState({ states: { [`${USER.toLowerCase()}:30`]: 'authorizing' }, shared: {} });
    const user = userEvent.setup();
    renderApp('/rewards?code=oauth-code-1');
    const task = await screen.findByTestId('social-task-30');
    await user.click(await within(task).findByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(within(task).getByRole('img', { name: 'Done' })).toBeInTheDocument());
    expect(posted[0]?.searchParams.get('join_platform')).toBe('3');
    expect(posted[0]?.searchParams.get('code')).toBe('oauth-code-1');
  });

  it('quests need a wallet: without one, Follow opens the wallet list', async () => {
    rewardsApi();
    useWalletStore.getState().disconnect();
    await followWithoutWallet('/points', '29');
  });

  it('a task the server credited shows done after a reload (serverDone), the others not', async () => {
    rewardsApi({
      [`${BASE}/campaigns/points`]: (url) => {
        const ids = (url.searchParams.get('campaign_id') ?? '').split(',').map(Number);
        const social = ids.includes(29)
          ? [
              { campaign_id: 29, transfer_count_total: 0, campaign_points: 30, cross_total_points: 0, extra_points: 0, done: true },
              { campaign_id: 32, transfer_count_total: 0, campaign_points: 0, cross_total_points: 0, extra_points: 0, done: false },
            ]
          : [];
        return ok({ campaigns: social });
      },
    });
    renderApp('/rewards');
    const x = await screen.findByTestId('social-task-29');
    await waitFor(() => expect(within(x).getByRole('img', { name: 'Done' })).toBeInTheDocument());
    expect(x).toHaveAttribute('data-state', 'done');
    expect(within(screen.getByTestId('social-task-32')).getByRole('button', { name: 'Join' })).toBeInTheDocument();
  });

  it('shows the tasks config serves: a follow task (no query) when configured, none that is not', async () => {
    const posted: URL[] = [];
    rewardsApi({
      '/api/campaign_api/v1/social_tasks': () =>
        ok({ list: [...SOCIAL_TASKS.filter((t) => t.id !== 32), { id: 31, platform: 'follow', name: 'Follow the Perch blog', link: 'https://blog.example', points: 25 }] }),
      [`${BASE}/campaigns/31`]: (url) => (posted.push(url), ok(null)),
    });
    const user = userEvent.setup();
    renderApp('/rewards');
    const task = await screen.findByTestId('social-task-31');
    expect(task).toHaveTextContent('Follow the Perch blog');
    expect(task).toHaveTextContent('+25');
    expect(screen.queryByTestId('social-task-32')).toBeNull();
    await user.click(within(task).getByRole('button', { name: 'Follow' }));
    expect(window.open).toHaveBeenCalledWith('https://blog.example', '_blank', 'noopener,noreferrer');
    await user.click(within(task).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(within(task).getByRole('img', { name: 'Done' })).toBeInTheDocument());
    expect([...posted[0]!.searchParams.keys()]).toEqual([]);
  });

  it('asks for every campaign (type=all) and shows an ended one after the running ones, marked Ended', async () => {
    const asked: URL[] = [];
    rewardsApi({
      '/api/campaign_api/v1/campaigns': (url) => (
        asked.push(url),
        ok({ total: 2, list: [{ ...CAMPAIGN, id: 11, name: 'Spring Week', start_time: NOW_S - 90 * 86_400, end_time: NOW_S - 60 * 86_400 }, CAMPAIGN] })
      ),
    });
    renderApp('/rewards');
    const ended = await screen.findByTestId('campaign-11');
    expect(asked[0]?.searchParams.get('type')).toBe('all');
    expect(ended).toHaveAttribute('data-ended', 'true');
    expect(within(ended).getByText('Ended')).toBeInTheDocument();
    // Its dates, not a countdown stuck at zero.
    expect(within(ended).queryByTestId('campaign-countdown')).toBeNull();
    expect(within(ended).getByTestId('campaign-time-11')).toBeInTheDocument();
    const running = screen.getByTestId('campaign-7');
    expect(running).toHaveAttribute('data-ended', 'false');
    expect(running.compareDocumentPosition(ended) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the follow task (31) opens the wallet list when no wallet is connected', async () => {
    useWalletStore.getState().disconnect();
    rewardsApi({
      '/api/campaign_api/v1/social_tasks': () =>
        ok({ list: [...SOCIAL_TASKS, { id: 31, platform: 'follow', name: 'Follow the Perch blog', link: 'https://blog.example', points: 30 }] }),
    });
    const task = await followWithoutWallet('/rewards', '31');
    expect(task).toHaveAttribute('data-state', 'idle');
  });

  it('opens the share modal when a campaign is done with no extra points; Share posts join_type=2', async () => {
    const posted: URL[] = [];
    rewardsApi({
      [`${BASE}/campaigns/points`]: () => ok({ campaigns: [{ campaign_id: 7, transfer_count_total: 3, campaign_points: 60, cross_total_points: 0, extra_points: 0 }] }),
      [`${BASE}/campaigns/7`]: (url) => (posted.push(url), ok(null)),
    });
    const user = userEvent.setup();
    renderApp('/points');
    const dialog = await screen.findByRole('dialog', { name: 'Campaign complete' });
    expect(within(dialog).getByRole('button', { name: 'Bridge Again' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.searchParams.get('join_type')).toBe('2');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Campaign complete' })).toBeNull());
    expect(useTaskStore.getState().shared[USER.toLowerCase()]).toEqual([7]);
  });
});

describe('points page', () => {
  it("shows both events 'Ended' and highlights the boost tier matching the multiplier", async () => {
    rewardsApi({ [`${BASE}/points`]: () => ok({ ...POINTS, multiplier: 1.2 }) });
    renderApp('/points');
    const owlympics = await screen.findByRole('link', { name: /Metaverse Owlympics/ });
    const owlmazing = screen.getByRole('link', { name: /Owlmazing Summer/ });
    expect(owlympics).toHaveTextContent('Ended');
    expect(owlmazing).toHaveTextContent('Ended');
    await waitFor(() => expect(document.querySelector('.boost-tier--current')).not.toBeNull());
    const current = document.querySelectorAll('.boost-tier--current');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('1.2x');
    expect(current[0]).toHaveTextContent('10');
    expect(current[0]).toHaveAttribute('aria-current', 'step');
  });
});
