import { expect, test } from './fixtures/test';
import type { Page } from '@playwright/test';
import { BRIDGE_USER, rpcUrl, toRaw, tokenBalance } from './fixtures/devnet-rpc';
import { BRIDGE_USER_SHORT as SHORT, connectWallet } from './fixtures/bridge-ui';
import { readDevnetState } from './fixtures/injected-wallet';

// Bridge and swap through the UI (docs/swap.md "Bridge and swap"): ETH on Base (8453) bridged and
// received as USDC on Arbitrum (42161). Needs perch with the maker on (PERCH_URL) and the devnet
// (PERCH_DEVNET_STATE); every click signs a real transaction (account #3, unlocked) and the maker
// pays by swapping through PerchSwapExecutor on the devnet's pools.

async function pickNetwork(page: Page, side: 'From' | 'To', chainId: number): Promise<void> {
  await page.locator('.swap-card').getByRole('button', { name: new RegExp(`^${side}:`) }).click();
  const dialog = page.getByRole('dialog', { name: side === 'From' ? 'From Network' : 'To Network Or Exchange' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId(`network-${chainId}`).getByRole('button').click();
  await expect(dialog).toBeHidden();
}

test.describe('bridge and swap through the UI on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(180_000);

  test('ETH 8453 → USDC 42161: the recipient gets at least the quoted minimum in USDC, history shows both tokens', async ({ page }) => {
    const state = readDevnetState();
    const usdc = state.contracts.USDC;
    if (!usdc) throw new Error('no USDC in the devnet state');
    const dst = rpcUrl(state, 42161);
    await connectWallet(page, state, 8453);
    await pickNetwork(page, 'From', 8453);
    await pickNetwork(page, 'To', 42161);
    await page.getByTestId('token-select').selectOption('ETH');
    await expect(page.getByTestId('bridge-balance')).toHaveText(/^Balance: [0-9.]+ ETH$/, { timeout: 20_000 });

    // The picker offers the destination's swap tokens; the default is the token sent.
    const picker = page.getByTestId('to-token-select');
    await expect(picker).toBeVisible({ timeout: 20_000 });
    await expect(picker.locator('option:checked')).toHaveText('ETH (no swap)');
    await picker.selectOption({ label: 'USDC' });
    await page.getByLabel('Amount').fill('0.05');
    const send = page.getByTestId('bridge-send');
    await expect(send).toHaveText('Bridge', { timeout: 20_000 });
    await expect(page.getByTestId('quote-receive')).toHaveText(/^[0-9.]+ USDC$/, { timeout: 20_000 });
    const minText = ((await page.getByTestId('quote-min-received').textContent()) ?? '').replace(' USDC', '').trim();
    expect(minText).toMatch(/^\d+(\.\d+)?$/);
    await expect(page.getByTestId('quote-swap')).toHaveText(/^[0-9.]+ ETH → USDC via .+%$/);
    await expect(page.getByTestId('quote-swap-note')).toContainText(`at least ${minText} USDC`);

    const before = await tokenBalance(dst, usdc, BRIDGE_USER);
    const clicked = Date.now();
    await send.click();
    const tracker = page.getByTestId('bridge-tracker');
    await expect(tracker).toBeVisible({ timeout: 30_000 });
    await expect(tracker.getByTestId('tracker-summary')).toContainText('received as USDC');
    await expect(tracker.getByTestId('step-completed')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    console.log(`[bridge-swap e2e] ETH 8453 → USDC 42161: ${Date.now() - clicked} ms from click to Completed`);
    const result = tracker.getByTestId('tracker-result');
    await expect(result).toHaveText(/^[0-9.]+ USDC received\.$/);
    const delivered = toRaw(((await result.textContent()) ?? '').replace(' USDC received.', '').trim(), 6);
    const after = await tokenBalance(dst, usdc, BRIDGE_USER);
    // The balance rose by exactly what the tracker says was delivered, at least the minimum.
    expect(after - before).toBe(delivered);
    expect(delivered >= toRaw(minText, 6)).toBe(true);
    const depositHash = (await tracker.getByTestId('step-sent').locator('[data-hash]').getAttribute('data-hash')) ?? '';
    expect(depositHash).toMatch(/^0x[0-9a-f]{64}$/);

    await page.goto('/history');
    await expect(page.locator('header').getByTestId('connect-wallet')).toHaveText(SHORT, { timeout: 10_000 });
    const row = page.getByTestId(`order-${depositHash}`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByTestId('order-state')).toHaveText('Completed');
    await expect(row.getByTestId('order-amount')).toHaveText('0.05 ETH → USDC');
    await expect(row.getByTestId('order-receive')).toHaveText(/^[0-9.]+ USDC$/);
  });
});
