import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@/api/bridge';
import type { Chain } from '@/api/types';
import { HistoryTable } from '@/features/history/HistoryTable';
import { mockApi, ok, type MockHandler } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useWalletModal } from '@/wallet/modalStore';
import { useEcosystemsStore } from '@/wallet/ecosystems/store';
import { useWalletStore } from '@/wallet/store';
import { BridgeCard } from './BridgeCard';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { BridgeTracker } from './BridgeTracker';
import { useSwapSettings } from '../swap/settingsStore';
import { explorerChain } from '@/test/chains';
import { testOrder } from '@/test/orders';

/** What a test exchange credits: ETH, USDC and USDT on the exchange networks, BTC on 56. */
const CREDITS_ALL = ['ETH', 'USDC', 'USDT'].flatMap((token) => [1, 10, 42161].map((chain_id) => ({ token, chain_id, min: '0' }))).concat([{ token: 'BTC', chain_id: 56, min: '0' }]);


const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const OTHER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ZERO = '0x0000000000000000000000000000000000000000';

const chain = (id: number, name: string, explorer: string): Chain => explorerChain(id, name, explorer);

const CHAINS = [chain(1, 'Ethereum', 'https://etherscan.io'), chain(8453, 'Base', 'https://basescan.org'), chain(42161, 'Arbitrum One', 'https://arbiscan.io')];
const TOKENS = [1, 8453, 42161].flatMap((id) => [
  { symbol: 'ETH', chainId: id, address: ZERO, decimals: 18 },
  { symbol: 'USDC', chainId: id, address: USDC, decimals: 6 },
]);

/** The quote rule of config/routes.json for ETH 8453 → 42161 below 0.5: 10 bps + 0.00005 DTC. */
function quoteFor(url: URL) {
  const amount = url.searchParams.get('amount') ?? '';
  return ok({
    from_chain_id: Number(url.searchParams.get('from_chain_id')),
    to_chain_id: Number(url.searchParams.get('to_chain_id')),
    token: url.searchParams.get('token'),
    decimals: 18,
    send_amount: amount,
    bridge_fee: amount === '1' ? '0.0008' : '0.0001',
    bridge_fee_bps: amount === '1' ? 8 : 10,
    dtc: '0.00005',
    receive_amount: amount === '1' ? '0.99915' : '0.09985',
    min: '0.001',
    max: '5',
    expected_seconds: 6,
    expires_at: 2_000_000_000,
  });
}

function api(over: Record<string, MockHandler> = {}) {
  return mockApi({
    '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
    '/api/bridge_api/v1/all-tokens': () => ok({ list: TOKENS }),
    '/api/balance_api/v1/multi-balance': (url) => ok({ [url.searchParams.get('chain_ids') ?? '']: { view_value: '10', status_code: 0, status_message: '' } }),
    '/api/bridge_api/v1/quote': quoteFor,
    ...over,
  });
}

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const sendButton = () => screen.getByTestId('bridge-send');

beforeEach(() => {
  resetStores();
  useBridgeForm.getState().reset();
  useSwapSettings.getState().reset();
});

describe('BridgeCard', () => {
  it('disconnected: the button says Connect Wallet and opens the wallet list; the quote still shows', async () => {
    api();
    useBridgeForm.setState({ fromChainId: 8453, toChainId: 42161 });
    renderWith(<BridgeCard title="Bridge" />);
    expect(sendButton()).toHaveTextContent('Connect Wallet');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount'), '1');
    await waitFor(() => expect(screen.getByTestId('quote-receive')).toHaveTextContent('0.99915 ETH'));
    expect(screen.getByTestId('quote-fee')).toHaveTextContent('0.00085 ETH (8 bps + 0.00005 network cost)');
    expect(screen.getByTestId('quote-time')).toHaveTextContent('~6 s');
    expect(screen.getByTestId('bridge-limits')).toHaveTextContent('Min 0.001 · Max 5 ETH');
    await user.click(sendButton());
    expect(useWalletModal.getState().open).toBe(true);
  });

  it('connected: balance, Max, below min / above max / insufficient balance, switch network, then Bridge', async () => {
    const fetchMock = api();
    useWalletStore.getState().setConnected(USER, 1);
    useBridgeForm.setState({ fromChainId: 8453, toChainId: 42161 });
    renderWith(<BridgeCard title="Bridge" />);
    await waitFor(() => expect(screen.getByTestId('bridge-balance')).toHaveTextContent('Balance: 10 ETH'));
    const user = userEvent.setup();
    const amount = screen.getByLabelText('Amount');
    expect(sendButton()).toHaveTextContent('Enter an amount');
    expect(sendButton()).toBeDisabled();
    await user.type(amount, '0,0001');
    expect(amount).toHaveValue('0.0001');
    expect(sendButton()).toHaveTextContent('Minimum 0.001 ETH');
    await user.clear(amount);
    await user.type(amount, '6');
    expect(sendButton()).toHaveTextContent('Maximum 5 ETH');
    useBridgeForm.setState({ fromChainId: 8453, toChainId: 42161, token: 'ETH' });
    await user.clear(amount);
    await user.type(amount, '11');
    expect(sendButton()).toHaveTextContent('Insufficient ETH balance');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('9.9995');
    await user.clear(amount);
    await user.type(amount, '1');
    await waitFor(() => expect(sendButton()).toHaveTextContent('Switch to Base'));
    expect(sendButton()).toBeEnabled();
    // Once the wallet is on the source network the button bridges.
    useWalletStore.getState().setChainId(8453);
    await waitFor(() => expect(sendButton()).toHaveTextContent('Bridge'));
    expect(sendButton()).toHaveAttribute('data-state', 'bridge');
    // Quotes were asked only for settled amounts inside the limits.
    const quoted = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('/quote'));
    expect(quoted.map((u) => u.searchParams.get('amount'))).toEqual(['1']);
  });

  it("every amount shows its dollar value beneath it, from the server's prices", async () => {
    const portfolio = (url: URL) =>
      ok({
        address: USER,
        chains: [{ chain_id: Number(url.searchParams.get('chain_ids')), chain_name: 'x', status: 'ok', value_usd: 0, tokens: [{ symbol: 'ETH', address: ZERO, decimals: 18, balance: '0', price_usd: 2500, value_usd: 0 }] }],
        total_usd: 0,
        by_chain: [],
        by_token: [],
        prices: { source: 'devnet-pools', as_of: 1 },
        watched: true,
      });
    api({ '/api/portfolio_api/v1/balances': portfolio });
    useWalletStore.getState().setConnected(USER, 8453);
    useBridgeForm.setState({ fromChainId: 8453, toChainId: 42161 });
    renderWith(<BridgeCard title="Bridge" />);
    await userEvent.setup().type(screen.getByLabelText('Amount'), '1');
    await waitFor(() => expect(screen.getByTestId('amount-usd')).toHaveTextContent('≈ $2,500.00'));
    await waitFor(() => expect(screen.getByTestId('quote-receive-usd')).toHaveTextContent('≈ $2,497.88'));
    expect(screen.getByTestId('quote-fee-usd')).toHaveTextContent(/^≈ \$2\.1[23]$/);
  });

  it('the token picker (the swap\'s list: icons, balances, search by address) offers the route tokens; an exchange needs its deposit address', async () => {
    api();
    useWalletStore.getState().setConnected(USER, 1);
    useBridgeForm.setState({ fromChainId: 1, toChainId: 42161, exchange: { id: 12, name: 'OKX', icon: '', deposits: CREDITS_ALL } });
    renderWith(<BridgeCard title="Bridge" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Token to bridge: ETH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a token' });
    const rows = () => within(within(dialog).getByTestId('bridge-token-list')).getAllByRole('button');
    expect(rows().map((b) => within(b).getByText(/^[A-Z]+$/).textContent)).toEqual(['ETH', 'USDC', 'USDT']);
    expect(within(dialog).getByTestId(`bridge-token-${ZERO}`).querySelector('img')).toHaveAttribute('src', '/icons/tokens/eth.svg');
    await waitFor(() => expect(within(dialog).getAllByTestId('bridge-token-balance').map((b) => b.textContent)).toEqual(['10', '10', '10']));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search name, symbol or address' }), USDC);
    expect(rows()).toHaveLength(1);
    await user.click(rows()[0]!);
    expect(screen.queryByRole('dialog', { name: 'Select a token' })).toBeNull();
    expect(useBridgeForm.getState().token).toBe('USDC');
    expect(screen.getByRole('button', { name: 'Token to bridge: USDC' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '5');
    expect(sendButton()).toHaveTextContent('Enter the destination address');
    const address = screen.getByRole('textbox', { name: 'OKX deposit address' });
    await user.type(address, 'not-an-address');
    expect(sendButton()).toHaveTextContent('Invalid destination address');
    await user.clear(address);
    await user.type(address, OTHER);
    // The wallet is already on Ethereum: the quote is asked for and the button bridges.
    await waitFor(() => expect(sendButton()).toHaveTextContent('Bridge'));
  });

  it('To → Exchange: enabled by the deposit address, which becomes the recipient of the exchange destination', async () => {
    api({ '/api/bridge_api/v1/get_all_exchange_infos': () => ok({ list: [{ id: 11, name: 'Binance', icon: '', deposits: CREDITS_ALL }, { id: 12, name: 'OKX', icon: '', deposits: CREDITS_ALL }] }) });
    useWalletStore.getState().setConnected(USER, 1);
    useBridgeForm.setState({ fromChainId: 1 });
    renderWith(<BridgeCard title="Bridge" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^To:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'To Network Or Exchange' });
    await user.click(within(dialog).getByRole('tab', { name: 'Exchange' }));
    const okx = await within(dialog).findByRole('button', { name: 'OKX' });
    expect(okx).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Exchange deposit address' }), OTHER);
    await user.click(okx);
    const networks = await screen.findByRole('dialog', { name: 'To Exchange Network' });
    await user.click(within(within(networks).getByTestId('network-42161')).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useBridgeForm.getState()).toMatchObject({ toChainId: 42161, exchange: { id: 12, name: 'OKX' }, recipient: OTHER });
    expect(screen.getByRole('textbox', { name: 'OKX deposit address' })).toHaveValue(OTHER);
    expect(screen.getByRole('button', { name: /^To:/ })).toHaveTextContent('Arbitrum One · OKX');
    await user.type(screen.getByLabelText('Amount'), '1');
    await waitFor(() => expect(sendButton()).toHaveTextContent('Bridge'));
  });

  it('an EVM recipient with a broken EIP-55 checksum is refused with the reason; the same address in one case is accepted', async () => {
    api();
    useWalletStore.getState().setConnected(USER, 8453);
    useBridgeForm.setState({ fromChainId: 8453, toChainId: 42161 });
    renderWith(<BridgeCard title="Bridge" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount'), '1');
    await waitFor(() => expect(sendButton()).toHaveTextContent('Bridge'));
    const recipient = screen.getByRole('textbox', { name: 'Recipient' });
    await user.type(recipient, OTHER.replace('90F7', '90f7'));
    expect(await screen.findByTestId('recipient-error')).toHaveTextContent('EIP-55 checksum');
    expect(recipient).toHaveAttribute('aria-invalid', 'true');
    expect(sendButton()).toHaveTextContent('Invalid destination address');
    expect(sendButton()).toBeDisabled();
    await user.clear(recipient);
    await user.type(recipient, OTHER.toLowerCase());
    await waitFor(() => expect(sendButton()).toHaveTextContent('Bridge'));
    expect(screen.queryByTestId('recipient-error')).toBeNull();
  });

  it('disconnecting resets the form and forgets the followed deposit', async () => {
    api();
    useWalletStore.getState().setConnected(USER, 8453);
    useBridgeForm.setState({ fromChainId: 8453, toChainId: 42161 });
    renderWith(<BridgeCard title="Bridge" />);
    await userEvent.setup().type(screen.getByLabelText('Amount'), '1');
    await waitFor(() => expect(sendButton()).toHaveTextContent('Bridge'));
    act(() => useWalletStore.getState().disconnect());
    await waitFor(() => expect(sendButton()).toHaveTextContent('Connect Wallet'));
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(useBridgeForm.getState()).toMatchObject({ fromChainId: null, toChainId: null, amount: '', active: null });
  });

  it('a refused quote disables the button and shows the server message', async () => {
    api({ '/api/bridge_api/v1/quote': () => ({ status: 400, body: { code: 400, msg: 'the destination cannot pay that much right now; at most 2 ETH', data: null } }) });
    useWalletStore.getState().setConnected(USER, 8453);
    useBridgeForm.setState({ fromChainId: 8453, toChainId: 42161 });
    renderWith(<BridgeCard title="Bridge" />);
    await userEvent.setup().type(screen.getByLabelText('Amount'), '3');
    await waitFor(() => expect(sendButton()).toHaveTextContent('Quote unavailable'));
    expect(sendButton()).toBeDisabled();
    expect(screen.getByTestId('quote-error')).toHaveTextContent('No quote: the destination cannot pay that much right now; at most 2 ETH');
  });
});

const baseOrder: Order = testOrder({
  order_key: '8453:0xaaa:0',
  src_tx_hash: '0xaaa',
  block_number: 5,
  token_address: ZERO,
  state: 'completed',
  dst_tx_hash: '0xddd',
  created_at: 1_763_800_000,
  updated_at: 1_763_800_005,
  timeline: [
    { state: 'confirming', at: 1_763_800_000, detail: '' },
    { state: 'paying', at: 1_763_800_003, detail: '' },
    { state: 'completed', at: 1_763_800_005, detail: '' },
  ],
});

/** The deposit the tracker tests follow: 1 ETH from Base to Arbitrum One. */
const DEPOSIT = { srcChainId: 8453, txHash: '0xaaa', dstChainId: 42161, token: 'ETH', decimals: 18, amount: '1', receive: '0.99915', recipient: USER, exchange: '' };

/** The tracker following `deposit`, whose order GET order answers with `order`. */
function renderTracker(order: Order, deposit = DEPOSIT) {
  api({ '/api/bridge_api/v1/order': () => ok(order) });
  return renderWith(<BridgeTracker deposit={deposit} onClose={() => undefined} />);
}

describe('BridgeTracker', () => {
  it('follows the order by polling GET order (no EventSource here) until completed, with explorer links', async () => {
    expect(typeof EventSource).toBe('undefined');
    let calls = 0;
    api({
      '/api/bridge_api/v1/order': (url) => {
        calls += 1;
        expect(url.searchParams.get('chain_id')).toBe('8453');
        expect(url.searchParams.get('tx_hash')).toBe('0xaaa');
        if (calls === 1) return ok(null);
        if (calls === 2) return ok({ ...baseOrder, state: 'paying', dst_tx_hash: '' });
        return ok(baseOrder);
      },
    });
    renderWith(
      <BridgeTracker
        deposit={DEPOSIT}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByTestId('step-sent')).toHaveAttribute('data-status', 'done');
    expect(screen.getByTestId('step-confirming')).toHaveAttribute('data-status', 'active');
    await waitFor(() => expect(screen.getByTestId('step-paying')).toHaveAttribute('data-status', 'active'), { timeout: 8000 });
    await waitFor(() => expect(screen.getByTestId('step-completed')).toHaveAttribute('data-status', 'done'), { timeout: 8000 });
    expect(screen.getByTestId('tracker-result')).toHaveTextContent('0.99915 ETH received.');
    expect(within(screen.getByTestId('step-sent')).getByRole('link')).toHaveAttribute('href', 'https://basescan.org/tx/0xaaa');
    expect(within(screen.getByTestId('step-completed')).getByRole('link')).toHaveAttribute('href', 'https://arbiscan.io/tx/0xddd');
    expect(screen.getByTestId('tracker-summary')).toHaveTextContent('1 ETH from Base to Arbitrum One');
    const settled = calls;
    await new Promise((r) => setTimeout(r, 2500));
    expect(calls).toBe(settled);
  });

  it('a refunded order takes the refund path and says why', async () => {
    renderTracker({ ...baseOrder, state: 'refunded', dst_tx_hash: '', refund_tx_hash: '0xrrr', reason: 'the minimum is 0.001 ETH' }, { ...DEPOSIT, amount: '0.0001', receive: '0' });
    await waitFor(() => expect(screen.getByTestId('step-refunded')).toHaveAttribute('data-status', 'done'));
    expect(screen.queryByTestId('step-paying')).toBeNull();
    expect(within(screen.getByTestId('step-refunded')).getByRole('link')).toHaveAttribute('href', 'https://basescan.org/tx/0xrrr');
    expect(screen.getByTestId('tracker-result')).toHaveTextContent('Refunded: the minimum is 0.001 ETH');
  });
});

describe('BridgeCard: bridge and swap', () => {
  const SWAP_TOKENS = [
    { address: ZERO, symbol: 'ETH', name: 'Ether', decimals: 18, logo_url: '' },
    { address: USDC.toLowerCase(), symbol: 'USDC', name: 'USD Coin', decimals: 6, logo_url: '' },
  ];
  const swapApi = () =>
    api({
      '/api/swap_api/v1/chains': () => ok({ chains: [{ chain_id: 42161, ready: true, pools: 6, indexed_block: 10 }] }),
      '/api/swap_api/v1/tokens': (url) => ok({ chain_id: Number(url.searchParams.get('chain_id')), tokens: SWAP_TOKENS }),
      '/api/bridge_api/v1/quote': (url) => {
        const base = quoteFor(url).body as { data: Record<string, unknown> };
        const toToken = url.searchParams.get('to_token');
        const swap = toToken
          ? {
              chain_id: 42161,
              token_in: { address: ZERO, symbol: 'ETH', decimals: 18 },
              token_out: { address: toToken, symbol: 'USDC', decimals: 6 },
              amount_in: '0.99915',
              amount_in_wei: '999150000000000000',
              receive_amount: '2987.46',
              receive_amount_wei: '2987460000',
              min_out: '2838.087',
              min_out_wei: '2838087000',
              slippage_bps: 500,
              price_impact_bps: 9,
              gas_fee: '0.00021',
              gas_fee_wei: '210000000000000',
              route_summary: 'uniswap-v3 0.05% 100%',
              executor: '0x9999999999999999999999999999999999999999',
            }
          : null;
        return ok({ ...base.data, swap });
      },
    });

  it('offers the destination swap tokens, quotes the swap and builds the deposit with to_token', async () => {
    const fetchMock = swapApi();
    useBridgeForm.setState({ fromChainId: 8453, toChainId: 42161 });
    renderWith(<BridgeCard title="Bridge" />);
    const picker = await screen.findByTestId('to-token-select');
    // The token sent is the default, shown on the picker's button.
    expect(picker).toHaveTextContent('ETH (no swap)');
    expect(picker).toHaveAccessibleName('Receive token ETH (no swap)');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount'), '1');
    await waitFor(() => expect(screen.getByTestId('quote-receive')).toHaveTextContent('0.99915 ETH'));
    expect(screen.queryByTestId('quote-min-received')).toBeNull();
    // The swap's token list: the token sent first (no swap), then the swap tokens, searchable by address.
    await user.click(picker);
    const list = await screen.findByTestId('bridge-to-token-list');
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['ETHETH (no swap)', 'USDCUSD Coin']);
    await user.type(screen.getByTestId('bridge-to-token-search'), USDC);
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['USDCUSD Coin']);
    await user.click(within(screen.getByTestId(`bridge-to-token-${USDC.toLowerCase()}`)).getByRole('button'));
    expect(screen.queryByTestId('bridge-to-token-list')).toBeNull();
    expect(picker).toHaveTextContent('USDC');
    await waitFor(() => expect(screen.getByTestId('quote-receive')).toHaveTextContent('2987.46 USDC'));
    // The destination swap's slippage follows the swap's auto rule: quoted impact 9 bps on one pool
    // gives 0.4 % (not a fixed 0.5 %), shown on the card; the minimum is the quote's output less 0.4 %.
    expect(within(screen.getByTestId('bridge-slippage')).getByTestId('swap-slippage-toggle')).toHaveTextContent('Slippage Auto 0.4%');
    expect(screen.getByTestId('quote-min-received')).toHaveTextContent('2975.51016 USDC');
    expect(screen.getByTestId('quote-swap')).toHaveTextContent('0.99915 ETH → USDC via uniswap-v3 0.05% 100%');
    expect(screen.getByTestId('quote-swap-note')).toHaveTextContent('at least 2975.51016 USDC');
    // The swap's gas is the user's, charged in the bridged token before it is swapped.
    expect(screen.getByTestId('quote-swap-gas')).toHaveTextContent('0.00021 ETH');
    const q = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('/quote')).at(-1);
    expect(q?.searchParams.get('to_token')).toBe(USDC.toLowerCase());
    // Asked with the liquid cap while auto (the impact is known only from the answer).
    expect(q?.searchParams.get('slippage_bps')).toBe('50');
    // A chosen value is asked for and used as chosen.
    await user.click(within(screen.getByTestId('bridge-slippage')).getByTestId('swap-slippage-toggle'));
    await user.click(screen.getByTestId('swap-slippage-preset-100'));
    await waitFor(() => {
      const last = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('/quote')).at(-1);
      expect(last?.searchParams.get('slippage_bps')).toBe('100');
    });
    await waitFor(() => expect(screen.getByTestId('quote-min-received')).toHaveTextContent('2957.5854 USDC'));
    // Another destination forgets the choice.
    act(() => useBridgeForm.getState().setTo(1));
    expect(useBridgeForm.getState().toToken).toBe('');
  });

  it('the history and the tracker show both tokens: sent ETH, received USDC', async () => {
    const swapped: Order = {
      ...baseOrder,
      swap: { token_address: USDC.toLowerCase(), token: 'USDC', decimals: 6, min_out: '2838087000', delivered_amount: '2990123456' },
    };
    api({ '/api/bridge_api/v1/history': () => ok({ list: [swapped], total: 1, page: 1, size: 10 }) });
    useWalletStore.getState().setConnected(USER, 8453);
    renderWith(<HistoryTable />);
    const row = await screen.findByTestId('order-0xaaa');
    expect(within(row).getByTestId('order-amount')).toHaveTextContent('1 ETH → USDC');
    expect(within(row).getByTestId('order-receive')).toHaveTextContent('2,990.123456 USDC');
  });
});

describe('BridgeTracker outcomes', () => {
  it('a dropped deposit (reorg) says nothing is owed, not that an operator is needed', async () => {
    renderTracker({ ...baseOrder, state: 'dropped', dst_tx_hash: '', reason: 'block replaced' });
    await waitFor(() => expect(screen.getByTestId('bridge-tracker')).toHaveAttribute('data-outcome', 'dropped'));
    const result = screen.getByTestId('tracker-result');
    expect(result).toHaveTextContent(/^Not bridged: the block holding your deposit was replaced in a chain reorganisation/);
    expect(result).toHaveTextContent('Nothing was taken and nothing is owed.');
    expect(result).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/Needs an operator/)).toBeNull();
    expect(screen.getByRole('button', { name: 'New bridge' })).toBeInTheDocument();
  });

  it('a failed order still asks for an operator', async () => {
    renderTracker({ ...baseOrder, state: 'failed', dst_tx_hash: '', reason: 'payout reverted' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Needs an operator: payout reverted');
  });
});

describe('bridge form store', () => {
  it('keeps only the followed deposit, per tab (sessionStorage), so a reload keeps tracking it', () => {
    const deposit = DEPOSIT;
    useBridgeForm.getState().setAmount('3');
    useBridgeForm.getState().setActive(deposit);
    const saved = JSON.parse(sessionStorage.getItem('perch-bridge-active') ?? '{}') as { state?: Record<string, unknown> };
    expect(saved.state).toEqual({ active: deposit });
    useBridgeForm.getState().setActive(null);
    expect(JSON.parse(sessionStorage.getItem('perch-bridge-active') ?? '{}')).toMatchObject({ state: { active: null } });
  });
});

describe('HistoryTable', () => {
  it('lists the wallet orders with status, amounts, both tx links and time; channel narrows the query', async () => {
    const refunded: Order = {
      ...baseOrder,
      order_key: '8453:0xbbb:0',
      src_tx_hash: '0xbbb',
      amount: '100000000000000',
      state: 'refunded',
      dst_tx_hash: '',
      refund_tx_hash: '0xrrr',
      reason: 'the minimum is 0.001 ETH',
      timeline: [
        { state: 'confirming', at: 1_763_800_000, detail: '' },
        { state: 'refunding', at: 1_763_800_002, detail: 'below the route minimum' },
      ],
    };
    const fetchMock = api({ '/api/bridge_api/v1/history': () => ok({ list: [baseOrder, refunded], total: 2, page: 1, size: 10 }) });
    useWalletStore.getState().setConnected(USER, 8453);
    renderWith(<HistoryTable channel={531} />);
    const done = await screen.findByTestId('order-0xaaa');
    expect(within(done).getByTestId('order-state')).toHaveTextContent('Completed');
    expect(within(done).getByTestId('order-amount')).toHaveTextContent('1 ETH');
    expect(within(done).getByTestId('order-receive')).toHaveTextContent('0.99915 ETH');
    expect(within(done).getByRole('link', { name: 'Source transaction' })).toHaveAttribute('href', 'https://basescan.org/tx/0xaaa');
    expect(within(done).getByRole('link', { name: 'Destination transaction' })).toHaveAttribute('href', 'https://arbiscan.io/tx/0xddd');
    expect(within(done).getByText(/2025|2026/)).toBeInTheDocument();
    const back = screen.getByTestId('order-0xbbb');
    expect(within(back).getByTestId('order-state')).toHaveTextContent('Refunded');
    expect(within(back).getByRole('link', { name: 'Refund transaction' })).toHaveAttribute('href', 'https://basescan.org/tx/0xrrr');
    expect(back).toHaveTextContent('the minimum is 0.001 ETH');
    // The timeline: every transition with its time, behind a toggle.
    const toggle = within(done).getByRole('button', { name: 'Timeline (3 steps)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Order timeline' })).toBeNull();
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const timeline = screen.getByRole('list', { name: 'Order timeline' });
    expect(toggle).toHaveAttribute('aria-controls', timeline.id);
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((li) => li.dataset.state)).toEqual(['confirming', 'paying', 'completed']);
    expect(entries.map((li) => within(li).getByText(/.+/, { selector: 'time' }).getAttribute('datetime'))).toEqual([
      '2025-11-22T08:26:40.000Z',
      '2025-11-22T08:26:43.000Z',
      '2025-11-22T08:26:45.000Z',
    ]);
    expect(entries[1]).toHaveTextContent('Paying');
    await userEvent.setup().click(toggle);
    expect(screen.queryByRole('list', { name: 'Order timeline' })).toBeNull();
    // Each row has its own timeline, with the detail of a transition when the server gives one.
    await userEvent.setup().click(within(back).getByRole('button', { name: 'Timeline (2 steps)' }));
    const refundTimeline = screen.getByRole('list', { name: 'Order timeline' });
    expect(within(refundTimeline).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Confirming /),
      expect.stringMatching(/^Refunding .+ · below the route minimum$/),
    ]);
    const q = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).find((u) => u.pathname.endsWith('/history'));
    expect(Object.fromEntries(q?.searchParams ?? [])).toEqual({ address: USER, page: '1', size: '10', channel: '531' });
  });

  it("a Solana wallet's orders are found by its base58 address; with an EVM wallet too, the user picks whose", async () => {
    const SOL_USER = 'CJPEqp4gr7yw4yStm8n54iyGCygxmJLTXsQLZYorpmwM';
    const solOrder: Order = { ...baseOrder, order_key: `83797601:sig:0`, src_chain_id: 83797601, src_tx_hash: 'sig', sender: SOL_USER, token: 'SOL', decimals: 9, amount: '500000000' };
    const fetchMock = api({
      '/api/bridge_api/v1/history': (url) =>
        ok({ list: url.searchParams.get('address') === SOL_USER ? [solOrder] : [baseOrder], total: 1, page: 1, size: 10 }),
    });
    useEcosystemsStore.getState().setConnected('solana', { address: SOL_USER, chainId: 83797601, walletId: 'phantom', walletName: 'Phantom' });
    renderWith(<HistoryTable />);
    expect(within(await screen.findByTestId('order-sig')).getByTestId('order-amount')).toHaveTextContent('0.5 SOL');
    expect(screen.queryByRole('group', { name: 'Whose history' })).toBeNull();
    act(() => useWalletStore.getState().setConnected(USER, 8453));
    const whose = await screen.findByRole('group', { name: 'Whose history' });
    expect(within(whose).getByRole('button', { name: 'EVM wallet' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByTestId('order-0xaaa')).toBeInTheDocument();
    await userEvent.setup().click(within(whose).getByRole('button', { name: 'Solana wallet' }));
    expect(await screen.findByTestId('order-sig')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').searchParams.get('address'));
    expect(asked).toContain(SOL_USER); // as typed: base58 is case-sensitive
    expect(asked).toContain(USER);
  });

  it('asks for a wallet when disconnected and calls nothing', async () => {
    const fetchMock = api();
    renderWith(<HistoryTable />);
    expect(screen.getByText('Connect a wallet to see your history.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/history'))).toBe(false);
  });
});
