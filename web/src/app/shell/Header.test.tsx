import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { testAppConfig } from '@/test/appConfig';
import { MAIN_CHANNEL, mockApi, notFound, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';

const POOL_ALLOW_LIST = testAppConfig().pool_allow_list;

const USER = '0x000000000000000000000000000000000000bEEF';

beforeEach(() => resetStores());

describe('Header', () => {
  it('shows logo, nav with the Hot tag, a points hint to a visitor (never "loading") and Connect Wallet', async () => {
    mockApi();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Bridge', 'Swap', 'Deploy', 'Portfolio']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    const rewards = within(nav).getByRole('link', { name: /Rewards/ });
    expect(within(rewards).getByText('Hot')).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Pool' })).toBeNull();
    expect(screen.getByTestId('points-badge')).toHaveTextContent('Sign in');
    expect(screen.getByTestId('points-badge')).toHaveAccessibleName('Connect a wallet to see your points');
    expect(screen.getByRole('link', { name: 'Perch home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history');
    expect(screen.getByRole('button', { name: 'Check-in' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Connect Wallet' }).length).toBeGreaterThan(0);
  });

  it('shows "loading" while a remembered wallet reconnects', async () => {
    mockApi();
    useWalletStore.setState({ connected: true, address: '' });
    renderApp('/');
    expect(await screen.findByTestId('points-badge')).toHaveTextContent('loading');
  });

  it('shows a dash, not "loading" for ever, when the points call fails', async () => {
    const fetchMock = mockApi({ '/api/campaign_api/v1/*': () => notFound() });
    useWalletStore.getState().setConnected(USER, 1);
    renderApp('/');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/points'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('points-badge')).toHaveAttribute('data-state', 'failed'));
    expect(screen.getByTestId('points-badge')).toHaveTextContent('-');
    expect(screen.getByTestId('points-badge')).not.toHaveTextContent('loading');
  });

  it('animates the badge to the sum of the seven point fields', async () => {
    mockApi({
      [`/api/campaign_api/v1/${USER}/points`]: () =>
        ok({
          campaign_points: 100,
          cross_points: 200,
          refer_points: 300,
          check_in_points: 400,
          pool_points: 500,
          multiplier: 1.2,
          cross_points_v1: 600,
          refer_points_v1: 700,
        }),
    });
    useWalletStore.getState().setConnected(USER, 1);
    renderApp('/');
    // 1.5 s of animation; the generous wait covers a machine busy with the other suites.
    await waitFor(() => expect(screen.getByTestId('points-badge')).toHaveTextContent('2,800'), { timeout: 20000 });
  }, 30000);

  it('shows Pool only to allow-listed connected addresses (case-insensitive)', async () => {
    mockApi();
    useWalletStore.getState().setConnected((POOL_ALLOW_LIST[3] ?? '').toUpperCase().replace('0X', '0x'), 1);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Pool' })).toHaveAttribute('href', '/pool');
  });

  it('follows the channel nav and shows "Powered by" for partner channels', async () => {
    mockApi({
      '/api/bridge_api/v1/getChannelIDByDomainName': () =>
        ok({ ...MAIN_CHANNEL, channel_id: 531, name: 'U2U', nav: ['bridge', 'rewards'], powered_by: true }),
    });
    renderApp('/');
    expect(await screen.findByTestId('powered-by')).toHaveTextContent('Powered by');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Swap' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Bridge' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'API&SDK' })).toBeNull();
  });

  it('main channel footer has the docs, API&SDK, brand kit, audit, ecosystem and terms links', async () => {
    mockApi();
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'API&SDK' })).toHaveAttribute('href', '/docs/api');
    for (const name of ['Docs', 'Brand kit', 'Audit', 'Ecosystem', 'Terms']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Status' })).toHaveAttribute('href', '/status');
    expect(screen.queryByTestId('powered-by')).toBeNull();
  });

  it('opens the Connect Wallet modal with EVM / Solana / Non-EVM tabs on the main channel', async () => {
    mockApi();
    renderApp('/');
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Connect Wallet' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' });
    for (const name of ['EVM', 'Solana', 'Non-EVM']) expect(within(dialog).getByRole('tab', { name })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Connect Wallet' })).toBeNull();
  });

  it('the desktop More menu reaches Tracker, Query, Faucet and the maker dashboard, and switches language', async () => {
    mockApi();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await screen.findByRole('navigation', { name: 'Main' });
    const more = screen.getAllByRole('button', { name: 'More' }).find((b) => b.getAttribute('aria-haspopup') === 'true') as HTMLElement;
    await user.click(more);
    const menu = screen.getByRole('group', { name: 'More' });
    const links = [
      ['L2 Tracker', '/tracker'],
      ['Order query', '/query'],
      ['Faucet', '/faucet'],
      ['Maker dashboard', '/maker'],
      ['Bridge status', '/status'],
    ] as const;
    for (const [name, href] of links) expect(within(menu).getByRole('link', { name })).toHaveAttribute('href', href);
    await user.click(within(menu).getByRole('button', { name: '中文' }));
    expect((await screen.findAllByRole('link', { name: '跨链桥' })).length).toBeGreaterThan(0);
    await user.click(within(screen.getByRole('group', { name: '更多' })).getByRole('link', { name: '水龙头' }));
    expect(router.state.location.pathname).toBe('/faucet');
  });

  it('navigates with header links', async () => {
    mockApi();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Swap' }));
    expect(router.state.location.pathname).toBe('/swap');
    // Pages other than the bridge are chunks of their own: the heading appears once loaded.
    expect(await screen.findByRole('heading', { level: 1, name: 'Swap' })).toBeInTheDocument();
  });
});
