import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { mockWalletApi, walletTestChain } from '@/test/walletApi';
import { announceFakeWallet, type FakeWallet } from './fakeEip6963';
import { autoReconnect, connectWallet, installWalletRuntime, resetWalletRuntime, switchWalletChain, useWalletRuntime } from './runtime';
import { useWalletStore } from './store';

const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const chain = (id: number, name: string) => walletTestChain(id, name, { block_explorers: [{ name: 'x', url: `https://explorer.example/${id}` }] });

const CHAINS = [chain(1, 'Ethereum'), chain(8453, 'Base'), chain(10, 'Optimism')];

let wallet: FakeWallet | null = null;
let stop: (() => void) | null = null;

beforeEach(() => resetStores());
afterEach(() => {
  wallet?.remove();
  wallet = null;
  stop?.();
  stop = null;
  resetWalletRuntime();
});

const apiWithChains = () => mockWalletApi(CHAINS);

/** The app with the chains served; the header's Connect Wallet pressed and the wallet list open. */
async function openWalletList() {
  const fetchMock = apiWithChains();
  renderApp('/');
  const user = userEvent.setup();
  await user.click(screen.getAllByRole('button', { name: 'Connect Wallet' })[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' });
  return { fetchMock, user, dialog };
}

describe('wallet connect (EIP-6963 through wagmi)', () => {
  it('lists the announced wallet, connects, logs the action, shows the chip and card, disconnects', async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: 'test.fake.wallet', account: USER, chainId: 1 });
    const { fetchMock, user, dialog } = await openWalletList();
    const item = await within(dialog).findByRole('button', { name: 'Connect Fake Wallet' });
    await user.click(item);
    await waitFor(() => expect(screen.getAllByTestId('connect-wallet')[0]).toHaveTextContent('0x3C44...93BC'));
    expect(useWalletStore.getState()).toMatchObject({ status: 'connected', connected: true, walletId: 'test.fake.wallet', chainId: 1 });
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/config/user-action'))).toBe(true));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/config/user-action'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ user_address: USER, action: 'connect', sign: '', wallet_name: 'Fake Wallet' });

    await user.click(screen.getAllByTestId('connect-wallet')[0] as HTMLElement);
    const mine = await screen.findByRole('dialog', { name: 'My Wallet' });
    expect(within(mine).getByTestId('wallet-card-address')).toHaveTextContent('0x3C44CdD...d12FA4293BC');
    expect(within(mine).getByTestId('wallet-card-network')).toHaveTextContent('Ethereum');

    // The wallet changes chain on its own: the store follows (chainChanged).
    const w = wallet;
    w.chainId = 8453;
    act(() => w.emit('chainChanged', '0x2105'));
    await waitFor(() => expect(within(mine).getByTestId('wallet-card-network')).toHaveTextContent('Base'));

    await user.click(within(mine).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.getAllByTestId('connect-wallet')[0]).toHaveTextContent('Connect Wallet'));
    expect(useWalletStore.getState()).toMatchObject({ status: 'disconnected', address: '', connected: false, walletId: '' });
  });

  it("a rejected request warns 'User rejected the request.' and resets", async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: 'test.fake.wallet', account: USER, chainId: 1 });
    wallet.failNext('wallet_requestPermissions', Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    const { user, dialog } = await openWalletList();
    await user.click(await within(dialog).findByRole('button', { name: 'Connect Fake Wallet' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('User rejected the request.');
    expect(useWalletStore.getState()).toMatchObject({ status: 'disconnected', address: '', connected: false });
  });

  it('auto-reconnect restores the remembered wallet, skips imToken, and clears the state on failure', async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: 'test.fake.wallet', account: USER, chainId: 8453, knownChains: [1, 8453] });
    stop = installWalletRuntime(CHAINS, { autoReconnect: false });
    const config = useWalletRuntime.getState().config;
    if (!config) throw new Error('no config');
    await waitFor(() => expect(useWalletRuntime.getState().wallets.map((w) => w.id)).toContain('test.fake.wallet'));

    // Not authorized in the wallet any more: reconnect fails and the state is cleared.
    useWalletStore.setState({ connected: true, walletId: 'test.fake.wallet', walletName: 'Fake Wallet' });
    expect(await autoReconnect(config)).toBe(false);
    expect(useWalletStore.getState()).toMatchObject({ connected: false, walletId: '' });

    await wallet.provider.request({ method: 'eth_requestAccounts' });
    useWalletStore.setState({ connected: true, walletId: 'imtoken', walletName: 'imToken' });
    expect(await autoReconnect(config)).toBe(false);
    useWalletStore.setState({ connected: true, walletId: 'test.fake.wallet', walletName: 'Fake Wallet' });
    expect(await autoReconnect(config)).toBe(true);
    expect(useWalletStore.getState()).toMatchObject({ status: 'connected', address: USER, chainId: 8453 });

    // The switch helper goes through the connected provider; an unknown chain is added first.
    await switchWalletChain(10);
    expect(wallet.calls.filter((m) => m.startsWith('wallet_'))).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']);
    await waitFor(() => expect(useWalletStore.getState().chainId).toBe(10));
  });

  it('connector not found: the catalogue message with a tutorial link in the wallet modal, and the state resets', async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: 'test.fake.wallet', account: USER, chainId: 1 });
    const { user, dialog } = await openWalletList();
    await within(dialog).findByRole('button', { name: 'Connect Fake Wallet' });
    // A wallet the page no longer finds (another extension took over, or it was removed).
    await act(async () => {
      expect(await connectWallet('io.gone.wallet')).toBe('');
    });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'io.gone.wallet may conflict with other wallets, or it may not be installed. To resolve this issue, please disable other wallets or install io.gone.wallet.',
    );
    expect(within(alert).getByRole('link', { name: 'Tutorial' })).toHaveAttribute('href', '/docs/wallet-conflicts.html');
    expect(useWalletStore.getState()).toMatchObject({ status: 'disconnected', connected: false, walletId: '' });
    // Other errors carry no tutorial link.
    wallet.failNext('wallet_requestPermissions', Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    await user.click(within(dialog).getByRole('button', { name: 'Connect Fake Wallet' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('User rejected the request.'));
    expect(within(within(dialog).getByRole('alert')).queryByRole('link')).toBeNull();
  });

  it('switch errors on the bridge card show the wallet message itself (4001 and others)', async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: 'test.fake.wallet', account: USER, chainId: 1 });
    const { user } = await openWalletList();
    await user.click(await within(await screen.findByRole('dialog', { name: 'Connect Wallet' })).findByRole('button', { name: 'Connect Fake Wallet' }));
    await waitFor(() => expect(useWalletStore.getState().status).toBe('connected'));
    const pickFrom = async (id: number) => {
      await user.click(screen.getByRole('button', { name: /^From:/ }));
      const list = await screen.findByRole('dialog', { name: 'From Network' });
      await user.click(within(await within(list).findByTestId(`network-${id}`)).getByRole('button'));
    };
    const w = wallet;
    w.failNext('wallet_switchEthereumChain', Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    await pickFrom(8453);
    expect(await screen.findByTestId('switch-error')).toHaveTextContent(/^User rejected the request\.$/);
    w.failNext('wallet_switchEthereumChain', Object.assign(new Error('Internal JSON-RPC error.'), { code: -32603 }));
    await pickFrom(10);
    await waitFor(() => expect(screen.getByTestId('switch-error')).toHaveTextContent(/^Internal JSON-RPC error\.$/));
    expect(useWalletStore.getState()).toMatchObject({ status: 'connected', chainId: 1 });
    // A later successful switch clears the message.
    await pickFrom(8453);
    await waitFor(() => expect(useWalletStore.getState().chainId).toBe(8453));
    expect(screen.queryByTestId('switch-error')).toBeNull();
  });
});
