import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encodeAbiParameters, pad, type Hex } from 'viem';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chain } from '@/api/types';
import { mockApi, ok, SWAP_EXECUTOR, SWAP_TOKENS, swapApiHandlers, swapQuote, type MockHandler } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';
import { useSwapSettings } from './settingsStore';
import { SwapCard } from './SwapCard';
import { SWAPPED_TOPIC } from './swapEvent';
import { useSwapForm } from './swapStore';
import { readAllowance, sendSwapTx, waitSwapReceipt } from './walletTx';
import { explorerChain } from '@/test/chains';
import { renderInRouter } from '@/test/renderApp';

// The wallet side of the flow (wagmi in the app) is replaced: each test says what the wallet does.
vi.mock('./walletTx', () => ({ sendSwapTx: vi.fn(), waitSwapReceipt: vi.fn(), readAllowance: vi.fn() }));

const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const ETH = '0x0000000000000000000000000000000000000000';
const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const USDT = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const EXECUTOR = SWAP_EXECUTOR;

const chain = (id: number, name: string, explorer: string): Chain => explorerChain(id, name, explorer, { network_code: 1000 + id });

const CHAINS = [
  chain(1, 'Ethereum', 'https://etherscan.io'),
  chain(10, 'Optimism', 'https://optimistic.etherscan.io'),
  chain(8453, 'Base', 'https://basescan.org'),
  chain(42161, 'Arbitrum One', 'https://arbiscan.io'),
];

function api(over: Record<string, MockHandler> = {}, notReady: number[] = []) {
  return mockApi({
    '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
    // Chain 10 is in the chain list but has no swap pools; 137 swaps but is not in the chain list.
    ...swapApiHandlers({ chains: [42161, 8453, 1, 137], notReady, balances: { ETH: '2', USDC: '150.5', USDT: '0' } }),
    ...over,
  });
}

const renderCard = () => renderInRouter(<SwapCard />);

const button = () => screen.getByTestId('swap-button');

/** Types the amount paid, waits until the button offers the swap, and clicks it. */
async function swapAmount(user: ReturnType<typeof userEvent.setup>, amount: string): Promise<void> {
  await user.type(screen.getByTestId('swap-amount'), amount);
  await waitFor(() => expect(button()).toHaveTextContent(/^Swap$/));
  await user.click(button());
}
const calls = (fetchMock: ReturnType<typeof api>, path: string) =>
  fetchMock.mock.calls.map(([u, init]) => ({ url: new URL(String(u), 'http://x'), init })).filter((c) => c.url.pathname.endsWith(path));

beforeEach(() => {
  resetStores();
  useSwapForm.setState({ executors: {} });
  useSwapForm.getState().reset();
  useSwapSettings.getState().reset();
  vi.mocked(sendSwapTx).mockReset();
  vi.mocked(waitSwapReceipt).mockReset();
  vi.mocked(readAllowance).mockReset();
});

describe('SwapCard', () => {
  it('disconnected: the networks GET chains names, ETH → USDC, a debounced quote with route split, impact, minimum and cost', async () => {
    const fetchMock = api({}, [42161]);
    renderCard();
    await waitFor(() => expect(screen.getByTestId('swap-chain')).toHaveAttribute('data-chain-id', '1'));
    await waitFor(() => expect(screen.getByTestId('swap-token-in')).toHaveTextContent('ETH'));
    expect(screen.getByTestId('swap-token-out')).toHaveTextContent('USDC');
    expect(button()).toHaveTextContent('Connect Wallet');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('swap-chain'));
    const list = await screen.findByRole('dialog', { name: 'Swap network' });
    // In the app's network order; a network whose pools are still being read says so.
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual(['swap-chain-1', 'swap-chain-8453', 'swap-chain-42161']));
    expect(screen.getByTestId('swap-chain-42161')).toHaveTextContent('Arbitrum OneReading pools…');
    expect(screen.getByTestId('swap-chain-8453')).toHaveAttribute('data-ready', 'true');
    await user.click(within(screen.getByTestId('swap-chain-8453')).getByRole('button'));
    expect(screen.getByTestId('swap-chain')).toHaveTextContent('Base');
    // One GET chains; tokens only for the networks the card showed (not one call per network).
    expect(calls(fetchMock, '/swap_api/v1/chains')).toHaveLength(1);
    await waitFor(() => expect(calls(fetchMock, '/swap_api/v1/tokens').map((c) => c.url.searchParams.get('chain_id'))).toEqual(['1', '8453']));

    await user.type(screen.getByTestId('swap-amount'), '1,5');
    expect(screen.getByTestId('swap-amount')).toHaveValue('1.5');
    await waitFor(() => expect(screen.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ready'));
    expect(screen.getByTestId('swap-amount-out')).toHaveValue('4,485');
    expect(screen.getByTestId('swap-rate')).toHaveTextContent('1 ETH = 2,990 USDC');
    expect(screen.getByTestId('swap-impact')).toHaveTextContent('0.12%');
    expect(screen.getByTestId('swap-impact')).toHaveAttribute('data-level', 'low');
    expect(screen.getByTestId('swap-min-received')).toHaveTextContent('4,462.575 USDC'); // auto: 0.5 % on a liquid pair
    expect(screen.getByTestId('swap-network-cost')).toHaveTextContent('0.0005 ETH (≈ 1.5 USDC)');
    expect(screen.getAllByTestId('swap-route-leg').map((li) => li.textContent)).toEqual(['70% Uniswap V3 0.05%', '30% Uniswap V2 → SushiSwap V2 via USDT']);
    expect(screen.queryByTestId('swap-impact-warning')).toBeNull();
    // One quote for the settled amount, with every input; no balances without a wallet.
    const quotes = calls(fetchMock, '/swap_api/v1/quote').map((c) => Object.fromEntries(c.url.searchParams));
    expect(quotes[0]).toEqual({ chain_id: '8453', token_in: ETH, token_out: USDC, amount: '1.5', slippage_bps: '50' });
    expect(new Set(quotes.map((q) => q.amount))).toEqual(new Set(['1.5']));
    expect(calls(fetchMock, '/query_balances')).toEqual([]);
    await user.click(button());
    expect(useWalletModal.getState().open).toBe(true);
  });

  it('price impact above 5 % is shown in the warning colour; above 15 % the button blocks the swap', async () => {
    let impact = 700;
    api({ '/api/swap_api/v1/quote': (url) => ok(swapQuote(url, impact)) });
    useWalletStore.getState().setConnected(USER, 8453);
    renderCard();
    await waitFor(() => expect(screen.getByTestId('swap-chain')).toHaveAttribute('data-chain-id', '8453'));
    const user = userEvent.setup();
    await user.type(screen.getByTestId('swap-amount'), '1');
    await waitFor(() => expect(screen.getByTestId('swap-impact')).toHaveAttribute('data-level', 'warn'));
    expect(screen.getByTestId('swap-impact')).toHaveTextContent('7%');
    expect(screen.getByTestId('swap-impact')).toHaveClass('swap-impact--warn');
    expect(screen.getByTestId('swap-impact-warning')).toHaveTextContent('High price impact');
    expect(button()).toHaveTextContent('Swap');
    impact = 2000;
    await user.type(screen.getByTestId('swap-amount'), '.5');
    await waitFor(() => expect(button()).toHaveTextContent('Price impact too high'));
    expect(button()).toBeDisabled();
    expect(screen.getByTestId('swap-impact')).toHaveAttribute('data-level', 'blocked');
  });

  it('connected: balances, Max keeps gas, insufficient balance, switch network, then Swap', async () => {
    const fetchMock = api();
    useWalletStore.getState().setConnected(USER, 1);
    useSwapForm.getState().setChain(8453);
    renderCard();
    await waitFor(() => expect(screen.getByTestId('swap-balance')).toHaveTextContent('Balance: 2 ETH'));
    expect(screen.getByTestId('swap-balance-out')).toHaveTextContent('Balance: 150.5 USDC');
    const body = JSON.parse(String(calls(fetchMock, '/query_balances')[0]?.init?.body)) as Record<string, unknown>;
    expect(body).toEqual({
      user: USER,
      chain_name: 'Base',
      version: 1,
      tokens: SWAP_TOKENS.map((t) => ({ name: t.symbol, address: t.address, decimals: t.decimals })),
    });
    expect(button()).toHaveTextContent('Enter an amount');
    const user = userEvent.setup();
    const amount = screen.getByTestId('swap-amount');
    await user.type(amount, '3');
    expect(button()).toHaveTextContent('Insufficient ETH balance');
    await user.click(screen.getByTestId('swap-max'));
    expect(amount).toHaveValue('1.9995');
    await waitFor(() => expect(button()).toHaveTextContent('Switch to Base'));
    expect(button()).toHaveAttribute('data-state', 'switchNetwork');
    // With a quote, Max keeps three times its network cost (more than the 0.0005 floor).
    await user.click(screen.getByTestId('swap-max'));
    expect(amount).toHaveValue('1.9985');
    act(() => useWalletStore.getState().setChainId(8453));
    await waitFor(() => expect(button()).toHaveTextContent(/^Swap$/));
    expect(button()).toBeEnabled();
  });

  it('follows the wallet when it connects on (or moves to) another swap network, keeping the pair', async () => {
    api();
    renderCard();
    await waitFor(() => expect(screen.getByTestId('swap-chain')).toHaveAttribute('data-chain-id', '1'));
    await waitFor(() => expect(screen.getByTestId('swap-token-out')).toHaveTextContent('USDC'));
    act(() => useSwapForm.getState().pick('out', USDT));
    act(() => useWalletStore.getState().setConnected(USER, 42161));
    await waitFor(() => expect(screen.getByTestId('swap-chain')).toHaveAttribute('data-chain-id', '42161'));
    await waitFor(() => expect(screen.getByTestId('swap-token-out')).toHaveTextContent('USDT'));
    expect(screen.getByTestId('swap-token-in')).toHaveTextContent('ETH');
    // A network without swaps (10) leaves the card where it is: the button offers the switch back.
    act(() => useWalletStore.getState().setChainId(10));
    await userEvent.setup().type(screen.getByTestId('swap-amount'), '1');
    await waitFor(() => expect(button()).toHaveTextContent('Switch to Arbitrum One'));
    expect(screen.getByTestId('swap-chain')).toHaveAttribute('data-chain-id', '42161');
    act(() => useWalletStore.getState().setChainId(8453));
    await waitFor(() => expect(screen.getByTestId('swap-chain')).toHaveAttribute('data-chain-id', '8453'));
  });

  it('no route: the button says so and the message names the pair and the network', async () => {
    api({ '/api/swap_api/v1/quote': () => ({ status: 404, body: { code: 404, msg: 'No route from ETH to USDC on Base', data: null } }) });
    useWalletStore.getState().setConnected(USER, 8453);
    renderCard();
    await waitFor(() => expect(screen.getByTestId('swap-token-out')).toHaveTextContent('USDC'));
    await userEvent.setup().type(screen.getByTestId('swap-amount'), '1');
    await waitFor(() => expect(button()).toHaveTextContent('No route'));
    expect(button()).toBeDisabled();
    expect(screen.getByTestId('swap-quote-error')).toHaveTextContent('No route from ETH to USDC on Base.');
  });

  it('token list: balances, search, and picking the other side’s token flips the pair', async () => {
    api();
    useWalletStore.getState().setConnected(USER, 8453);
    renderCard();
    await waitFor(() => expect(screen.getByTestId('swap-balance')).toHaveTextContent('Balance: 2 ETH'));
    const user = userEvent.setup();
    await user.click(screen.getByTestId('swap-token-in'));
    const dialog = await screen.findByRole('dialog', { name: 'Select a token' });
    expect(within(within(dialog).getByTestId(`swap-token-${USDC}`)).getByTestId('swap-token-balance')).toHaveTextContent('150.5');
    await user.type(within(dialog).getByTestId('swap-token-search'), 'tether');
    expect(within(dialog).getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual([`swap-token-${USDT}`]);
    await user.clear(within(dialog).getByTestId('swap-token-search'));
    await user.type(within(dialog).getByTestId('swap-token-search'), 'zzz');
    expect(within(dialog).getByText('No token found.')).toBeInTheDocument();
    await user.clear(within(dialog).getByTestId('swap-token-search'));
    await user.click(within(within(dialog).getByTestId(`swap-token-${USDC}`)).getByRole('button'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('swap-token-in')).toHaveTextContent('USDC');
    expect(screen.getByTestId('swap-token-out')).toHaveTextContent('ETH');
    expect(screen.getByTestId('swap-balance')).toHaveTextContent('Balance: 150.5 USDC');
    // The flip button turns it back, carrying the quoted output over as the amount paid.
    await user.type(screen.getByTestId('swap-amount'), '30.1');
    await waitFor(() => expect(screen.getByTestId('swap-amount-out')).toHaveValue('0.01'));
    await user.click(screen.getByTestId('swap-flip'));
    expect(screen.getByTestId('swap-token-in')).toHaveTextContent('ETH');
    expect(screen.getByTestId('swap-amount')).toHaveValue('0.01');
  });

  it("slippage: Auto by default, from the quote's impact and route ('Slippage Auto 0.4%'), higher for a thin pool, sent with build_tx; presets and a validated custom value override it", async () => {
    let impact = 3;
    const fetchMock = api({
      '/api/swap_api/v1/quote': (url) => ok(swapQuote(url, impact)),
      '/api/swap_api/v1/build_tx': (_url, init) => {
        const b = JSON.parse(String(init?.body)) as Record<string, string>;
        const q = new URL(`http://x/?chain_id=${b.chain_id}&token_in=${b.token_in}&token_out=${b.token_out}&amount=${b.amount}&slippage_bps=${b.slippage_bps}`);
        return ok({ quote: swapQuote(q, impact), approve: null, swap: { chain_id: 8453, to: EXECUTOR, data: '0x01', value: '0x0' } });
      },
    });
    vi.mocked(sendSwapTx).mockRejectedValue(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useWalletStore.getState().setConnected(USER, 8453);
    renderCard();
    await waitFor(() => expect(screen.getByTestId('swap-token-out')).toHaveTextContent('USDC'));
    const user = userEvent.setup();
    // Before any quote: auto at the liquid cap, no warning.
    expect(screen.getByTestId('swap-slippage-toggle')).toHaveTextContent('Slippage Auto 0.5%');
    expect(screen.queryByTestId('swap-slippage-warning')).toBeNull();
    await user.type(screen.getByTestId('swap-amount'), '1');
    // A liquid pair, a small trade (0.03 % impact, two hops on one leg): 0.4 %, and the minimum follows it.
    await waitFor(() => expect(screen.getByTestId('swap-slippage-toggle')).toHaveTextContent('Slippage Auto 0.4%'));
    expect(screen.getByTestId('swap-min-received')).toHaveTextContent('2,978.04 USDC');
    await user.click(button());
    await waitFor(() => expect(calls(fetchMock, '/swap_api/v1/build_tx')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, '/swap_api/v1/build_tx')[0]?.init?.body))).toMatchObject({ slippage_bps: 40 });
    // A thin pool (1 % impact): more room, still bounded.
    impact = 100;
    await user.clear(screen.getByTestId('swap-amount'));
    await user.type(screen.getByTestId('swap-amount'), '2');
    await waitFor(() => expect(screen.getByTestId('swap-slippage-toggle')).toHaveTextContent('Slippage Auto 2.3%'));
    await user.click(screen.getByTestId('swap-slippage-toggle'));
    expect(screen.getByTestId('swap-slippage-auto')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('swap-slippage-preset-500')).toBeNull();
    // A preset overrides auto (and is what the quote and build_tx carry).
    await user.click(screen.getByTestId('swap-slippage-preset-100'));
    expect(screen.getByTestId('swap-slippage-toggle')).toHaveTextContent('Slippage 1%');
    expect(screen.getByTestId('swap-slippage-auto')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(calls(fetchMock, '/swap_api/v1/quote').at(-1)?.url.searchParams.get('slippage_bps')).toBe('100'));
    await waitFor(() => expect(screen.getByTestId('swap-min-received')).toHaveTextContent('5,920.2 USDC'));
    const custom = screen.getByTestId('swap-slippage-custom');
    await user.type(custom, '60');
    expect(screen.getByTestId('swap-slippage-error')).toHaveTextContent('At most 50%.');
    expect(useSwapSettings.getState().slippageBps).toBe(600); // '6' was valid on the way
    await user.clear(custom);
    await user.type(custom, '0.001');
    expect(screen.getByTestId('swap-slippage-error')).toHaveTextContent('At most 2 decimals.');
    await user.clear(custom);
    await user.type(custom, '7');
    expect(screen.queryByTestId('swap-slippage-error')).toBeNull();
    expect(screen.getByTestId('swap-slippage-warning')).toHaveTextContent('High slippage (7%)');
    expect(screen.getByTestId('swap-slippage-preset-100')).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem('perch-swap-settings') ?? '{}')).toEqual({ state: { auto: false, slippageBps: 700, custom: true }, version: 2 });
    await waitFor(() => expect(calls(fetchMock, '/swap_api/v1/quote').at(-1)?.url.searchParams.get('slippage_bps')).toBe('700'));
    // Back to Auto: no warning, the computed value again.
    await user.click(screen.getByTestId('swap-slippage-auto'));
    await waitFor(() => expect(screen.getByTestId('swap-slippage-toggle')).toHaveTextContent('Slippage Auto 2.3%'));
    expect(screen.queryByTestId('swap-slippage-warning')).toBeNull();
  });

  it('approve then swap: build_tx, the approval mined first, the swap, the received amount from the Swapped event, explorer links', async () => {
    const built = {
      approve: { chain_id: 8453, to: USDC, data: '0x095ea7b3', value: '0x0' },
      swap: { chain_id: 8453, to: EXECUTOR, data: '0xabcdef', value: '0x0' },
    };
    const fetchMock = api({
      '/api/swap_api/v1/build_tx': (_url, init) => {
        const b = JSON.parse(String(init?.body)) as Record<string, string>;
        const q = new URL(`http://x/?chain_id=${b.chain_id}&token_in=${b.token_in}&token_out=${b.token_out}&amount=${b.amount}&slippage_bps=${b.slippage_bps}`);
        return ok({ quote: swapQuote(q), ...built });
      },
    });
    const order: string[] = [];
    vi.mocked(sendSwapTx).mockImplementation(async (tx) => {
      order.push(`send ${tx.to}`);
      return (tx.to === USDC ? '0xaaa1' : '0xbbb2') as Hex;
    });
    const amountOut = 10_034_000_000_000_000n; // 0.010034 ETH, a little more than quoted
    let approvalMined: () => void = () => {};
    const approval = new Promise<void>((resolve) => {
      approvalMined = resolve;
    });
    vi.mocked(waitSwapReceipt).mockImplementation(async (_chainId, hash) => {
      order.push(`wait ${hash}`);
      if (hash !== '0xbbb2') {
        await approval;
        return { status: 'success', logs: [] };
      }
      const data = encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }], [USDC, ETH, 30_100_000n, amountOut]);
      return { status: 'success', logs: [{ address: EXECUTOR, topics: [SWAPPED_TOPIC, pad(USER as Hex), pad(USER as Hex)], data }] };
    });
    useWalletStore.getState().setConnected(USER, 8453);
    useSwapForm.getState().setChain(8453, USDC, ETH);
    renderCard();
    await waitFor(() => expect(screen.getByTestId('swap-token-in')).toHaveTextContent('USDC'));
    const user = userEvent.setup();
    await swapAmount(user, '30.1');
    // The step list: the approval signed and waiting for its block, the swap not started.
    const step = (id: string) => screen.getByTestId(`swap-steps-${id}`);
    await waitFor(() => expect(step('approve')).toHaveAttribute('data-status', 'pending'));
    expect(step('approve')).toHaveTextContent('Approve USDCPending');
    expect(step('swap')).toHaveAttribute('data-status', 'todo');
    expect(step('swap')).toHaveTextContent('Swap USDC for ETHNot started');
    act(() => approvalMined());
    const result = await screen.findByTestId('swap-result');
    expect(within(result).getByTestId('swap-steps-approve')).toHaveAttribute('data-status', 'confirmed');
    expect(within(result).getByTestId('swap-steps-swap')).toHaveTextContent('Swap USDC for ETHConfirmed');
    expect(order).toEqual(['send ' + USDC, 'wait 0xaaa1', 'send ' + EXECUTOR, 'wait 0xbbb2']);
    const buildCall = calls(fetchMock, '/swap_api/v1/build_tx')[0];
    expect(JSON.parse(String(buildCall?.init?.body))).toEqual({ chain_id: 8453, token_in: USDC, token_out: ETH, amount: '30.1', slippage_bps: 50, sender: USER });
    expect(within(result).getByTestId('swap-result-summary')).toHaveTextContent('Swapped 30.1 USDC for 0.010034 ETH.');
    expect(result).toHaveAttribute('data-exact', 'true');
    expect(within(result).getByTestId('swap-result-approve-tx')).toHaveAttribute('href', 'https://basescan.org/tx/0xaaa1');
    expect(within(result).getByTestId('swap-result-swap-tx')).toHaveAttribute('href', 'https://basescan.org/tx/0xbbb2');
    // The executor is now known: the allowance is read from the chain for the next swap.
    expect(useSwapForm.getState().executors).toEqual({ 8453: EXECUTOR });
    await user.click(within(result).getByTestId('swap-new'));
    expect(screen.getByTestId('swap-amount')).toHaveValue('');
    expect(button()).toHaveTextContent('Enter an amount');
  });

  it('a rejected wallet request is said in words and the button comes back', async () => {
    api({
      '/api/swap_api/v1/build_tx': () =>
        ok({ quote: swapQuote(new URL(`http://x/?token_in=${ETH}&token_out=${USDC}&amount=1&slippage_bps=50`)), approve: null, swap: { chain_id: 8453, to: EXECUTOR, data: '0x01', value: '0xde0b6b3a7640000' } }),
    });
    vi.mocked(sendSwapTx).mockRejectedValue(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    useWalletStore.getState().setConnected(USER, 8453);
    renderCard();
    await waitFor(() => expect(screen.getByTestId('swap-token-out')).toHaveTextContent('USDC'));
    const user = userEvent.setup();
    await swapAmount(user, '1');
    expect(await screen.findByTestId('swap-error')).toHaveTextContent('User rejected the request.');
    // The list says where it stopped: the swap's signature was refused.
    expect(screen.getByTestId('swap-steps-swap')).toHaveAttribute('data-status', 'failed');
    expect(screen.queryByTestId('swap-steps-approve')).toBeNull();
    expect(screen.getByTestId('swap-error')).toHaveAttribute('data-kind', 'userRejected');
    expect(button()).toHaveTextContent(/^Swap$/);
    expect(waitSwapReceipt).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('[perch] swap failed', expect.anything());
  });

  it("says 'Approve USDC' before the first click when the allowance for the quote's executor is short", async () => {
    api();
    useWalletRuntime.setState({ config: {} as never });
    vi.mocked(readAllowance).mockResolvedValue(10_000_000n); // 10 USDC
    useWalletStore.getState().setConnected(USER, 8453);
    // No build_tx yet: the spender is the quote's executor.
    useSwapForm.getState().setChain(8453, USDC, ETH);
    try {
      renderCard();
      await waitFor(() => expect(screen.getByTestId('swap-token-in')).toHaveTextContent('USDC'));
      const user = userEvent.setup();
      await user.type(screen.getByTestId('swap-amount'), '30');
      await waitFor(() => expect(button()).toHaveTextContent('Approve USDC'));
      expect(readAllowance).toHaveBeenCalledWith(8453, USDC, USER, EXECUTOR);
      await user.clear(screen.getByTestId('swap-amount'));
      await user.type(screen.getByTestId('swap-amount'), '5');
      await waitFor(() => expect(button()).toHaveTextContent(/^Swap$/));
    } finally {
      act(() => useWalletRuntime.setState({ config: null }));
    }
  });
});
