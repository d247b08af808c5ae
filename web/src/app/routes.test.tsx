import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testAppConfig } from '@/test/appConfig';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { pathOf, ROUTE_TABLE } from './routeTable';

const POOL_ALLOW_LIST = testAppConfig().pool_allow_list;

beforeEach(() => resetStores());

const SPEC_PATHS = [
  '/', '/bridge', '/swap', '/maker', '/status', '/strkairdrop', '/taikodrop', '/blastdrop', '/zkairdrop', '/layerzero-airdrop',
  '/tracker', '/tracker/scrollmarks', '/tracker/scroll-airdrop', '/tracker/lxp', '/tracker/soneium-og', '/tracker/zora-airdrop',
  '/ecosystem', '/deploy', '/inscribe', '/history', '/invitepage', '/developingpage', '/test', '/rewards', '/rewards-phase1',
  '/faucet', '/Faucet/Ink', '/Faucet/IP', '/Faucet/Monad', '/query', '/dapp/:name', '/network/:name', '/network/:name/history',
  '/owlmazing', '/owlympics', '/pool', '/points', '/portfolio', '/drop/bob-spice', '/soneium-badge', '/tos', '/access-restricted',
];

describe('route table', () => {
  it('contains every route of the spec', () => {
    const paths = ROUTE_TABLE.map((r) => r.path);
    for (const p of SPEC_PATHS) expect(paths).toContain(p);
  });

  it('has the named routes of the spec, all names unique', () => {
    const names = ROUTE_TABLE.map((r) => r.name);
    for (const n of ['confirm', 'completed', 'inscribe', 'owlmazing', 'lxp', 'scrollmarks', 'scrollbadge', 'soneiumBadge', 'bobSpice', 'monadFaucet', 'terms', 'bridge']) {
      expect(names).toContain(n);
    }
    expect(new Set(names).size).toBe(names.length);
    expect(pathOf('terms')).toBe('/tos');
    expect(pathOf('monadFaucet')).toBe('/Faucet/Monad');
  });

  it.each([['/bridge'], ['/inscribe']])('%s redirects to /', async (from) => {
    mockApi();
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bridge' })).toBeInTheDocument();
  });

  it('event pages hide the navigation bar', async () => {
    mockApi();
    renderApp('/owlmazing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Owlmazing Summer' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Mobile tabs' })).toBeNull();
  });

  it('the bridge page shows its card: From/To, amount and a Connect Wallet send button', async () => {
    mockApi();
    renderApp('/');
    expect(await screen.findByText('From')).toBeInTheDocument();
    expect(screen.getByText('To')).toBeInTheDocument();
    expect(screen.getByText('Amount')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Connect Wallet' })).toHaveLength(2);
  });

  it('the history page shows its table headers', async () => {
    mockApi();
    renderApp('/history');
    const bridges = await screen.findByTestId('history-bridges');
    for (const name of ['Time', 'From', 'To', 'Amount', 'Status', 'Transaction']) {
      expect(await within(bridges).findByRole('columnheader', { name })).toBeInTheDocument();
    }
    const deploys = screen.getByTestId('history-deploys');
    for (const name of ['Time', 'Network', 'Contract', 'Transaction']) expect(within(deploys).getByRole('columnheader', { name })).toBeInTheDocument();
  });
});

describe('guards', () => {
  it('/pool sends visitors without an allow-listed address to /', async () => {
    mockApi();
    const { router } = renderApp('/pool');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('/pool sends a connected but unlisted address to /', async () => {
    mockApi();
    useWalletStore.getState().setConnected('0x000000000000000000000000000000000000dEaD', 1);
    const { router } = renderApp('/pool');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('/pool renders for an allow-listed address in any case', async () => {
    mockApi();
    useWalletStore.getState().setConnected((POOL_ALLOW_LIST[0] ?? '').toLowerCase(), 1);
    const { router } = renderApp('/pool');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pool' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pool');
  });

  it("/pool follows the deployment's allow-list (app-config), not the repository's file", async () => {
    const listed = '0x000000000000000000000000000000000000dEaD';
    mockApi({ '/api/bridge_api/v1/app-config': () => ok(testAppConfig({ pool_allow_list: [listed.toLowerCase()] })) });
    useWalletStore.getState().setConnected(listed, 1);
    const { router } = renderApp('/pool');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pool' })).toBeInTheDocument();
    await router.navigate('/');
    useWalletStore.getState().setConnected(POOL_ALLOW_LIST[0] ?? '', 1);
    await router.navigate('/pool');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each(['CU', 'IR', 'KP', 'SY', 'RU', 'CN'])('visitors from %s land on /access-restricted', async (cc) => {
    mockApi({ '/api/nocore_api/v1/ip-info': () => ok({ country_code: cc }) });
    const { router } = renderApp('/swap');
    await waitFor(() => expect(router.state.location.pathname).toBe('/access-restricted'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access restricted' })).toBeInTheDocument();
  });

  it('an ip-info failure is logged, not blocking', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ '/api/nocore_api/v1/ip-info': () => ({ status: 500, body: { code: 500, msg: 'down', data: null } }) });
    const { router } = renderApp('/swap');
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('ip-info'), expect.anything()));
    expect(router.state.location.pathname).toBe('/swap');
    expect(screen.getByRole('heading', { level: 1, name: 'Swap' })).toBeInTheDocument();
  });

  it('US visitors stay where they are', async () => {
    const fetchMock = mockApi();
    const { router } = renderApp('/rewards');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('ip-info'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(router.state.location.pathname).toBe('/rewards');
  });
});
