import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { testAppConfig } from '@/test/appConfig';
import { mockApi, ok, type MockHandler } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { utcDateKey } from './calendar';
import { useCheckInModal } from './checkIn';

const USER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const TX = `0x${'ab'.repeat(32)}`;
const CHAIN_1868 = { chain_id: 1868, chain_name: 'Soneium', alias_name: 'Soneium', explorer_url: 'https://soneium.blockscout.com', block_explorers: [{ name: 'Blockscout', url: 'https://soneium.blockscout.com' }], flags: { evm: true, bitcoin: false, non_evm: false }, rpc_urls: [], disabled: false, is_testnet: false, popular_item_list: [], native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 } };

beforeEach(() => {
  resetStores();
  useCheckInModal.setState({ open: false, chainId: null });
});

function api(mask = '0000000', over: Record<string, MockHandler> = {}) {
  const today = new Date();
  return mockApi({
    '/api/bridge_api/v1/get-all-chains': () => ok({ list: [CHAIN_1868] }),
    '/api/lottery/maker/sign/contract': () => ok([{ chainId: 1868, contractAddress: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' }, { chainId: 8453, contractAddress: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' }], 200),
    [`/api/campaign_api/v1/${USER}/chainSignInInfo`]: () => ok({ sign_in_mask: mask, list: [], time_now: Math.floor(Date.now() / 1000) }),
    '/api/lottery/maker/sign/user': (url) =>
      ok(
        Number(url.searchParams.get('month')) === today.getUTCMonth() + 1
          ? { historyList: [{ blockDate: utcDateKey(today), points: 4, chainId: 1868, txHash: TX, inBridge: false }], transactionCount: 1, isCheckIn: true }
          : { historyList: [], transactionCount: 0, isCheckIn: false },
        200,
      ),
    ...over,
  });
}

/** A wallet on `chainId` opens the check-in dialog from the header; its chain selector. */
async function openChainSelector(chainId: number) {
  useWalletStore.getState().setConnected(USER, chainId);
  const user = userEvent.setup();
  renderApp('/');
  await user.click(screen.getByRole('button', { name: 'Check-in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Daily Check-in' });
  const select = await within(dialog).findByRole('combobox', { name: 'Check-in chain' });
  return { user, dialog, select };
}

describe('daily check-in modal', () => {
  it('opens from the header: banner, chain selector (1868 first), ticking hh:mm:ss countdown', async () => {
    api();
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Check-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily Check-in' });
    expect(within(dialog).getByTestId('checkin-banner')).toBeInTheDocument();
    const select = await within(dialog).findByRole('combobox', { name: 'Check-in chain' });
    await waitFor(() => expect(select).toHaveAttribute('data-value', '1868'));
    await user.click(select);
    expect(within(dialog).getByRole('option', { name: 'Soneium' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('option', { name: 'Soneium' }));
    const clock = within(dialog).getByTestId('checkin-countdown');
    const first = clock.textContent;
    expect(first).toMatch(/^([01]\d|2[0-4]):[0-5]\d:[0-5]\d$/);
    await waitFor(() => expect(clock.textContent).not.toBe(first), { timeout: 2500 });
    // Without a wallet the button connects one.
    await user.click(within(dialog).getByTestId('checkin-submit'));
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it('the chain selector shows chain icons and starts on the wallet’s chain when it has a check-in contract', async () => {
    const base = { ...CHAIN_1868, chain_id: 8453, chain_name: 'Base', alias_name: 'Base', icon: '/icons/networks/base.svg' };
    const soneium = { ...CHAIN_1868, icon: '/icons/networks/soneium.svg' };
    api('0000000', { '/api/bridge_api/v1/get-all-chains': () => ok({ list: [soneium, base] }) });
    const { user, dialog, select } = await openChainSelector(8453);
    await waitFor(() => expect(select).toHaveAttribute('data-value', '8453'));
    await waitFor(() => expect(select.querySelector('img')).toHaveAttribute('src', '/icons/networks/base.svg'));
    expect(useCheckInModal.getState().chainId).toBe(8453);
    await user.click(select);
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.querySelector('img')?.getAttribute('src'))).toEqual(['/icons/networks/soneium.svg', '/icons/networks/base.svg']);
    expect(within(dialog).getByRole('option', { name: /Base/ })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(dialog).getByRole('option', { name: 'Soneium' }));
    expect(select).toHaveAttribute('data-value', '1868');
    expect(useCheckInModal.getState().chainId).toBe(1868);
    expect(within(dialog).queryByRole('listbox')).toBeNull();
  });

  it('on a wallet chain without a check-in contract the selector stays on the default chain (1868)', async () => {
    api();
    const { select } = await openChainSelector(42161);
    await waitFor(() => expect(select).toHaveAttribute('data-value', '1868'));
  });

  it("starts on the deployment's check-in chain (app-config), not one built into the app", async () => {
    api('0000000', { '/api/bridge_api/v1/app-config': () => ok(testAppConfig({ checkin: { chain_id: 8453, contract: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' } })) });
    const { select } = await openChainSelector(42161);
    await waitFor(() => expect(select).toHaveAttribute('data-value', '8453'));
    expect(useCheckInModal.getState().chainId).toBe(8453);
  });

  it('shows per-day points, links a checked-in day to the explorer, and stops at December 2023', async () => {
    api();
    useWalletStore.getState().setConnected(USER, 1868);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Check-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily Check-in' });
    await waitFor(() => expect(within(dialog).getByTestId(`checkin-day-${utcDateKey(new Date())}`).tagName).toBe('A'), { timeout: 5000 });
    const link = within(dialog).getByTestId(`checkin-day-${utcDateKey(new Date())}`);
    expect(link).toHaveAttribute('href', `https://soneium.blockscout.com/tx/${TX}`);
    expect(link).toHaveTextContent('+4');
    expect(within(dialog).getByTestId('checkin-submit')).toHaveTextContent('Checked in today');
    expect(within(dialog).getByRole('button', { name: 'Next month' })).toBeDisabled();
    const prev = within(dialog).getByRole('button', { name: 'Previous month' });
    for (let i = 0; i < 200 && !(prev as HTMLButtonElement).disabled; i++) await user.click(prev);
    expect(within(dialog).getByTestId('calendar-month')).toHaveTextContent('December 2023');
    expect(prev).toBeDisabled();
  }, 30_000);

  it("says 'Check-in has earned x2 points!' on a special day", async () => {
    // Two check-ins right before today make today special whatever the weekday.
    const weekday = (new Date().getUTCDay() + 6) % 7;
    const mask = weekday >= 2 ? [...'0000000'].map((_, i) => (i === weekday - 1 || i === weekday - 2 ? '1' : '0')).join('') : '0000000';
    api(mask);
    useWalletStore.getState().setConnected(USER, 1868);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Check-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily Check-in' });
    // Mon/Tue without a visible streak are special only when Wed/Fri/Sun, i.e. never: then no message.
    if (weekday >= 2) expect(await within(dialog).findByTestId('checkin-x2')).toHaveTextContent('Check-in has earned x2 points!');
    else expect(within(dialog).queryByTestId('checkin-x2')).toBeNull();
  });
});
