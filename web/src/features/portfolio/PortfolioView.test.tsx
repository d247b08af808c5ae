import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortfolioBalances, PortfolioChain } from '@/api/portfolio';
import PortfolioPage from '@/pages/PortfolioPage';
import { mockApi, ok } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { usePortfolioAddress } from './addressStore';
import { formatBalance, summarize, type ChainRow } from './portfolio';

const USER = '0x2546BcD3c84621e976D8185a91A922aE77ECEc30';
const OTHER = '0x000000000000000000000000000000000000dEaD';
const ZERO = '0x0000000000000000000000000000000000000000';
const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

const CHAINS = [
  { chain_id: 1, chain_name: 'Ethereum' },
  { chain_id: 8453, chain_name: 'Base' },
  { chain_id: 1868, chain_name: 'Soneium' },
];

const eth = (balance: string, value: number) => ({ symbol: 'ETH', address: ZERO, decimals: 18, balance, price_usd: 3000.5, value_usd: value });
const usdc = (balance: string, value: number) => ({ symbol: 'USDC', address: USDC, decimals: 6, balance, price_usd: 1, value_usd: value });

const chainData = (id: number, tokens: PortfolioChain['tokens']): PortfolioChain => ({
  chain_id: id,
  chain_name: CHAINS.find((c) => c.chain_id === id)?.chain_name ?? '',
  status: 'ok',
  value_usd: tokens.reduce((s, t) => s + t.value_usd, 0),
  tokens,
});

const answer = (chain: PortfolioChain): PortfolioBalances => ({
  address: USER,
  chains: [chain],
  total_usd: chain.value_usd,
  by_chain: [],
  by_token: [],
  prices: { source: 'devnet-pools', as_of: 1764028800 },
  watched: true,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PortfolioPage />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetStores();
  usePortfolioAddress.getState().clear();
});

describe('portfolio totals (pure)', () => {
  it('sums the shown values in cents and allocates by network and by token, leaving out loading and failed rows', () => {
    const rows: ChainRow[] = [
      { chain: CHAINS[0]!, state: 'ok', data: chainData(1, [eth('1500000000000000000', 4500.75), usdc('100005000', 100.01)]) },
      { chain: CHAINS[1]!, state: 'ok', data: chainData(8453, [eth('100000000000000000', 300.05), usdc('0', 0)]) },
      { chain: CHAINS[2]!, state: 'error', error: 'rpc down' },
      { chain: { chain_id: 42161, chain_name: 'Arbitrum' }, state: 'loading' },
    ];
    const s = summarize(rows);
    expect(s.totalCents).toBe(450075 + 10001 + 30005);
    expect(s.byChain.map((c) => [c.label, c.cents])).toEqual([
      ['Ethereum', 460076],
      ['Base', 30005],
    ]);
    expect(s.byToken.map((c) => [c.label, c.cents])).toEqual([
      ['ETH', 480080],
      ['USDC', 10001],
    ]);
    expect(s.pending).toBe(1);
    expect(s.failed).toBe(1);
    // 0.1 + 0.2 in floating point is not 0.3; in cents it is.
    expect(summarize([{ chain: CHAINS[0]!, state: 'ok', data: chainData(1, [usdc('100000', 0.1), usdc('200000', 0.2)]) }]).totalCents).toBe(30);
  });

  it('formats raw balances with their decimals', () => {
    expect(formatBalance('1500000000000000000', 18)).toBe('1.5');
    expect(formatBalance('1234567891234', 6)).toBe('1,234,567.891234');
    expect(formatBalance('1', 18)).toBe('0.000000000000000001');
  });
});

describe('PortfolioPage', () => {
  it('asks chain by chain: each row loads on its own, a failed chain shows "-" with the reason, and the total is the sum of the values shown', async () => {
    useWalletStore.getState().setConnected(USER, 1);
    let releaseBase: () => void = () => {};
    const baseGate = new Promise<void>((r) => (releaseBase = r));
    const fetchMock = mockApi({
      '/api/portfolio_api/v1/chains': () => ok(CHAINS),
      '/api/portfolio_api/v1/history': () => ok([]),
      '/api/portfolio_api/v1/balances': async (url) => {
        const id = Number(url.searchParams.get('chain_ids'));
        if (id === 1) return ok(answer(chainData(1, [eth('2000000000000000000', 6001), usdc('12345678', 12.35)])));
        if (id === 8453) {
          await baseGate;
          return ok(answer(chainData(8453, [eth('500000000000000000', 1500.25)])));
        }
        return ok(answer({ ...chainData(1868, []), status: 'error', error: 'connect refused' }));
      },
    });
    renderPage();
    const total = screen.getByTestId('portfolio-total');
    await waitFor(() => expect(screen.getByTestId('portfolio-token-1-ETH')).toBeInTheDocument());
    // Base is still loading: its row spins, and the total so far is Ethereum's.
    expect(within(screen.getByTestId('portfolio-chain-8453')).getByRole('status')).toBeInTheDocument();
    expect(total).toHaveTextContent('$6,013.35');
    expect(screen.getByText('1 network still loading')).toBeInTheDocument();
    const soneium = await screen.findByTestId('portfolio-chain-1868');
    await waitFor(() => expect(soneium).toHaveAttribute('data-state', 'error'));
    expect(within(soneium).getByTitle('connect refused')).toHaveTextContent('-');

    releaseBase();
    await waitFor(() => expect(screen.getByTestId('portfolio-token-8453-ETH')).toBeInTheDocument());
    expect(total).toHaveTextContent('$7,513.60');
    expect(screen.getByTestId('portfolio-total-partial')).toHaveTextContent('Without 1 network that could not be read');
    const eth1 = screen.getByTestId('portfolio-token-1-ETH');
    expect(within(eth1).getByTestId('portfolio-balance')).toHaveTextContent('2');
    expect(within(eth1).getByTestId('portfolio-price')).toHaveTextContent('$3,000.50');
    expect(within(eth1).getByTestId('portfolio-value')).toHaveTextContent('$6,001.00');
    const shown = screen.getAllByTestId('portfolio-value').reduce((sum, el) => sum + Number(el.dataset.cents), 0);
    expect(Number(total.dataset.cents)).toBe(shown);
    expect(screen.getByTestId('portfolio-prices')).toHaveAttribute('data-source', 'devnet-pools');

    const calls = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('/balances'));
    expect(calls.map((u) => u.searchParams.get('chain_ids')).sort()).toEqual(['1', '1868', '8453']);
    expect(calls.every((u) => u.searchParams.get('address') === USER)).toBe(true);
  });

  it('without a wallet asks to connect; a typed address is viewed instead, a bad one is refused before any call', async () => {
    const fetchMock = mockApi({
      '/api/portfolio_api/v1/chains': () => ok(CHAINS.slice(0, 1)),
      '/api/portfolio_api/v1/history': () => ok([{ day: '2025-11-25', total_usd: 10 }]),
      '/api/portfolio_api/v1/balances': () => ok(answer(chainData(1, [usdc('10000000', 10)]))),
    });
    renderPage();
    expect(screen.getByText('Connect a wallet to see your portfolio.')).toBeInTheDocument();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Address to view' });
    await user.type(field, '0x1234');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an EVM address');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/balances'))).toBe(false);
    await user.clear(field);
    await user.type(field, OTHER);
    await waitFor(() => expect(screen.getByTestId('portfolio-total')).toHaveTextContent('$10.00'));
    const balances = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('/balances'));
    expect(balances.at(-1)?.searchParams.get('address')).toBe(OTHER);
  });
});
