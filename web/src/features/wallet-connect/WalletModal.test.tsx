import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chain } from '@/api/types';
import '@/i18n';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useEcosystemsStore } from '@/wallet/ecosystems/store';
import { announceFakeWallet, type FakeWallet } from '@/wallet/fakeEip6963';
import { resetWalletRuntime } from '@/wallet/runtime';
import { useWalletStore } from '@/wallet/store';
import { WalletQrModal } from './WalletQrModal';
import { solanaChain, testChain } from '@/test/chains';
import { registerFakePhantom } from '@/test/fakePhantom';

const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const SOL = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';

const chain = (id: number, name: string, evm = true): Chain => (evm ? testChain : solanaChain)(id, name, { rpc_urls: [`http://127.0.0.1:1/${id}`] });

const CHAINS = [chain(1, 'Ethereum'), chain(8453, 'Base'), chain(83797601, 'Solana', false)];

const registerPhantom = () => registerFakePhantom(SOL).unregister;

let wallet: FakeWallet | null = null;
let unregisterPhantom: (() => void) | null = null;

beforeEach(() => {
  resetStores();
  useEcosystemsStore.getState().reset();
  mockApi({
    '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
    '/api/config/user-action': () => ok(null),
    '/api/campaign_api/v1/*': () => ok({}),
  });
});
afterEach(() => {
  wallet?.remove();
  wallet = null;
  unregisterPhantom?.();
  unregisterPhantom = null;
  delete (window as unknown as { ethereum?: unknown }).ethereum;
  resetWalletRuntime();
});

async function openModal(name = 'Connect Wallet') {
  const user = userEvent.setup();
  await user.click(screen.getAllByTestId('connect-wallet')[0] as HTMLElement);
  return { user, dialog: await screen.findByRole('dialog', { name }) };
}

describe('wallet modal', () => {
  it('an EVM and a Solana wallet at once: two chips, header status 2 on a Solana → EVM route, a card each, disconnect one', async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: 'test.fake.wallet', account: USER, chainId: 1 });
    unregisterPhantom = registerPhantom();
    renderApp('/');
    const { user, dialog } = await openModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Connect Fake Wallet' }));
    await waitFor(() => expect(useWalletStore.getState().status).toBe('connected'));
    const header = screen.getByTestId('header-wallets');
    expect(header).toHaveAttribute('data-wallet-status', '1');

    // The Solana tab lists Phantom from the adapters; connecting it keeps the EVM wallet.
    await user.click(screen.getAllByTestId('connect-wallet')[0] as HTMLElement);
    let mine = await screen.findByRole('dialog', { name: 'My Wallet' });
    await user.click(within(mine).getByRole('tab', { name: 'Solana' }));
    const phantom = await within(mine).findByRole('button', { name: 'Connect Phantom' });
    expect(within(mine).getByTestId('wallet-option-phantom')).toHaveAttribute('data-installed', 'true');
    await user.click(phantom);
    await waitFor(() => expect(screen.getByTestId('wallet-chip-solana')).toHaveTextContent(`${SOL.slice(0, 6)}...${SOL.slice(-4)}`));
    expect(screen.getAllByTestId('connect-wallet')[0]).toHaveTextContent('0x3C44...93BC');
    const { useBridgeForm } = await import('@/state/bridgeFormStore');
    act(() => useBridgeForm.setState({ fromChainId: 83797601, toChainId: 8453 }));
    expect(header).toHaveAttribute('data-wallet-status', '2');

    await user.click(screen.getByTestId('wallet-chip-solana'));
    mine = await screen.findByRole('dialog', { name: 'My Wallet' });
    expect(within(mine).getByTestId('wallet-card-address')).toHaveTextContent('0x3C44CdD...d12FA4293BC');
    expect(within(mine).getByTestId('wallet-card-address-solana')).toHaveTextContent(`${SOL.slice(0, 9)}...${SOL.slice(-11)}`);
    expect(within(mine).getByTestId('wallet-card-network-solana')).toHaveTextContent('Solana');
    // The EVM wallet goes; the Solana one stays. The bridge form resets with the EVM wallet, so the
    // Solana wallet alone stands for both sides: status 1.
    await user.click(within(within(mine).getByTestId('wallet-card')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(within(mine).queryByTestId('wallet-card')).toBeNull());
    expect(within(mine).getByTestId('wallet-card-solana')).toBeInTheDocument();
    expect(header).toHaveAttribute('data-wallet-status', '1');
    expect(screen.queryByTestId('connect-wallet')).toBeNull();
    await user.click(within(within(mine).getByTestId('wallet-card-solana')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My Wallet' })).toBeNull());
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(useEcosystemsStore.getState().accounts).toEqual({});
    expect(header).toHaveAttribute('data-wallet-status', '0');
  });

  it('lists the 15 wallets’ rows: detected first, install links, the not-installed warning and the conflict message', async () => {
    wallet = announceFakeWallet({ name: 'Fake Wallet', rdns: 'test.fake.wallet', account: USER, chainId: 1 });
    // Another extension took window.ethereum and says it is Rabby, without announcing Rabby.
    (window as unknown as { ethereum?: unknown }).ethereum = { isRabby: true, request: async () => [] };
    renderApp('/');
    const { user, dialog } = await openModal();
    const list = await within(dialog).findByRole('list', { name: 'Available wallets' });
    await within(list).findByRole('button', { name: 'Connect Fake Wallet' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('data-testid', 'evm-wallet-test.fake.wallet');
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(expect.arrayContaining(['evm-wallet-metamask', 'evm-wallet-okx', 'evm-wallet-rainbow', 'evm-wallet-zerion']));
    expect(within(list).getByRole('link', { name: 'Install Zerion' })).toHaveAttribute('href', 'https://zerion.io/download');

    await user.click(within(list).getByRole('button', { name: 'Connect Zerion' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error: Please install Zerion first.');
    expect(within(alert).getByRole('link', { name: 'Install' })).toHaveAttribute('href', 'https://zerion.io/download');

    // MetaMask through wagmi's MetaMask target: no such provider in the page.
    await user.click(within(list).getByRole('button', { name: 'Connect MetaMask' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Error: Please install MetaMask first.'));

    await user.click(within(list).getByRole('button', { name: 'Connect Rabby Wallet' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Rabby Wallet may conflict with other wallets, or it may not be installed. To resolve this issue, please disable other wallets or install Rabby Wallet.',
      ),
    );
    expect(within(within(dialog).getByRole('alert')).getByRole('link', { name: 'Tutorial' })).toHaveAttribute('href', '/docs/wallet-conflicts.html');
  });

  it('tabs, the ToS link and the keyboard: Tab stays inside, Escape closes and gives focus back', async () => {
    renderApp('/');
    const { user, dialog } = await openModal();
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['EVM', 'Solana', 'Non-EVM']);
    expect(within(dialog).getByTestId('wallet-group-evm')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Non-EVM' }));
    for (const g of ['fuel', 'starknet', 'benfen', 'bitcoin']) expect(within(dialog).getByTestId(`wallet-group-${g}`)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('wallet-group-evm')).toBeNull();
    expect(await within(dialog).findByRole('button', { name: 'Connect Argent X' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/tos');
    for (let i = 0; i < 40; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    const opener = screen.getAllByTestId('connect-wallet')[0];
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('WalletConnect QR modal', () => {
  it("'Scan to use WalletConnect': the pairing link as a QR code, Copy Link copies it", async () => {
    const user = userEvent.setup(); // its clipboard stands in for the browser's
    const uri = `wc:${'7'.repeat(64)}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}&expiryTimestamp=1764201600`;
    render(<WalletQrModal open walletName="WalletConnect" pairing={{ status: 'ready', uri }} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Scan to use WalletConnect' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code of the WalletConnect link' });
    expect(Number(qr.getAttribute('data-modules'))).toBeGreaterThanOrEqual(41);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(await navigator.clipboard.readText()).toBe(uri);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('The copy succeeded.');
  });

  it('says why when no link could be made, and has nothing to copy', () => {
    render(<WalletQrModal open walletName="WalletConnect" pairing={{ status: 'failed', reason: 'relay unreachable' }} onClose={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The WalletConnect link could not be created: relay unreachable');
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeDisabled();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
