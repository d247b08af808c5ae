import { expect, test } from './fixtures/test';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';

// /deploy on the devnet: an ERC-20 deployed from the injected wallet on two networks in turn,
// each creation signed for real, verified by perch from its receipt and listed under
// 'My deployments' with explorer links. Hardhat account #8: no other spec spends from it.
const DEPLOYER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as { result: unknown }).result;
}

test.describe('deploy on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(120_000);

  test('an ERC-20 on Base and Arbitrum One: both deployed, both under My deployments', async ({ page }) => {
    const state = readDevnetState();
    await installInjectedWallet(page, { chains: walletChains(state), account: DEPLOYER, chainId: 1 });
    await page.goto('/deploy');
    await expect(page.getByRole('heading', { level: 1, name: 'Deploy' })).toBeVisible();
    const button = page.getByTestId('deploy-button');
    await expect(button).toHaveText('Connect Wallet');
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    await expect(page.getByText('No deployments yet.')).toBeVisible();

    await expect(button).toHaveText('Choose at least one network');
    for (const id of [8453, 42161]) await page.getByTestId(`deploy-network-${id}`).getByRole('checkbox').check();
    await expect(button).toHaveText('Fill in the fields');
    await page.getByLabel('Name').fill('Perch E2E');
    await page.getByLabel('Symbol').fill('P-E');
    await expect(page.getByText('Letters and digits only, at most 11')).toBeVisible();
    await page.getByLabel('Symbol').fill('PE2E');
    await page.getByLabel('Total supply').fill('1000');
    await expect(button).toHaveText('Deploy on 2 networks');
    // A gas estimate per chosen network, from that network's node.
    await expect(page.getByTestId('deploy-network-8453').getByTestId('deploy-gas')).toHaveText(/^~[\d,]+ gas$/);
    await expect(page.getByTestId('deploy-network-42161').getByTestId('deploy-gas')).toHaveText(/^~[\d,]+ gas$/);

    await button.click();
    for (const id of [8453, 42161]) {
      await expect(page.getByTestId(`deploy-progress-${id}`)).toHaveAttribute('data-step', 'done', { timeout: 60_000 });
    }
    const chains = new Map(state.chains.map((c) => [c.chain_id, c.rpc_url]));
    const mine = page.getByTestId('my-deployments');
    for (const id of [8453, 42161]) {
      const row = mine.getByTestId(`deployment-${id}`);
      await expect(row).toContainText('ERC-20 token');
      const address = (await page.getByTestId(`deploy-progress-${id}`).getByTestId('deploy-contract').getAttribute('data-address')) ?? '';
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      // The devnet names no explorer: the contract and its transaction are shown, linked nowhere.
      await expect(row.locator(`[data-address="${address}" i]`)).toBeVisible();
      await expect(row.locator('[data-tx-hash]')).toHaveAttribute('data-tx-hash', /^0x[0-9a-f]{64}$/);
      await expect(row.getByRole('link')).toHaveCount(0);
      // The contract is on that chain, and the deployer holds the whole supply.
      const balanceOf = `0x70a08231${DEPLOYER.slice(2).toLowerCase().padStart(64, '0')}`;
      const held = await rpc(chains.get(id)!, 'eth_call', [{ to: address, data: balanceOf }, 'latest']);
      expect(BigInt(held as string)).toBe(1000n * 10n ** 18n);
    }
    await expect(button).toHaveText('Choose at least one network');

    // Campaign 5 asks for a deployment on Base: done (and credited), Soneium's still to do.
    await page.getByRole('navigation').getByRole('link', { name: 'Rewards' }).first().click();
    const base = page.getByTestId('campaign-5-task-1');
    await expect(base).toHaveAttribute('data-done', 'true', { timeout: 20_000 });
    await expect(base).toContainText('Deploy a contract on Base');
    await expect(page.getByTestId('campaign-5-task-0')).toHaveAttribute('data-done', 'false');
    await expect(page.getByTestId('campaign-count-5')).toHaveText('1/2 tasks');
  });
});
