import type { Page } from '@playwright/test';
import { readDevnetState } from './fixtures/injected-wallet';
import { linkedHash, openSwapConnected } from './fixtures/swap-ui';
import { expect, test } from './fixtures/test';

// A swap made in the swap card with the injected devnet wallet is recorded by the app with the
// server (POST swaps) and then listed on /history with its amounts. Each size has its own account
// (hardhat #17 and #18, which no other spec uses), so the tests do not see each other's swaps.

const DESKTOP_USER = '0xdD2FD4581271e230360230F9337D5c0430Bf44C0';
const PHONE_USER = '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199';

/** Swaps 0.01 ETH → USDC on Base in the card; returns the swap's hash and the USDC the result view shows. */
async function swapOnBase(page: Page, account: string): Promise<{ hash: string; received: string }> {
  const state = readDevnetState();
  await openSwapConnected(page, state, account, 8453);
  await expect(page.getByTestId('swap-token-out')).toHaveText('USDC');
  await page.getByTestId('swap-amount').fill('0.01');
  const button = page.getByTestId('swap-button');
  await expect(button).toHaveText('Swap', { timeout: 20_000 });
  await button.click();
  const result = page.getByTestId('swap-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  const summary = (await result.getByTestId('swap-result-summary').textContent()) ?? '';
  const received = /^Swapped 0\.01 ETH for ([0-9,.]+) USDC\.$/.exec(summary.trim())?.[1];
  if (!received) throw new Error(`unexpected summary: ${summary}`);
  return { hash: await linkedHash(page, 'swap-result-swap-tx'), received };
}

async function expectSwapListed(page: Page, hash: string, received: string) {
  await page.goto('/history');
  const section = page.getByTestId('history-swaps');
  await expect(section.getByRole('heading', { name: 'Swaps' })).toBeVisible();
  const row = section.getByTestId(`history-swap-${hash}`);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId('swap-in')).toHaveText('0.01 ETH');
  await expect(row.getByTestId('swap-out')).toHaveText(`${received} USDC`);
  await expect(row).toContainText('Base');
  await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  // The devnet's chains name no public explorer: the hash is shown without a link.
  await expect(row.getByLabel('Swap transaction')).toHaveAttribute('data-hash', hash);
  return row;
}

test.describe('swaps on /history', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.setTimeout(120_000);

  test.describe('desktop', () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    test('a swap in the card is listed on /history with its amounts', async ({ page }) => {
      const { hash, received } = await swapOnBase(page, DESKTOP_USER);
      await expectSwapListed(page, hash, received);
    });
  });

  test.describe('phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test('a swap in the card is listed on /history as a card that fits the screen', async ({ page }) => {
      const { hash, received } = await swapOnBase(page, PHONE_USER);
      const row = await expectSwapListed(page, hash, received);
      // The card layout: every cell labelled with its column, nothing wider than the phone.
      await expect(row.getByTestId('swap-out')).toHaveAttribute('data-label', 'You received');
      const box = await row.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});
