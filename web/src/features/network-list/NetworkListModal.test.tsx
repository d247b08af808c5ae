import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chain } from '@/api/types';
import { mockApi, notFound, ok } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { BALANCE_CONCURRENCY, BALANCE_TIMEOUT_MS } from './balances';
import { NetworkListModal } from './NetworkListModal';
import type { NetworkListMode } from './networkList';
import { testChain } from '@/test/chains';
import { testAppConfig } from '@/test/appConfig';
import type { RouteConfig } from '@/api/appConfig';

/** What a test exchange credits: ETH, USDC and USDT on the exchange networks, BTC on 56. */
const CREDITS_ALL = ['ETH', 'USDC', 'USDT'].flatMap((token) => [1, 10, 42161].map((chain_id) => ({ token, chain_id, min: '0' }))).concat([{ token: 'BTC', chain_id: 56, min: '0' }]);


const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const chain = (id: number, name: string, over: Partial<Chain> = {}): Chain => testChain(id, name, { popular_item_list: [{ tag: 'ALL', weight: 10 }], ...over });

const CHAINS = [
  chain(1, 'Ethereum', { popular_item_list: [{ tag: 'ALL', weight: 100 }] }),
  chain(2, 'Two'),
  chain(3, 'Three'),
  chain(4, 'Four', { popular_item_list: [{ tag: 'ALL', weight: 50 }] }),
  chain(5, 'Five'),
  chain(6, 'Six'),
  chain(9889, 'Fuel', { flags: { evm: false, bitcoin: false, non_evm: true } }),
  chain(999706684, 'Bitcoin', { flags: { evm: false, bitcoin: true, non_evm: true }, popular_item_list: [{ tag: 'Bitcoin', weight: 1 }] }),
  chain(11155111, 'Sepolia', { is_testnet: true }),
  chain(77, 'Disabled', { disabled: true }),
  chain(42161, 'Arbitrum'),
];

const DEPOSIT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

/** An app-config whose ETH route joins `chains`. */
const routesOver = (chains: number[], more: RouteConfig[] = []) =>
  testAppConfig({
    routes: [{ token: 'ETH', decimals: 18, chains, enabled: true, min: '0.001', max: '5', fee_tiers: [], dtc: {}, expected_seconds: {} }, ...more],
    cross_routes: [],
  });

function Harness({ initialMode = 'from' as NetworkListMode, tokenName = 'ETH', depositAddress = '', other = null as number | null }) {
  const [open, setOpen] = useState(true);
  const [picked, setPicked] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <output data-testid="picked">{picked}</output>
      <NetworkListModal
        open={open}
        mode={initialMode}
        tokenName={tokenName}
        depositAddress={depositAddress}
        other={other}
        onClose={() => setOpen(false)}
        onSelect={(c, ex, address) => setPicked(`${c.chain_id}${ex ? `@${ex.name}` : ''}${address ? `:${address}` : ''}`)}
      />
    </>
  );
}

function renderModal(mode: NetworkListMode = 'from', opts: { tokenName?: string; depositAddress?: string; other?: number | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness initialMode={mode} {...opts} />
    </QueryClientProvider>,
  );
}

beforeEach(() => resetStores());

describe('NetworkListModal', () => {
  it('From: tabs, Popular by weight, search; no balance calls while disconnected', async () => {
    // A deployment that bridges every listed network: the tabs and Popular as the product describes them.
    const everywhere = routesOver(CHAINS.map((c) => c.chain_id));
    const fetchMock = mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }), '/api/bridge_api/v1/app-config': () => ok(everywhere) });
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'From Network' });
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['ALL', 'EVM', 'Bitcoin', 'Non-EVM', 'Testnet']);
    const popular = await within(dialog).findByRole('region', { name: 'Popular' });
    expect(within(popular).getAllByRole('button').map((b) => b.lastElementChild?.textContent)).toEqual(['Ethereum', 'Four', 'Two', 'Three', 'Five', 'Six', 'Fuel', 'Arbitrum']);
    expect(within(dialog).queryByTestId('network-77')).toBeNull();
    expect(within(dialog).queryByTestId('network-11155111')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('tab', { name: 'Testnet' }));
    expect(within(dialog).getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual(['network-11155111']);
    await user.click(within(dialog).getByRole('tab', { name: 'Bitcoin' }));
    expect(within(dialog).getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual(['network-999706684']);
    await user.click(within(dialog).getByRole('tab', { name: 'ALL' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search Network' }), 'ARBI');
    expect(within(dialog).getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual(['network-42161']);
    expect(within(dialog).queryByRole('region', { name: 'Popular' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('multi-balance'))).toBe(false);
  });

  it('balances per chain: spinner, amount (5 or 8 decimals), "-" with the hint on failure', async () => {
    useWalletStore.getState().setConnected(USER, 1);
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/balance_api/v1/multi-balance': async (url) => {
        const ids = (url.searchParams.get('chain_ids') ?? '').split(',');
        if (ids.includes('999706684')) return notFound();
        await gate;
        const data: Record<string, unknown> = {};
        for (const id of ids) {
          data[id] = id === '2' ? { view_value: '', status_code: 3, status_message: 'key not found' } : { view_value: '1.123456789', status_code: 0, status_message: '' };
        }
        return ok(data);
      },
    });
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'From Network' });
    await waitFor(() => expect(within(within(dialog).getByTestId('balance-1')).getByRole('status')).toBeInTheDocument());
    release();
    await waitFor(() => expect(within(dialog).getByTestId('balance-1')).toHaveTextContent('1.12345'));
    // Each chain answers on its own request: every cell fills in its own time.
    await waitFor(() => expect(within(dialog).getByTestId('balance-2')).toHaveTextContent('-'));
    await waitFor(() => expect(within(dialog).getByTestId('balance-9889')).toHaveTextContent('1.12345678'));
    await waitFor(() => expect(within(dialog).getByTestId('balance-999706684')).toHaveTextContent('-'));
    expect(within(within(dialog).getByTestId('balance-999706684')).getByTitle('Network congestion or RPC')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('multi-balance'));
    // One request per chain, so each cell fills as its chain answers (in any order).
    expect(calls.map((u) => u.searchParams.get('chain_ids')).sort()).toEqual(['1', '2', '3', '4', '42161', '5', '6', '9889', '999706684']);
    expect(calls.every((u) => u.searchParams.get('user_address') === USER && u.searchParams.get('token_name') === 'ETH')).toBe(true);
  });

  it('a dead chain delays no other balance: at most 3 requests at once, it times out alone and shows "-" with the hint', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      useWalletStore.getState().setConnected(USER, 1);
      let inFlight = 0;
      let most = 0;
      mockApi({
        '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
        '/api/balance_api/v1/multi-balance': async (url, init) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          try {
            const id = url.searchParams.get('chain_ids') ?? '';
            // Chain 2's RPC is unreachable: its request hangs until the browser gives up on it.
            if (id === '2') await new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
            await new Promise((r) => setTimeout(r, 20));
            return ok({ [id]: { view_value: '1', status_code: 0, status_message: '' } });
          } finally {
            inFlight -= 1;
          }
        },
      });
      renderModal();
      const dialog = await screen.findByRole('dialog', { name: 'From Network' });
      for (const id of [1, 3, 4, 5, 6, 9889, 42161]) await waitFor(() => expect(within(dialog).getByTestId(`balance-${id}`)).toHaveTextContent('1'));
      expect(within(within(dialog).getByTestId('balance-2')).getByRole('status')).toBeInTheDocument();
      expect(most).toBeLessThanOrEqual(BALANCE_CONCURRENCY);
      vi.advanceTimersByTime(BALANCE_TIMEOUT_MS);
      await waitFor(() => expect(within(dialog).getByTestId('balance-2')).toHaveTextContent('-'));
      expect(within(within(dialog).getByTestId('balance-2')).getByTitle('Network congestion or RPC')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('To: Network / Exchange tabs; an exchange opens To Exchange Network with the note; the tab resets on open', async () => {
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [...CHAINS, chain(10, 'Optimism')] }),
      '/api/bridge_api/v1/get_all_exchange_infos': () => ok({ list: [{ id: 11, name: 'Binance', icon: '', deposits: CREDITS_ALL }, { id: 12, name: 'OKX', icon: '', deposits: CREDITS_ALL }] }),
    });
    renderModal('to');
    const user = userEvent.setup();
    let dialog = await screen.findByRole('dialog', { name: 'To Network Or Exchange' });
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Network', 'Exchange']);
    await user.click(within(dialog).getByRole('tab', { name: 'Exchange' }));
    // Exchanges are enabled only once a deposit address is given (the bridge pays it).
    const okx = await within(dialog).findByRole('button', { name: 'OKX' });
    expect(okx).toBeDisabled();
    expect(within(dialog).getByTestId('exchange-blocked')).toHaveTextContent('Enter your exchange deposit address to choose an exchange.');
    const address = within(dialog).getByRole('textbox', { name: 'Exchange deposit address' });
    await user.type(address, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(within(dialog).getByTestId('exchange-blocked')).toHaveAttribute('data-reason', 'invalidAddress');
    expect(okx).toBeDisabled();
    await user.clear(address);
    await user.type(address, DEPOSIT);
    expect(within(dialog).queryByTestId('exchange-blocked')).toBeNull();
    await user.click(okx);
    dialog = await screen.findByRole('dialog', { name: 'To Exchange Network' });
    expect(within(dialog).getByRole('textbox', { name: 'Exchange deposit address' })).toHaveValue(DEPOSIT);
    expect(within(dialog).getByRole('note')).toHaveTextContent('Please confirm the exchange supports and has not suspended deposits on the following networks.');
    expect(within(dialog).getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual(['network-1', 'network-10', 'network-42161']);
    await user.click(within(within(dialog).getByTestId('network-10')).getByRole('button'));
    expect(screen.getByTestId('picked')).toHaveTextContent(`10@OKX:${DEPOSIT}`);
    await user.click(screen.getByRole('button', { name: 'reopen' }));
    dialog = await screen.findByRole('dialog', { name: 'To Network Or Exchange' });
    expect(within(dialog).getByRole('tab', { name: 'Network' })).toHaveAttribute('aria-selected', 'true');
  });

  it('Exchange: not enabled for other tokens or without an exchange network; a given deposit address prefills', async () => {
    const exchanges = () => ok({ list: [{ id: 11, name: 'Binance', icon: '', deposits: CREDITS_ALL }, { id: 12, name: 'OKX', icon: '', deposits: CREDITS_ALL }] });
    mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }), '/api/bridge_api/v1/get_all_exchange_infos': exchanges });
    const user = userEvent.setup();
    const first = renderModal('to', { tokenName: 'wstETH', depositAddress: DEPOSIT });
    let dialog = await screen.findByRole('dialog', { name: 'To Network Or Exchange' });
    await user.click(within(dialog).getByRole('tab', { name: 'Exchange' }));
    expect(await within(dialog).findByRole('button', { name: 'Binance' })).toBeDisabled();
    expect(within(dialog).getByTestId('exchange-blocked')).toHaveTextContent('Exchanges take ETH, USDC, USDT or BTC: wstETH cannot be sent to an exchange.');
    // Plain networks stay selectable whatever the token.
    await user.click(within(dialog).getByRole('tab', { name: 'Network' }));
    await user.click(within(within(dialog).getByTestId('network-42161')).getByRole('button'));
    expect(screen.getByTestId('picked')).toHaveTextContent(/^42161$/);
    first.unmount();

    // No 42161, 10 or 1 in the list: no exchange, even with an address and ETH.
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS.filter((c) => ![1, 10, 42161].includes(c.chain_id)) }),
      '/api/bridge_api/v1/get_all_exchange_infos': exchanges,
    });
    const second = renderModal('to', { tokenName: 'ETH', depositAddress: DEPOSIT });
    dialog = await screen.findByRole('dialog', { name: 'To Network Or Exchange' });
    await user.click(within(dialog).getByRole('tab', { name: 'Exchange' }));
    expect(await within(dialog).findByRole('button', { name: 'OKX' })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByTestId('exchange-blocked')).toHaveAttribute('data-reason', 'network'));
    second.unmount();

    // USDC with the address already typed in the card: enabled at once.
    mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }), '/api/bridge_api/v1/get_all_exchange_infos': exchanges });
    renderModal('to', { tokenName: 'USDC', depositAddress: DEPOSIT });
    dialog = await screen.findByRole('dialog', { name: 'To Network Or Exchange' });
    await user.click(within(dialog).getByRole('tab', { name: 'Exchange' }));
    const binance = await within(dialog).findByRole('button', { name: 'Binance' });
    await waitFor(() => expect(binance).toBeEnabled());
    expect(within(dialog).getByRole('textbox', { name: 'Exchange deposit address' })).toHaveValue(DEPOSIT);
    await user.click(binance);
    dialog = await screen.findByRole('dialog', { name: 'To Exchange Network' });
    await user.click(within(within(dialog).getByTestId('network-42161')).getByRole('button'));
    expect(screen.getByTestId('picked')).toHaveTextContent(`42161@Binance:${DEPOSIT}`);
  });
  it("an exchange that does not credit the token is disabled with the reason; its networks say where it credits and from what minimum", async () => {
    const coinbase = {
      id: 14,
      name: 'Coinbase',
      icon: '',
      deposits: [
        { token: 'USDT', chain_id: 1, min: '10' },
        { token: 'USDT', chain_id: 10, min: '2', memo: true },
        { token: 'ETH', chain_id: 42161, min: '0.002' },
      ],
    };
    const exchanges = () => ok({ list: [{ id: 12, name: 'OKX', icon: '', deposits: [] }, coinbase] });
    mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: [...CHAINS, chain(10, 'Optimism')] }), '/api/bridge_api/v1/get_all_exchange_infos': exchanges });
    renderModal('to', { tokenName: 'USDT', depositAddress: DEPOSIT });
    const user = userEvent.setup();
    let dialog = await screen.findByRole('dialog', { name: 'To Network Or Exchange' });
    await user.click(within(dialog).getByRole('tab', { name: 'Exchange' }));
    const okx = await within(dialog).findByRole('button', { name: /^OKX/ });
    expect(okx).toBeDisabled();
    expect(within(dialog).getByTestId('exchange-refusal-12')).toHaveTextContent('Does not credit USDT on these networks');
    await user.click(within(dialog).getByRole('button', { name: 'Coinbase' }));
    dialog = await screen.findByRole('dialog', { name: 'To Exchange Network' });
    const row = (id: number) => within(within(dialog).getByTestId(`network-${id}`)).getByRole('button');
    expect(row(1)).toBeEnabled();
    expect(within(dialog).getByTestId('exchange-minimum-1')).toHaveTextContent('Min. 10 USDT');
    expect(row(10)).toBeDisabled();
    expect(within(dialog).getByTestId('exchange-network-refusal-10')).toHaveTextContent('Coinbase needs a memo for USDT on Optimism; a bridge payout cannot carry one');
    expect(row(42161)).toBeDisabled();
    expect(within(dialog).getByTestId('exchange-network-refusal-42161')).toHaveAttribute('data-reason', 'notCredited');
    expect(within(dialog).getByTestId('exchange-network-refusal-42161')).toHaveTextContent('Coinbase does not credit USDT on Arbitrum');
    await user.click(row(10));
    expect(screen.queryByTestId('picked')?.textContent ?? '').not.toContain('10@');
    await user.click(row(1));
    expect(screen.getByTestId('picked')).toHaveTextContent(`1@Coinbase:${DEPOSIT}`);
  });

  it('From: a network this deployment does not bridge from is listed after the others, disabled with the reason, and not in Popular', async () => {
    // ETH between Ethereum, Two and Arbitrum only.
    mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }), '/api/bridge_api/v1/app-config': () => ok(routesOver([1, 2, 42161])) });
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'From Network' });
    await waitFor(() => expect(within(dialog).getByTestId('network-4').querySelector('button')).toBeDisabled());
    const ids = within(dialog).getAllByRole('listitem').map((li) => li.dataset.testid);
    expect(ids.slice(0, 3)).toEqual(['network-1', 'network-2', 'network-42161']);
    expect(within(dialog).getByTestId('network-reason-4')).toHaveTextContent('This bridge has no route from Four.');
    expect(within(dialog).getByTestId('network-reason-4')).toHaveAttribute('data-reason', 'noRouteFrom');
    expect(within(dialog).getByTestId('network-reason-9889')).toHaveTextContent('Bridging from Fuel is not offered here. Its wallet still connects.');
    expect(within(dialog).getByTestId('network-reason-999706684')).toHaveTextContent('Bridging from Bitcoin is not offered here.');
    expect(within(dialog).queryByTestId('network-reason-1')).toBeNull();
    const popular = within(dialog).getByRole('region', { name: 'Popular' });
    expect(within(popular).getAllByRole('button').map((b) => b.lastElementChild?.textContent)).toEqual(['Ethereum', 'Two', 'Arbitrum']);
    const user = userEvent.setup();
    await user.click(within(within(dialog).getByTestId('network-4')).getByRole('button'));
    expect(screen.getByTestId('picked').textContent).toBe('');
    await user.click(within(within(dialog).getByTestId('network-2')).getByRole('button'));
    expect(screen.getByTestId('picked')).toHaveTextContent('2');
  });

  it('To, given the source and the token: no route from it is disabled with the reason; a route without the token names its tokens', async () => {
    // ETH between Ethereum, Two and Arbitrum; USDC between Two and Arbitrum.
    const usdc: RouteConfig = { token: 'USDC', decimals: 6, chains: [2, 42161], enabled: true, min: '1', max: '10', fee_tiers: [], dtc: {}, expected_seconds: {} };
    mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }), '/api/bridge_api/v1/app-config': () => ok(routesOver([1, 2, 42161], [usdc])) });
    renderModal('to', { other: 2, tokenName: 'USDC' });
    const dialog = await screen.findByRole('dialog', { name: 'To Network Or Exchange' });
    const row = (id: number) => within(within(dialog).getByTestId(`network-${id}`)).getByRole('button');
    await waitFor(() => expect(row(3)).toBeDisabled());
    expect(within(dialog).getByTestId('network-reason-3')).toHaveTextContent('This bridge has no route to Three.');
    expect(row(2)).toBeDisabled();
    expect(within(dialog).getByTestId('network-reason-2')).toHaveTextContent('Two is already the source.');
    expect(row(42161)).toBeEnabled();
    expect(within(dialog).queryByTestId('network-tokens-42161')).toBeNull();
    expect(row(1)).toBeEnabled();
    expect(within(dialog).getByTestId('network-tokens-1')).toHaveTextContent('Only ETH on this route.');
    await userEvent.setup().click(row(1));
    expect(screen.getByTestId('picked')).toHaveTextContent('1');
  });

  it('To, given a source with routes elsewhere only: the reason names both networks', async () => {
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/bridge_api/v1/app-config': () => ok(routesOver([1, 2], [{ token: 'USDT', decimals: 6, chains: [3, 4], enabled: true, min: '1', max: '10', fee_tiers: [], dtc: {}, expected_seconds: {} }])),
    });
    renderModal('to', { other: 1 });
    const dialog = await screen.findByRole('dialog', { name: 'To Network Or Exchange' });
    await waitFor(() => expect(within(dialog).getByTestId('network-reason-3')).toHaveTextContent('No route from Ethereum to Three.'));
    expect(within(within(dialog).getByTestId('network-2')).getByRole('button')).toBeEnabled();
  });
});
