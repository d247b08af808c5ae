import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { watchForWallet } from './detect';
import { announceFakeWallet, type FakeWallet } from './fakeEip6963';
import { mockWalletApi, walletTestChain } from '@/test/walletApi';
import { walletRuntimeLoading } from './lazyRuntime';
import { resetWalletRuntime } from './runtime';
import { useWalletRuntime } from './runtimeStore';
import { useWalletStore } from './store';

// The wallet runtime (wagmi, viem) is downloaded only for a visitor who has a wallet in the page,
// a remembered wallet, or who opens the wallet list; a returning visitor sees "Reconnecting…".

const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const RDNS = 'test.fake.wallet';

const chain = (id: number, name: string) => walletTestChain(id, name);

const CHAINS = [chain(1, 'Ethereum'), chain(8453, 'Base')];

let wallet: FakeWallet | null = null;

beforeEach(() => resetStores());
afterEach(() => {
  wallet?.remove();
  wallet = null;
  delete (window as unknown as { ethereum?: unknown }).ethereum;
  resetWalletRuntime();
});

const apiWithChains = () => mockWalletApi(CHAINS);

const headerButton = () => screen.getAllByTestId('connect-wallet')[0] as HTMLElement;
const chainsFetched = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.some(([u]) => String(u).includes('/get-all-chains'));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the wallet runtime loads only when needed', () => {
  it('a visitor without a wallet does not download it; opening the wallet list does', async () => {
    const fetchMock = apiWithChains();
    renderApp('/');
    await waitFor(() => expect(chainsFetched(fetchMock)).toBe(true));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    // Before, the chunk was imported as soon as the chain list arrived.
    await pause(500);
    expect(walletRuntimeLoading()).toBeNull();
    expect(headerButton()).toHaveTextContent('Connect Wallet');

    await userEvent.setup().click(headerButton());
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(walletRuntimeLoading()).not.toBeNull();
    await waitFor(() => expect(useWalletRuntime.getState().installed).toBe(true));
    expect(useWalletRuntime.getState().chains.map((c) => c.id)).toEqual([1, 8453]);
  });

  it('an EIP-6963 wallet in the page loads it without a click, and is listed', async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: RDNS, account: USER, chainId: 1 });
    apiWithChains();
    renderApp('/');
    await waitFor(() => expect(useWalletRuntime.getState().wallets.map((w) => w.id)).toContain(RDNS));
    expect(headerButton()).toHaveTextContent('Connect Wallet');
  });

  it('an injected window.ethereum (no EIP-6963 announcement) loads it', async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: RDNS, account: USER, chainId: 1 });
    wallet.remove(); // it answers no EIP-6963 request: only window.ethereum tells
    (window as unknown as { ethereum?: unknown }).ethereum = wallet.provider;
    apiWithChains();
    renderApp('/');
    await waitFor(() => expect(useWalletRuntime.getState().installed).toBe(true));
  });
});

describe('a returning visitor with a remembered wallet', () => {
  it("sees 'Reconnecting…' from the first render, never 'Connect Wallet', then the address", async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: RDNS, account: USER, chainId: 8453 });
    await wallet.provider.request({ method: 'eth_requestAccounts' }); // authorized on the last visit
    useWalletStore.setState({ connected: true, walletId: RDNS, walletName: 'Fake Wallet' });
    apiWithChains();
    renderApp('/');
    expect(headerButton()).toHaveTextContent('Reconnecting…');
    expect(headerButton()).toHaveAttribute('aria-busy', 'true');
    const labels = new Set<string>();
    await waitFor(
      () => {
        labels.add(headerButton().textContent ?? '');
        expect(headerButton()).toHaveTextContent('0x3C44...93BC');
      },
      { timeout: 10_000, interval: 20 },
    ).catch((err: unknown) => {
      throw new Error(`labels seen: ${[...labels].join(' | ')}; store: ${JSON.stringify(useWalletStore.getState())}`, { cause: err });
    });
    expect(labels.has('Connect Wallet')).toBe(false);
    expect(headerButton()).not.toHaveAttribute('aria-busy');
    expect(useWalletStore.getState()).toMatchObject({ status: 'connected', address: USER, chainId: 8453 });
  });

  it("gets 'Connect Wallet' once the remembered wallet turns out to be gone", async () => {
    useWalletStore.setState({ connected: true, walletId: RDNS, walletName: 'Fake Wallet' });
    apiWithChains();
    renderApp('/');
    expect(headerButton()).toHaveTextContent('Reconnecting…');
    await waitFor(() => expect(headerButton()).toHaveTextContent('Connect Wallet'), { timeout: 10_000 });
    expect(useWalletStore.getState()).toMatchObject({ connected: false, walletId: '' });
  });

  it("gets 'Connect Wallet' when the chain list cannot be had (nothing to reconnect with)", async () => {
    useWalletStore.setState({ connected: true, walletId: RDNS, walletName: 'Fake Wallet' });
    mockApi({ '/api/bridge_api/v1/get-all-chains': () => ({ status: 500, body: { code: 500, msg: 'down', data: null } }) });
    renderApp('/');
    expect(headerButton()).toHaveTextContent('Reconnecting…');
    await waitFor(() => expect(headerButton()).toHaveTextContent('Connect Wallet'));
    // Still remembered: the next load tries again.
    expect(useWalletStore.getState()).toMatchObject({ connected: true, walletId: RDNS });
  });

  it('an imToken wallet is not reconnected, so it is not shown as reconnecting', () => {
    useWalletStore.setState({ connected: true, walletId: 'im.token', walletName: 'imToken' });
    apiWithChains();
    renderApp('/');
    expect(headerButton()).toHaveTextContent('Connect Wallet');
  });
});

describe('watchForWallet', () => {
  it('reports a wallet that announces itself later, once, and stops listening when removed', () => {
    let found = 0;
    const stop = watchForWallet(() => (found += 1));
    expect(found).toBe(0);
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: {} }));
    announce();
    announce();
    expect(found).toBe(1);
    stop();
    let again = 0;
    const stopAgain = watchForWallet(() => (again += 1));
    stopAgain();
    announce();
    expect(again).toBe(0);
  });
});
