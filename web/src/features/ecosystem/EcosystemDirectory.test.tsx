import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mockApi';
import { testAppConfig } from '@/test/appConfig';
import { renderApp } from '@/test/renderApp';

const chain = (chain_id: number, name: string) => ({ chain_id, chain_name: name, alias_name: name, icon: '', flags: { evm: true, bitcoin: false, non_evm: false } });
const DIRECTORY = {
  categories: ['DeFi', 'NFT'],
  projects: [
    { name: 'Uniswap', category: 'DeFi', networks: [1, 8453], link: 'https://app.uniswap.org', text: 'Swap tokens' },
    { name: 'Zora', category: 'NFT', networks: [8453], link: 'https://zora.co', text: 'Mint and collect' },
    { name: 'Aave', category: 'DeFi', networks: [1], link: 'https://app.aave.com', text: 'Lend and borrow' },
  ],
};

function setup() {
  mockApi({
    '/api/ecosystem_api/v1/directory': () => ok(DIRECTORY),
    '/api/bridge_api/v1/get-all-chains': () => ok({ list: [chain(1, 'Ethereum'), chain(8453, 'Base')] }),
  });
  const { router } = renderApp('/ecosystem');
  return { router, user: userEvent.setup() };
}

const projectNames = () =>
  within(screen.getByRole('region', { name: 'Projects' }))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('ecosystem directory', () => {
  it('lists networks and projects from the server, and filters them', async () => {
    const { user } = setup();
    const networks = await screen.findByRole('region', { name: 'Networks' });
    expect(within(networks).getByText('Ethereum')).toBeInTheDocument();
    expect(within(networks).getByText('Base')).toBeInTheDocument();
    expect(projectNames()).toEqual(['Uniswap', 'Zora', 'Aave']);
    expect(screen.getByText('3 projects shown')).toBeInTheDocument();
    const visit = screen.getByRole('link', { name: 'Visit Uniswap' });
    expect(visit.getAttribute('href')).toBe('https://app.uniswap.org');
    expect(visit.getAttribute('rel')).toBe('noopener noreferrer');

    await user.click(screen.getByRole('button', { name: 'NFT' }));
    expect(projectNames()).toEqual(['Zora']);
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Network' }), 'Ethereum');
    expect(projectNames()).toEqual(['Uniswap', 'Aave']);
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'lend');
    expect(projectNames()).toEqual(['Aave']);
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), ' nothing');
    expect(screen.getByText('No project matches these filters.')).toBeInTheDocument();
  });

  it('a network card bridges to that network', async () => {
    const { user, router } = setup();
    const networks = await screen.findByRole('region', { name: 'Networks' });
    await user.click(within(networks).getByRole('button', { name: 'Bridge to Base' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?to=8453');
  });

  it('a network no route reaches here: its card says why instead of bridging', async () => {
    mockApi({
      '/api/ecosystem_api/v1/directory': () => ok({ categories: ['DeFi'], projects: [{ name: 'Taikoswap', category: 'DeFi', networks: [167000, 8453], link: 'https://example.org', text: 'Swap' }] }),
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [chain(8453, 'Base'), chain(167000, 'Taiko')] }),
      '/api/bridge_api/v1/app-config': () =>
        ok(testAppConfig({ routes: [{ token: 'ETH', decimals: 18, chains: [1, 8453], enabled: true, min: '0.001', max: '5', fee_tiers: [], dtc: {}, expected_seconds: {} }], cross_routes: [] })),
    });
    const { router } = renderApp('/ecosystem');
    const networks = await screen.findByRole('region', { name: 'Networks' });
    const taiko = await within(networks).findByRole('button', { name: 'Bridge to Taiko' });
    await waitFor(() => expect(taiko).toBeDisabled());
    expect(within(networks).getByTestId('bridge-to-reason-167000')).toHaveTextContent('This bridge has no route to Taiko.');
    await userEvent.setup().click(within(networks).getByRole('button', { name: 'Bridge to Base' }));
    expect(router.state.location.search).toBe('?to=8453');
  });
});
