import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n';
import { testAppConfig } from '@/test/appConfig';
import { testChain } from '@/test/chains';
import { mockApi, ok } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { ACTIVITY_LEAVE_MS, ACTIVITY_POPUP_MS, useActivityPopup } from './ActivityHover';
import { PointsBadge } from './PointsBadge';
import { renderInRouter } from '@/test/renderApp';

const USER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const POINTS = { campaign_points: 5, cross_points: 100, refer_points: 12, check_in_points: 2, pool_points: 0, multiplier: 1, cross_points_v1: 20, refer_points_v1: 3 };

const renderBadge = () => renderInRouter(<PointsBadge />);

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  useActivityPopup.setState({ dismissed: false });
  useWalletStore.getState().setConnected(USER, 8453);
  mockApi({
    [`/api/campaign_api/v1/${USER}/points`]: () => ok(POINTS),
    '/api/admin/api/activity/info': () => ok([{ order: 1, status: 1, end_time: 0, start_time: 0, maintitle: 'Bridge to Soneium', subtitle: 'Five bridges', img: '', link: '', rewardTags: '', cover_label: '', userNumValue: 0 }], 200),
  });
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

describe('the activity popup on the points badge', () => {
  it('opens after the pointer rests 1 s on the badge, not before, and closes when it leaves', async () => {
    expect(ACTIVITY_POPUP_MS).toBe(1000);
    renderBadge();
    const badge = screen.getByTestId('points-badge');
    fireEvent.mouseEnter(badge.parentElement!);
    advance(ACTIVITY_POPUP_MS - 50);
    expect(screen.queryByRole('dialog', { name: 'Activity' })).toBeNull();
    advance(50);
    const popup = screen.getByRole('dialog', { name: 'Activity' });
    expect(await screen.findByText('Bridge to Soneium')).toBeInTheDocument();
    expect(await screen.findByText('120')).toBeInTheDocument(); // bridge points: cross + cross_v1
    // Moving into the popup keeps it; leaving both closes it after the grace.
    fireEvent.mouseLeave(badge.parentElement!);
    advance(ACTIVITY_LEAVE_MS - 50);
    fireEvent.mouseEnter(popup.parentElement!);
    advance(ACTIVITY_LEAVE_MS);
    expect(screen.getByRole('dialog', { name: 'Activity' })).toBeInTheDocument();
    fireEvent.mouseLeave(popup.parentElement!);
    advance(ACTIVITY_LEAVE_MS);
    expect(screen.queryByRole('dialog', { name: 'Activity' })).toBeNull();
    // A short pass over the badge does not open it.
    fireEvent.mouseEnter(badge.parentElement!);
    advance(400);
    fireEvent.mouseLeave(badge.parentElement!);
    advance(2000);
    expect(screen.queryByRole('dialog', { name: 'Activity' })).toBeNull();
  });

  it('once the user closes it, hovering no longer opens it', () => {
    renderBadge();
    const wrap = screen.getByTestId('points-badge').parentElement!;
    fireEvent.mouseEnter(wrap);
    advance(ACTIVITY_POPUP_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Close the activity panel' }));
    expect(screen.queryByRole('dialog', { name: 'Activity' })).toBeNull();
    expect(useActivityPopup.getState().dismissed).toBe(true);
    fireEvent.mouseLeave(wrap);
    fireEvent.mouseEnter(wrap);
    advance(ACTIVITY_POPUP_MS * 3);
    expect(screen.queryByRole('dialog', { name: 'Activity' })).toBeNull();
  });

  it("a quest that leads into the bridge links there only when a route reaches its network; otherwise it says why", async () => {
    const quest = (order: number, maintitle: string, link: string) => ({ order, status: 1, end_time: 0, start_time: 0, maintitle, subtitle: '', img: '', link, rewardTags: '', cover_label: '', userNumValue: 0 });
    mockApi({
      [`/api/campaign_api/v1/${USER}/points`]: () => ok(POINTS),
      '/api/admin/api/activity/info': () => ok([quest(1, 'Bridge to Taiko', '/?to=167000'), quest(2, 'Bridge to Base', '/?to=8453'), quest(3, 'Daily check-in', '/rewards')], 200),
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [testChain(1, 'Ethereum'), testChain(8453, 'Base'), testChain(167000, 'Taiko')] }),
      // ETH between Ethereum and Base only: no route reaches Taiko.
      '/api/bridge_api/v1/app-config': () =>
        ok(testAppConfig({ routes: [{ token: 'ETH', decimals: 18, chains: [1, 8453], enabled: true, min: '0.001', max: '5', fee_tiers: [], dtc: {}, expected_seconds: {} }], cross_routes: [] })),
    });
    renderBadge();
    fireEvent.mouseEnter(screen.getByTestId('points-badge').parentElement!);
    advance(ACTIVITY_POPUP_MS);
    const taiko = await screen.findByTestId('activity-quest-0');
    expect(await screen.findByTestId('quest-reason-0')).toHaveTextContent('This bridge has no route to Taiko.');
    expect(taiko).toHaveTextContent('Bridge to Taiko');
    expect(taiko.querySelector('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'Bridge to Base' })).toHaveAttribute('href', '/?to=8453');
    expect(screen.getByRole('link', { name: 'Daily check-in' })).toHaveAttribute('href', '/rewards');
    expect(screen.queryByTestId('quest-reason-1')).toBeNull();
  });
});
