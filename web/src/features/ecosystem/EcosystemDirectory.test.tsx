import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mockApi';
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
});
