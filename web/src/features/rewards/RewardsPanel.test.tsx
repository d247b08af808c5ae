import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/features/auth/session';
import { useToastStore } from '@/features/toast/store';
import { mockApi, ok, type MockHandler } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
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

function rewardsApi(over: Record<string, MockHandler> = {}) {
  return mockApi({
    [`${BASE}/points`]: () => ok(POINTS),
    [`${BASE}/chainSignInInfo`]: () => ok({ sign_in_mask: '0000000', list: [], time_now: NOW_S }),
    '/api/campaign_api/v1/themes': () => ok({ list: [{ id: 1, name: 'Summer', display_position: 1 }] }),
    '/api/campaign_api/v1/campaigns': () => ok({ total: 2, list: [CAMPAIGN, { ...CAMPAIGN, id: 8, name: 'Hidden', invisible: true }] }),
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
    const countdown = screen.getByTestId('campaign-countdown');
    expect(countdown.textContent).toMatch(/^0[23]d \d\d:\d\d:\d\d$/);
    const slide = await screen.findByTestId('quest-slide');
    expect(slide).toHaveTextContent('First quest');
    expect(screen.queryByText('Ended quest')).toBeNull();
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
    const user = userEvent.setup();
    renderApp('/points');
    const task = await screen.findByTestId('social-task-29');
    await user.click(within(task).getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(window.open).not.toHaveBeenCalled();
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
