import { expect, test } from './fixtures/test';
import { sharedText } from './fixtures/tracker-api';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';

// The Ink faucet on the devnet (config/devnet.json moves it onto the devnet's Ink, 57073): the injected wallet
// signs in, claims, perch's faucet sends the coin for real, the balance rises by exactly the
// amount, and the page then says when the wallet may claim again. Hardhat account #9: no other
// spec uses it, and it signs nothing on chain here, so its balance moves by the claim alone.
const CLAIMER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const INK_CHAIN = 57073;
const AMOUNT = 5n * 10n ** 16n; // config/faucets.json: 0.05

async function balanceOf(url: string, address: string): Promise<bigint> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
  });
  return BigInt(((await res.json()) as { result: string }).result);
}

test.describe('faucet on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.setTimeout(90_000);

  test('the Ink faucet sends once, the balance rises, then the page says when to come back', async ({ page }) => {
    const state = readDevnetState();
    const rpcUrl = state.chains.find((c) => c.chain_id === INK_CHAIN)!.rpc_url;
    await installInjectedWallet(page, { chains: walletChains(state), account: CLAIMER, chainId: 1 });
    await page.goto('/Faucet/Ink');
    await expect(page.getByRole('heading', { level: 1, name: 'Ink Faucet' })).toBeVisible();
    const button = page.getByTestId('faucet-claim');
    await expect(button).toHaveText('Connect Wallet');
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();

    const summary = page.getByTestId('faucet-summary');
    await expect(summary).toContainText('Ink Sepolia');
    await expect(page.getByTestId('faucet-amount')).toHaveText('0.05 ETH');
    await expect(page.getByText('No claims yet.')).toBeVisible();
    const before = await balanceOf(rpcUrl, CLAIMER);
    await expect(page.getByTestId('faucet-balance')).toHaveText(`${sharedText(before, 18)} ETH`);

    await expect(button).toHaveText('Claim');
    await button.click();
    const row = page.getByTestId('faucet-claims').locator('li').first();
    await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(row).toContainText('Sent');
    // The devnet names no explorer: the hash is shown with a copy button, not linked.
    await expect(row.locator('[data-tx-hash]')).toHaveAttribute('data-tx-hash', /^0x[0-9a-f]{64}$/);
    await expect(row.getByRole('link')).toHaveCount(0);

    // Exactly one amount arrived, and the page shows it.
    const after = await balanceOf(rpcUrl, CLAIMER);
    expect(after - before).toBe(AMOUNT);
    await expect(page.getByTestId('faucet-balance')).toHaveText(`${sharedText(after, 18)} ETH`);

    // The limit: the button is off and the page says when to come back, after a reload too.
    await expect(button).toHaveText('Already claimed');
    await expect(button).toBeDisabled();
    await expect(page.getByTestId('faucet-wait')).toHaveText(/^You can claim again in (23 h \d+|24 h 0) min/);
    await page.reload();
    await expect(page.getByTestId('faucet-claim')).toHaveText('Already claimed');
    await expect(page.getByTestId('faucet-claims').locator('li')).toHaveCount(1);

    // The Ink page also offers its USDC faucet: a token, with its own limit.
    const usdc = state.contracts.USDC!;
    const usdcOf = async (): Promise<bigint> => {
      const data = `0x70a08231${CLAIMER.slice(2).toLowerCase().padStart(64, '0')}`;
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: usdc, data }, 'latest'] }),
      });
      return BigInt(((await res.json()) as { result: string }).result);
    };
    const usdcBefore = await usdcOf();
    await page.getByLabel('Faucet', { exact: true }).selectOption({ label: 'Ink Sepolia USDC' });
    await expect(page.getByTestId('faucet-amount')).toHaveText('10 USDC');
    await expect(page.getByTestId('faucet-balance')).toHaveText(`${sharedText(usdcBefore, 6)} USDC`);
    await page.getByTestId('faucet-claim').click();
    await expect(page.getByTestId('faucet-claims').locator('li')).toHaveCount(2);
    await expect(page.getByTestId('faucet-claims').locator('li').first()).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    expect((await usdcOf()) - usdcBefore).toBe(10_000_000n);
    await expect(page.getByTestId('faucet-balance')).toHaveText(`${sharedText(usdcBefore + 10_000_000n, 6)} USDC`);

    // /faucet offers every network; Monad is still open to this wallet.
    await page.goto('/faucet');
    await page.getByLabel('Faucet', { exact: true }).selectOption({ label: 'Monad Testnet' });
    await expect(page.getByTestId('faucet-amount')).toHaveText('0.5 MON');
    await expect(page.getByTestId('faucet-claim')).toHaveText('Claim');
  });
});
