import { expect, test } from './fixtures/test';
import type { Page } from '@playwright/test';
import { DEVNET_USER, DEVNET_USER_LABEL, DEVNET_USER_SHORT, installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';

// Needs the real perch server (PERCH_URL) started with the devnet chain profile, and the devnet
// state file (PERCH_DEVNET_STATE). The injected wallet forwards to the devnet nodes.

// The header's label for account #2: its devnet ENS name, shortened.
const SHORT = DEVNET_USER_LABEL;
const DEVNET_CHAIN_IDS = [1, 8453, 42161, 1868, 10, 59144, 534352, 324, 167000, 81457, 60808, 7777777, 57073];
/** An EVM mainnet of the list that is not on the devnet (Unichain): no reachable RPC here. */
const OFFLINE_CHAIN_ID = 130;
/** A devnet chain the wallet is not told about (Taiko): choosing it makes the app add it (4902). */
const UNKNOWN_TO_WALLET = 167000;

/** The node's balance of `address` as the app shows it: ether, truncated to 5 decimals, no trailing zeros. */
async function shownBalance(rpcUrl: string, address: string): Promise<string> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
  });
  const wei = BigInt(((await res.json()) as { result: string }).result);
  const base = 10n ** 18n;
  const frac = (wei % base).toString().padStart(18, '0').slice(0, 5).replace(/0+$/, '');
  return `${wei / base}${frac ? `.${frac}` : ''}`;
}

const headerWallet = (page: Page) => page.locator('header').getByTestId('connect-wallet');

async function openFromList(page: Page) {
  await page.locator('.swap-card').getByRole('button', { name: /^From:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'From Network' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('EVM wallet on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 800 } });
  test.setTimeout(120_000);

  test('connect, balances per network, switch chain (and add), auto-reconnect, disconnect', async ({ page }) => {
    const state = readDevnetState();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await installInjectedWallet(page, { chains: walletChains(state).filter((c) => c.chainId !== UNKNOWN_TO_WALLET), chainId: 1 });
    await page.goto('/');

    // Connect through the modal: the EIP-6963 wallet is listed by name and icon.
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    await headerWallet(page).click();
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' });
    const walletButton = modal.getByRole('button', { name: `Connect ${WALLET_NAME}` });
    await expect(walletButton).toBeVisible();
    await expect(walletButton.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    const userAction = page.waitForRequest((r) => r.url().endsWith('/api/config/user-action') && r.method() === 'POST');
    await walletButton.click();
    await expect(headerWallet(page)).toHaveText(SHORT);
    await expect(modal).toBeHidden();
    const logged = (await userAction).postDataJSON() as Record<string, string>;
    expect(logged).toMatchObject({ user_address: DEVNET_USER, action: 'connect', sign: '', wallet_name: WALLET_NAME });
    expect(logged.agent).toContain('Mozilla');
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', '1');

    // Network list (From): devnet chains show account #2's 10,000 ETH, an offline mainnet shows '-'.
    let list = await openFromList(page);
    await expect(list.getByRole('tab', { name: 'ALL' })).toHaveAttribute('aria-selected', 'true');
    for (const tab of ['EVM', 'Bitcoin', 'Non-EVM', 'Testnet']) await expect(list.getByRole('tab', { name: tab, exact: true })).toBeVisible();
    await expect(list.getByRole('region', { name: 'Popular' })).toBeVisible();
    // Account #2 starts with 10,000 ETH on every devnet chain (less gas if an earlier run spent some).
    const expected = new Map<number, string>();
    for (const id of DEVNET_CHAIN_IDS) {
      const rpcUrl = state.chains.find((c) => c.chain_id === id)?.rpc_url;
      if (!rpcUrl) throw new Error(`chain ${id} is not in the devnet state`);
      const text = await shownBalance(rpcUrl, DEVNET_USER);
      expect(text).toMatch(/^(10000|9999\.\d+)$/);
      expected.set(id, text);
      await expect(list.getByTestId(`balance-${id}`)).toHaveText(text, { timeout: 45_000 });
    }
    const offline = list.getByTestId(`balance-${OFFLINE_CHAIN_ID}`);
    await expect(offline).toHaveText('-', { timeout: 45_000 });
    await expect(offline.locator('[title]')).toHaveAttribute('title', 'Network congestion or RPC');
    await list.getByRole('searchbox', { name: 'Search Network' }).fill('BASE');
    await expect(list.getByTestId('network-8453')).toBeVisible();
    await expect(list.getByTestId('network-1')).toHaveCount(0);

    // Choosing Base as the source switches the wallet (wallet_switchEthereumChain).
    await list.getByTestId('network-8453').getByRole('button').click();
    await expect(list).toBeHidden();
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', '8453');
    await headerWallet(page).click();
    const mine = page.getByRole('dialog', { name: 'My Wallet' });
    await expect(mine.getByTestId('wallet-card-address')).toHaveText(`${DEVNET_USER.slice(0, 9)}...${DEVNET_USER.slice(-11)}`);
    await expect(mine.getByTestId('wallet-card-network')).toHaveText('Base');
    await expect(mine.getByTestId('wallet-card-balance')).toHaveText(`${expected.get(8453) ?? ''} ETH`, { timeout: 20_000 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await mine.getByRole('button', { name: 'Copy address' }).click();
    await expect(mine.getByRole('status')).toHaveText(/The copy succeeded\.|Replication failed\./);
    await page.keyboard.press('Escape');

    // A chain the wallet does not know (4902): added with wallet_addEthereumChain, then switched.
    // (A network this deployment cannot bridge, like the offline one, is disabled in the picker.)
    list = await openFromList(page);
    await expect(list.getByTestId(`network-${OFFLINE_CHAIN_ID}`).getByRole('button')).toBeDisabled();
    await list.getByTestId(`network-${UNKNOWN_TO_WALLET}`).getByRole('button').click();
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', String(UNKNOWN_TO_WALLET));
    const added = await page.evaluate(() => (window as unknown as { __perchDevnetWallet: { added: () => { chainId: number; rpcUrls?: string[] }[] } }).__perchDevnetWallet.added());
    expect(added).toEqual([expect.objectContaining({ chainId: UNKNOWN_TO_WALLET, chainName: expect.any(String), rpcUrls: [expect.stringMatching(/^https?:\/\//)] })]);
    list = await openFromList(page);
    await expect(list.getByRole('tab', { name: 'ALL' })).toHaveAttribute('aria-selected', 'true');
    await list.getByTestId('network-8453').getByRole('button').click();
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', '8453');

    // Reload: the last wallet reconnects after about 3 s (not at once, not much later). Measured in
    // the page's own clock, from the document's load (DOMContentLoaded: the app's scripts have run;
    // the 3 s timer starts later, when the chain list arrives) to the first frame showing the address.
    await page.reload();
    await expect(headerWallet(page)).toHaveText('Reconnecting…');
    const t0 = Date.now();
    // The first frame that names the wallet: its short address, or its name when that came first.
    const shownAt = await page.waitForFunction(
      (labels) => (labels.includes(document.querySelector('header [data-testid="connect-wallet"]')?.textContent ?? '') ? performance.now() : 0),
      [SHORT, DEVNET_USER_SHORT],
      { timeout: 10_000, polling: 50 },
    );
    const reconnectedAt = (await shownAt.jsonValue()) as number;
    const loadedAt = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
    expect(loadedAt).toBeGreaterThan(0);
    test.info().annotations.push({ type: 'auto-reconnect', description: `${Math.round(reconnectedAt - loadedAt)} ms after load` });
    expect(reconnectedAt - loadedAt).toBeGreaterThanOrEqual(2_500);
    expect(reconnectedAt - loadedAt).toBeLessThan(8_000);
    expect(Date.now() - t0).toBeLessThan(8_000);
    await expect(headerWallet(page)).toHaveText(SHORT);
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', '8453');

    // The wallet forwards eth_sendTransaction as is: the devnet node (unlocked account) mines it.
    const receipt = await page.evaluate(async (from) => {
      const { provider } = (window as unknown as { __perchDevnetWallet: { provider: { request(a: { method: string; params?: unknown[] }): Promise<unknown> } } }).__perchDevnetWallet;
      const hash = await provider.request({ method: 'eth_sendTransaction', params: [{ from, to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }] });
      for (let i = 0; i < 50; i++) {
        const r = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { status: string; blockNumber: string } | null;
        if (r) return { hash, status: r.status, chainId: await provider.request({ method: 'eth_chainId' }) };
        await new Promise((res) => setTimeout(res, 200));
      }
      return { hash, status: 'timeout', chainId: '' };
    }, DEVNET_USER);
    expect(receipt).toMatchObject({ hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), status: '0x1', chainId: '0x2105' });

    // Disconnect: back to 'Connect Wallet', and no reconnect after a reload.
    await headerWallet(page).click();
    await page.getByRole('dialog', { name: 'My Wallet' }).getByRole('button', { name: 'Disconnect' }).click();
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    await expect(page.locator('.swap-card').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    await page.reload();
    await page.waitForTimeout(4_000);
    await expect(headerWallet(page)).toHaveText('Connect Wallet');
    expect(pageErrors).toEqual([]);
  });
});
