import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { DEVNET_USER, DEVNET_USER_LABEL, failWalletCall, installInjectedWallet, readDevnetState, WALLET_NAME, walletCalls, walletChains, type WalletOptions } from './fixtures/injected-wallet';
import { installStandardWallets } from './fixtures/wallets/standardWallets';

// The wallet modal against the real perch (PERCH_URL, started with walletconnect_project_id set, as
// scripts/test-all.sh does) and the devnet (PERCH_DEVNET_STATE). Every wallet error below is a real
// EIP-1193 error the injected test wallet answers with (fixtures/injected-wallet.ts).

// The header's label for account #2: its devnet ENS name, shortened.
const SHORT = DEVNET_USER_LABEL;
const SWITCH_PENDING =
  'Please ensure that you have successfully completed the network switch in your wallet, or the transaction will not be able to proceed.';

const headerWallet = (page: Page) => page.locator('header').getByTestId('connect-wallet');

async function setup(page: Page, opts: Partial<WalletOptions> = {}) {
  const state = readDevnetState();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await installInjectedWallet(page, { chains: walletChains(state), chainId: 1, ...opts });
  return { state, errors };
}

async function openWallets(page: Page, name = 'Connect Wallet'): Promise<Locator> {
  await page.locator('header').getByTestId('header-wallets').getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function pickNetwork(page: Page, side: 'From' | 'To', chainId: number) {
  await page.locator('.swap-card').getByRole('button', { name: new RegExp(`^${side}:`) }).click();
  const list = page.getByRole('dialog', { name: side === 'From' ? 'From Network' : 'To Network Or Exchange' });
  await list.getByTestId(`network-${chainId}`).getByRole('button').click();
  await expect(list).toBeHidden();
}

const pickFrom = (page: Page, chainId: number) => pickNetwork(page, 'From', chainId);

test.describe('wallet modal', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 800 } });
  test.setTimeout(120_000);

  test('the EVM list and every connect message: not installed, connector not found, user rejected, resource not available', async ({ page }) => {
    // Another extension holds window.ethereum and says it is Rabby, without announcing Rabby.
    const { errors } = await setup(page, { legacyFlags: ['isRabby'] });
    await page.goto('/');
    const dialog = await openWallets(page);
    const list = dialog.getByRole('list', { name: 'Available wallets' });
    await expect(list.getByRole('button', { name: `Connect ${WALLET_NAME}` })).toBeVisible();
    // The announced wallet first (EIP-6963, its own icon), then the named ones; WalletConnect with
    // the server's project id; no Gate Wallet in a wide window; no injected fallback beside an
    // announced wallet.
    const rows = list.getByRole('listitem');
    await expect(rows.first()).toHaveAttribute('data-testid', 'evm-wallet-dev.perch.wallet');
    await expect(rows.first().locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    const names = await rows.locator('.wallet-list__name').allTextContents();
    expect(names).toEqual([
      WALLET_NAME,
      'WalletConnect',
      'MetaMask',
      'OKX Wallet',
      'Coinbase Wallet',
      'Rabby Wallet',
      'Trust Wallet',
      'Bitget Wallet',
      'Binance Wallet',
      'imToken',
      'TokenPocket',
      'Phantom',
      'Zerion',
      'Rainbow',
    ]);
    await expect(list.getByTestId('evm-wallet-metamask').locator('img')).toHaveAttribute('src', '/icons/wallets/metamask.svg');
    const icon = await page.request.get('/icons/wallets/metamask.svg');
    expect(icon.ok()).toBe(true);
    expect(await icon.text()).toContain('<svg');
    await expect(list.getByRole('link', { name: 'Install Zerion' })).toHaveAttribute('href', 'https://zerion.io/download');

    // Not installed (no provider at all), with the install link.
    await list.getByRole('button', { name: 'Connect Zerion' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(/^Error: Please install Zerion first\./);
    await expect(alert.getByRole('link', { name: 'Install' })).toHaveAttribute('href', 'https://zerion.io/download');
    // wagmi's MetaMask target finds no MetaMask provider (window.ethereum is 'Rabby').
    await list.getByRole('button', { name: 'Connect MetaMask' }).click();
    await expect(alert).toHaveText(/^Error: Please install MetaMask first\./);
    // Connector not found: Rabby's flag is there but no Rabby connector.
    await list.getByRole('button', { name: 'Connect Rabby Wallet' }).click();
    await expect(alert).toHaveText(
      /^Rabby Wallet may conflict with other wallets, or it may not be installed\. To resolve this issue, please disable other wallets or install Rabby Wallet\. Tutorial/,
    );
    const tutorial = alert.getByRole('link', { name: 'Tutorial' });
    await expect(tutorial).toHaveAttribute('href', '/docs/wallet-conflicts.html');
    expect((await page.request.get('/docs/wallet-conflicts.html')).ok()).toBe(true);
    await expect(headerWallet(page)).toHaveText('Connect Wallet');

    // The user rejects the wallet's prompt (4001): a warning, nothing connected.
    await failWalletCall(page, { method: 'wallet_requestPermissions', code: 4001, message: 'User rejected the request.' });
    await list.getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    await expect(alert).toHaveText(/^User rejected the request\./);
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    // A prompt is already open in the wallet (-32002): a warning; the list stays usable.
    await failWalletCall(page, { method: 'wallet_requestPermissions', code: -32002, message: "Request of type 'wallet_requestPermissions' already pending for origin. Please wait." });
    await list.getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    await expect(alert).toHaveText(/^Requested resource not available\./);
    await expect(list.getByRole('button', { name: `Connect ${WALLET_NAME}` })).toBeEnabled();
    // Then it connects.
    await list.getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    await expect(headerWallet(page)).toHaveText(SHORT);
    await expect(dialog).toBeHidden();
    expect((await walletCalls(page)).filter((m) => m === 'wallet_requestPermissions')).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  test('chain switch messages: 4001 shown, a pending switch, and a wallet that cannot switch quits and reopens the list', async ({ page }) => {
    const { errors } = await setup(page);
    await page.goto('/');
    let dialog = await openWallets(page);
    await dialog.getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', '1');

    await failWalletCall(page, { method: 'wallet_switchEthereumChain', code: 4001, message: 'User rejected the request.' });
    await pickFrom(page, 8453);
    await expect(page.getByTestId('switch-error')).toHaveText('User rejected the request.');
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', '1');

    await failWalletCall(page, { method: 'wallet_switchEthereumChain', code: -32002, message: 'Request of type wallet_switchEthereumChain already pending' });
    await pickFrom(page, 8453);
    await expect(page.getByTestId('switch-error')).toHaveText(SWITCH_PENDING);
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', '1');

    // Switching works again afterwards.
    await pickFrom(page, 8453);
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', '8453');
    await expect(page.getByTestId('switch-error')).toHaveCount(0);

    // The wallet cannot switch chains programmatically (4200): quit-wallet, disconnect, the list opens.
    await failWalletCall(page, { method: 'wallet_switchEthereumChain', code: 4200, message: 'The requested method is not supported by this Ethereum provider.' });
    await pickFrom(page, 1);
    dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    await expect(dialog).toBeVisible();
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    await expect(dialog.getByRole('button', { name: `Connect ${WALLET_NAME}` })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an EVM and a Solana wallet at once: chips, header status, cards, disconnect each, both reconnect after a reload', async ({ page }) => {
    const { state, errors } = await setup(page);
    const solanaRpc = (state as unknown as { solana?: { rpc_url: string } }).solana?.rpc_url;
    const addresses = await installStandardWallets(page, [{ name: 'Phantom', keyName: 'user-0' }], solanaRpc);
    const sol = addresses.Phantom ?? '';
    await page.goto('/');
    const header = page.getByTestId('header-wallets');
    await expect(header).toHaveAttribute('data-wallet-status', '0');
    let dialog = await openWallets(page);
    await dialog.getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    await expect(headerWallet(page)).toHaveText(SHORT);
    await expect(header).toHaveAttribute('data-wallet-status', '1');

    dialog = await openWallets(page, 'My Wallet');
    await dialog.getByRole('tab', { name: 'Solana' }).click();
    await expect(dialog.getByTestId('wallet-group-solana')).toBeVisible();
    await expect(dialog.getByTestId('wallet-group-eclipse')).toBeVisible();
    await expect(dialog.getByTestId('wallet-option-phantom')).toHaveAttribute('data-installed', 'true');
    await dialog.getByRole('button', { name: 'Connect Phantom' }).click();
    const solChip = page.getByTestId('wallet-chip-solana');
    await expect(solChip).toHaveText(`${sol.slice(0, 6)}...${sol.slice(-4)}`);
    await expect(headerWallet(page)).toHaveText(SHORT);

    // The bridge from Solana to Base: two wallets (status 2); from Ethereum to Base: one (status 1).
    await pickNetwork(page, 'From', 83797601);
    await pickNetwork(page, 'To', 8453);
    await expect(header).toHaveAttribute('data-wallet-status', '2');
    await pickNetwork(page, 'From', 1);
    await expect(header).toHaveAttribute('data-wallet-status', '1');

    await solChip.click();
    dialog = page.getByRole('dialog', { name: 'My Wallet' });
    await expect(dialog.getByTestId('wallet-card-address')).toHaveText(`${DEVNET_USER.slice(0, 9)}...${DEVNET_USER.slice(-11)}`);
    await expect(dialog.getByTestId('wallet-card-address-solana')).toHaveText(`${sol.slice(0, 9)}...${sol.slice(-11)}`);
    await expect(dialog.getByTestId('wallet-card-network-solana')).toHaveText('Solana');
    // The Solana balances (SOL and USDC) as the server reads them (GET /api/balance), or '-' when the
    // server cannot read that chain.
    const serverBalance = async (token: string): Promise<string | null> => {
      const res = await page.request.get(`/api/balance?chainid=83797601&token=${token}&address=${sol}`);
      const body = (await res.json().catch(() => null)) as { data?: { value?: string } } | null;
      return res.ok() && typeof body?.data?.value === 'string' ? body.data.value : null;
    };
    const [solValue, usdcValue] = [await serverBalance('SOL'), await serverBalance('USDC')];
    const solBalance = dialog.getByTestId('wallet-card-balance-solana');
    if (solValue !== null && usdcValue !== null) await expect(solBalance).toHaveText(/^\d+(\.\d{1,9})? SOL · \d+(\.\d{1,6})? USDC$/, { timeout: 20_000 });
    else await expect(solBalance).toHaveText('-', { timeout: 30_000 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByTestId('wallet-card-solana').getByRole('button', { name: 'Copy address' }).click();
    await expect(dialog.getByTestId('wallet-card-solana').getByRole('status')).toHaveText('The copy succeeded.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sol);

    // Reload: both remembered wallets come back after about 3 s.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(headerWallet(page)).toHaveText('Reconnecting…');
    await expect(headerWallet(page)).toHaveText(SHORT, { timeout: 10_000 });
    await expect(page.getByTestId('wallet-chip-solana')).toHaveText(`${sol.slice(0, 6)}...${sol.slice(-4)}`, { timeout: 10_000 });

    // Disconnect the Solana wallet only, then the EVM one.
    dialog = await openWallets(page, 'My Wallet');
    await dialog.getByTestId('wallet-card-solana').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('wallet-chip-solana')).toHaveCount(0);
    await expect(headerWallet(page)).toHaveText(SHORT);
    await dialog.getByTestId('wallet-card').getByRole('button', { name: 'Disconnect' }).click();
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
    await page.reload();
    await page.waitForTimeout(4_000);
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    await expect(page.getByTestId('wallet-chip-solana')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("WalletConnect: 'Scan to use WalletConnect' with Copy Link; offline the relay gives no link and the modal says so", async ({ page }) => {
    const { errors } = await setup(page);
    await page.goto('/');
    const channel = (await (await page.request.get('/api/bridge_api/v1/getChannelIDByDomainName?domain_name=127.0.0.1')).json()) as { data: { walletconnect_project_id?: string } };
    expect(channel.data.walletconnect_project_id).toBe('perch-e2e-walletconnect');
    const dialog = await openWallets(page);
    await dialog.getByRole('button', { name: 'Connect WalletConnect' }).click();
    const qr = page.getByRole('dialog', { name: 'Scan to use WalletConnect' });
    await expect(qr).toBeVisible();
    await expect(qr.getByRole('button', { name: 'Copy Link' })).toBeDisabled();
    // No network here: the relay never answers with a pairing link.
    await expect(qr.getByRole('alert')).toHaveText(/WalletConnect/, { timeout: 30_000 });
    await expect(qr.getByRole('img')).toHaveCount(0);
    await expect(qr.getByRole('button', { name: 'Copy Link' })).toBeDisabled();
    // Closing it goes back to the list, nothing connected.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    expect(errors).toEqual([]);
  });
});

test.describe('wallet modal on a phone', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  test.setTimeout(90_000);

  test('the exchange app deep link, and Gate Wallet listed (and connecting) when window.gatewallet exists in a narrow window', async ({ page }) => {
    const { errors } = await setup(page, { announce: false });
    // Gate Wallet's in-app browser: its provider at window.gatewallet (the devnet test wallet's).
    await page.addInitScript(() => {
      const w = window as unknown as { gatewallet?: unknown; __perchDevnetWallet?: { provider: unknown } };
      w.gatewallet = w.__perchDevnetWallet?.provider;
    });
    await page.goto('/');
    const dialog = await openWallets(page);
    const list = dialog.getByRole('list', { name: 'Available wallets' });
    const gate = list.getByTestId('evm-wallet-gateWallet');
    await expect(gate).toHaveAttribute('data-state', 'detected');
    await expect(list.getByRole('listitem').first()).toHaveAttribute('data-testid', 'evm-wallet-gateWallet');

    await list.getByRole('button', { name: 'Connect OKX Wallet' }).click();
    const deep = page.getByRole('dialog', { name: 'Open in OKX Wallet' });
    await expect(deep).toBeVisible();
    const href = await deep.getByRole('link', { name: 'Connect' }).getAttribute('href');
    expect(href).toBe(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(page.url())}`);
    await expect(deep.getByRole('link', { name: 'Get OKX Wallet' })).toHaveAttribute('href', 'https://www.okx.com/web3');
    await page.keyboard.press('Escape');

    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Connect Gate Wallet' }).click();
    await expect(headerWallet(page)).toHaveText(SHORT);
    expect(errors).toEqual([]);
  });

  test('inside Telegram only the Telegram-capable wallets are listed', async ({ page }) => {
    await setup(page);
    await page.addInitScript(() => {
      (window as unknown as { Telegram: unknown }).Telegram = { WebApp: { initData: 'query_id=perch-e2e' } };
    });
    await page.goto('/');
    const dialog = await openWallets(page);
    const names = await dialog.getByRole('list', { name: 'Available wallets' }).locator('.wallet-list__name').allTextContents();
    expect(names).toEqual(['WalletConnect', 'OKX Wallet']);
  });
});
