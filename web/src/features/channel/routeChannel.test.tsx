import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useWalletStore } from '@/wallet/store';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { testAppConfig } from '@/test/appConfig';
import { channelBySlug, useRouteChannel } from './routeChannel';

const CHANNELS = testAppConfig().channels;

const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

beforeEach(() => {
  resetStores();
  useBridgeForm.getState().reset();
  useRouteChannel.setState({ channel: null });
});

describe('partner channel routes', () => {
  it('finds a channel by slug or name, case-insensitively (the served config/channels.json)', () => {
    expect(channelBySlug('u2u', CHANNELS)?.channel_id).toBe(531);
    expect(channelBySlug('Over', CHANNELS)?.channel_id).toBe(1081);
    expect(channelBySlug('OVER', CHANNELS)?.channel_id).toBe(1081);
    expect(channelBySlug('nope', CHANNELS)).toBeUndefined();
    expect(channelBySlug(undefined, CHANNELS)).toBeUndefined();
    expect(CHANNELS.find((c) => c.channel_id === 98675412)?.powered_by).toBe(false);
  });

  it('/network/u2u: partner title, logo, USDT preselected, Powered by footer; / goes back to the main channel', async () => {
    mockApi();
    const { router } = renderApp('/network/u2u');
    expect(await screen.findByRole('heading', { level: 1, name: 'U2U Bridge' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'U2U' })).toHaveAttribute('src', '/icons/channels/u2u.svg');
    await waitFor(() => expect(screen.getByTestId('powered-by')).toHaveTextContent('Powered by'));
    expect(useBridgeForm.getState().token).toBe('USDT');
    expect(document.documentElement.dataset.channel).toBe('531');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/network/u2u/history');
    await waitFor(() => expect(within(screen.getByRole('banner')).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/network/u2u/history'));
    await router.navigate('/');
    await waitFor(() => expect(screen.queryByTestId('powered-by')).toBeNull());
    expect(document.documentElement.dataset.channel).toBe('98675412');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history');
  });

  it('/dapp/over is the Over channel; /network/over/history asks for the Over channel only', async () => {
    const fetchMock = mockApi({ '/api/bridge_api/v1/history': () => ok({ list: [], total: 0, page: 1, size: 10 }) });
    const { router } = renderApp('/dapp/over');
    expect(await screen.findByRole('heading', { level: 1, name: 'Over Bridge' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('powered-by')).toBeInTheDocument());
    useWalletStore.getState().setConnected(USER, 1);
    await router.navigate('/network/over/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Over History' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('No transactions yet.')).toBeInTheDocument());
    const q = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).find((u) => u.pathname.endsWith('/history'));
    expect(q?.searchParams.get('channel')).toBe('1081');
    expect(screen.getByTestId('powered-by')).toBeInTheDocument();
  });

  it("a partner only this deployment's channels.json lists has its page; one it does not list is not found", async () => {
    const u2u = CHANNELS.find((c) => c.slug === 'u2u');
    if (!u2u) throw new Error('no u2u channel');
    const acme = { ...u2u, channel_id: 4242, name: 'Acme', slug: 'acme', label: 'Acme', domains: ['acme.example'] };
    mockApi({ '/api/bridge_api/v1/app-config': () => ok(testAppConfig({ channels: [...CHANNELS.filter((c) => c.slug !== 'u2u'), acme] })) });
    const { router } = renderApp('/network/acme');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Bridge' })).toBeInTheDocument();
    expect(document.documentElement.dataset.channel).toBe('4242');
    await router.navigate('/network/u2u');
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
