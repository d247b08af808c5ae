import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appBus } from '@/lib/eventBus';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';

beforeEach(() => resetStores());

describe('mobile tab bar and More panel', () => {
  it('has Bridge, Swap, Rewards, Deploy and More', async () => {
    mockApi();
    renderApp('/');
    const bar = await screen.findByRole('navigation', { name: 'Mobile tabs' });
    for (const name of ['Bridge', 'Swap', 'Rewards', 'Deploy']) expect(within(bar).getByRole('link', { name })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'More' })).toBeInTheDocument();
  });

  it('More opens the panel with its entries and a link closes it', async () => {
    mockApi();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const bar = await screen.findByRole('navigation', { name: 'Mobile tabs' });
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const panel = screen.getByRole('dialog', { name: 'More' });
    for (const name of ['My Points', 'History', 'L2 Tracker', 'Ecosystem', 'Terms of use']) {
      expect(within(panel).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(panel).getByRole('switch', { name: 'Toggle light mode' })).toBeInTheDocument();
    // No trust badge without a report behind it.
    expect(within(panel).queryByText(/audit/i)).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Discord' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('link', { name: 'My Points' }));
    expect(router.state.location.pathname).toBe('/points');
    expect(screen.queryByRole('dialog', { name: 'More' })).toBeNull();
  });
});

describe('quit-wallet event', () => {
  it('disconnects and reopens the wallet list', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi();
    useWalletStore.getState().setConnected('0x000000000000000000000000000000000000bEEF', 1);
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main' });
    act(() => appBus.emit('quit-wallet', { reason: 'no switch client' }));
    expect(useWalletStore.getState().address).toBe('');
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeInTheDocument();
  });
});
