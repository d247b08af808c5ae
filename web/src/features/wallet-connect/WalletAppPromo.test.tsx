import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';

const REAL_UA = navigator.userAgent;
const setUserAgent = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  mockApi();
});
afterEach(() => setUserAgent(REAL_UA));

describe('the wallet-app promo', () => {
  it('inside OKX’s app: a welcome whose Bridge button goes to the bridge and opens the wallet list, once a session', async () => {
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 OKApp/(OKEx/6.90.1)');
    const user = userEvent.setup();
    const { router, unmount } = renderApp('/swap');
    const promo = await screen.findByRole('dialog', { name: 'Perch in OKX Wallet' });
    expect(within(promo).getByTestId('wallet-app-promo')).toHaveAttribute('data-app', 'okx');
    await user.click(within(promo).getByRole('button', { name: 'Bridge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const wallets = await screen.findByRole('dialog', { name: 'Connect Wallet' });
    // The list inside the app is the app's own wallet only.
    expect(within(wallets).getByText('OKX Wallet')).toBeInTheDocument();
    expect(within(wallets).queryByText('MetaMask')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Perch in OKX Wallet' })).toBeNull();
    unmount();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: 'Perch in OKX Wallet' })).toBeNull();
  });

  it('in an ordinary browser there is no promo', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('wallet-app-promo')).toBeNull();
  });
});
