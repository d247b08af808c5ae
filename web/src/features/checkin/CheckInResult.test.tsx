import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import { useToastStore } from '@/features/toast/store';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import * as checkIn from './checkIn';

// The wallet part (switch chain, send checkIn(today), receipt) is driven for real in e2e/rewards.spec.ts;
// here only its outcome is replaced to check what the modal tells the user.
const USER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const CONTRACT = { chainId: 1868, contractAddress: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' };

beforeEach(() => {
  resetStores();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
  checkIn.useCheckInModal.setState({ open: false, chainId: 1868 });
  useWalletStore.getState().setConnected(USER, 1);
});

function api() {
  return mockApi({
    '/api/lottery/maker/sign/contract': () => ok([CONTRACT], 200),
    [`/api/campaign_api/v1/${USER}/chainSignInInfo`]: () => ok({ sign_in_mask: '0000000', list: [], time_now: Math.floor(Date.now() / 1000) }),
    '/api/lottery/maker/sign/user': () => ok({ historyList: [], transactionCount: 0, isCheckIn: false }, 200),
  });
}

async function clickCheckIn() {
  const user = userEvent.setup();
  renderApp('/');
  await user.click(screen.getByRole('button', { name: 'Check-in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Daily Check-in' });
  const submit = within(dialog).getByTestId('checkin-submit');
  await waitFor(() => expect(submit).toBeEnabled());
  expect(submit).toHaveTextContent('Check in');
  await user.click(submit);
}

describe('check-in outcome', () => {
  it('shows a step list while it runs (signed, waiting for its block) and after (every step done), not only "Checking in…"', async () => {
    api();
    let mined: () => void = () => {};
    vi.spyOn(checkIn, 'runCheckIn').mockImplementation(async (_address, contract, onStep = () => {}) => {
      onStep(checkIn.checkInSteps(true, 'signIn', 'sign'));
      onStep(checkIn.checkInSteps(true, 'checkIn', 'sign'));
      onStep(checkIn.checkInSteps(true, 'checkIn', 'pending').map((s) => (s.id === 'checkIn' ? { ...s, tx: { chainId: contract.chainId, hash: '0xabc' } } : s)));
      await new Promise<void>((resolve) => {
        mined = resolve;
      });
      onStep(checkIn.checkInSteps(true, 'credit', 'done'));
      return { points: 2, basePoints: 2, multiplier: 1, message: 'Check in success', hash: '0xabc' };
    });
    await clickCheckIn();
    const dialog = screen.getByRole('dialog', { name: 'Daily Check-in' });
    const step = (id: string) => within(dialog).getByTestId(`checkin-steps-${id}`);
    await waitFor(() => expect(step('checkIn')).toHaveAttribute('data-status', 'pending'));
    expect(step('signIn')).toHaveTextContent('Sign inDone');
    expect(step('checkIn')).toHaveTextContent('Check in on 1868Pending');
    expect(step('credit')).toHaveAttribute('data-status', 'todo');
    act(() => mined());
    await waitFor(() => expect(step('credit')).toHaveAttribute('data-status', 'done'));
    expect(step('checkIn')).toHaveAttribute('data-status', 'confirmed');
    expect(step('credit')).toHaveTextContent('Credit the pointsDone');
  });

  it('checkInSteps: sign-in only without a session; the earlier steps finished, the later ones not started', () => {
    const states = (steps: { id: string; status: string }[]) => steps.map((s) => `${s.id}:${s.status}`);
    expect(states(checkIn.checkInSteps(false, 'checkIn', 'sign'))).toEqual(['checkIn:sign', 'credit:todo']);
    expect(states(checkIn.checkInSteps(true, 'checkIn', 'preparing'))).toEqual(['signIn:done', 'checkIn:preparing', 'credit:todo']);
    expect(states(checkIn.checkInSteps(false, 'credit', 'failed'))).toEqual(['checkIn:confirmed', 'credit:failed']);
  });

  it("says 'Check in success' (and the x2 message when doubled) and refreshes the points", async () => {
    const fetchMock = api();
    const run = vi.spyOn(checkIn, 'runCheckIn').mockResolvedValue({ points: 4, basePoints: 2, multiplier: 2, message: 'Check in success', hash: '0xabc' });
    await clickCheckIn();
    expect(await screen.findByText('Check in success')).toBeInTheDocument();
    expect(screen.getByText('Check-in has earned x2 points!', { selector: '.toast' })).toBeInTheDocument();
    expect(run).toHaveBeenCalledWith(USER, CONTRACT, expect.any(Function));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/sign/user')).length).toBeGreaterThan(1));
  });

  it('shows the x5 message when the day is bridged (base 10), then the x2 message when doubled', async () => {
    api();
    vi.spyOn(checkIn, 'runCheckIn').mockResolvedValue({ points: 20, basePoints: 10, multiplier: 2, message: 'Check in success', hash: '0xabd' });
    await clickCheckIn();
    expect(await screen.findByText('Check in success')).toBeInTheDocument();
    const toasts = () => [...document.querySelectorAll('.toast')].map((e) => e.textContent ?? '');
    await waitFor(() => expect(toasts().length).toBeGreaterThanOrEqual(3));
    const x5 = toasts().findIndex((s) => s.includes('You bridged today: check-in has earned x5 points!'));
    const x2 = toasts().findIndex((s) => s.includes('Check-in has earned x2 points!'));
    expect(x5).toBeGreaterThanOrEqual(0);
    expect(x2).toBeGreaterThan(x5);
  });

  it('shows neither bonus message for a plain 2-point day', async () => {
    api();
    vi.spyOn(checkIn, 'runCheckIn').mockResolvedValue({ points: 2, basePoints: 2, multiplier: 1, message: 'Check in success', hash: '0xabe' });
    await clickCheckIn();
    expect(await screen.findByText('Check in success')).toBeInTheDocument();
    expect(screen.queryByText(/x5 points/)).toBeNull();
    expect(screen.queryByText('Check-in has earned x2 points!', { selector: '.toast' })).toBeNull();
  });

  it('shows the server message as an error on failure', async () => {
    api();
    vi.spyOn(checkIn, 'runCheckIn').mockRejectedValue(new ApiError('http', 'this wallet already checked in today', { status: 409 }));
    await clickCheckIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('this wallet already checked in today');
  });
});
