import { expect, test } from './fixtures/test';
import type { Locator, Page } from '@playwright/test';
import { DEVNET_USER, installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';

// Keyboard only: every step below is a key press; nothing is clicked.

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
}

const focusInside = (dialog: Locator): Promise<boolean> => dialog.evaluate((el) => el.contains(document.activeElement));

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';

/** Which of the dialog's reachable elements has focus: 'first', 'last', 'inside' or 'outside'. */
const focusPlace = (dialog: Locator): Promise<string> =>
  dialog.evaluate((el, selector) => {
    const items = Array.from(el.querySelectorAll(selector));
    if (document.activeElement === items[0]) return 'first';
    if (document.activeElement === items[items.length - 1]) return 'last';
    return el.contains(document.activeElement) ? 'inside' : 'outside';
  }, FOCUSABLE);

/** Focus starts on the dialog's first element; Shift+Tab wraps to the last, Tab back to the first. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => focusPlace(dialog)).toBe('first');
  await page.keyboard.press('Shift+Tab');
  expect(await focusPlace(dialog)).toBe('last');
  await page.keyboard.press('Tab');
  expect(await focusPlace(dialog)).toBe('first');
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusPlace(dialog)).not.toBe('outside');
  }
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Shift+Tab');
  expect(await focusPlace(dialog)).toBe('first');
}

test.describe('keyboard only', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('wallet modal: opens on Enter, traps focus, Escape closes it and focus returns', async ({ page }) => {
    await page.goto('/');
    const opener = page.locator('header').getByTestId('connect-wallet');
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    await expect(dialog).toBeVisible();
    expect(await focusInside(dialog)).toBe(true);
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('network list: search by typing, pick with Enter, focus returns to the From button', async ({ page }) => {
    await page.goto('/');
    const from = page.locator('.swap-card').getByRole('button', { name: /^From:/ });
    await tabTo(page, from);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'From Network' });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog);
    const search = dialog.getByRole('searchbox');
    await tabTo(page, search);
    await page.keyboard.type('Arbitrum');
    const item = dialog.getByTestId('network-42161').getByRole('button');
    await tabTo(page, item);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(from).toBeFocused();
    await expect(from).toHaveAttribute('data-chain-id', '42161');
    // Escape leaves the choice alone.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    expect(await focusInside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(from).toHaveAttribute('data-chain-id', '42161');
  });

  test('bridge form: connect, choose networks, token and amount up to a ready Bridge button', async ({ page }) => {
    test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
    test.setTimeout(90_000);
    await installInjectedWallet(page, { chains: walletChains(readDevnetState()), account: DEVNET_USER, chainId: 8453 });
    await page.goto('/');
    const card = page.locator('.swap-card');
    const send = page.getByTestId('bridge-send');
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    const wallets = page.getByRole('dialog', { name: 'Connect Wallet' });
    await expect(wallets).toBeVisible();
    await tabTo(page, wallets.getByRole('button', { name: `Connect ${WALLET_NAME}` }));
    await page.keyboard.press('Enter');
    await expect(wallets).toBeHidden();
    await expect(page.locator('header').getByTestId('connect-wallet')).toHaveAttribute('data-chain-id', /\d+/);

    for (const [side, name, chainId] of [['From', 'From Network', 8453], ['To', 'To Network Or Exchange', 42161]] as const) {
      await tabTo(page, card.getByRole('button', { name: new RegExp(`^${side}:`) }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name });
      await tabTo(page, dialog.getByTestId(`network-${chainId}`).getByRole('button'));
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
    }
    await expect(page.locator('header').getByTestId('connect-wallet')).toHaveAttribute('data-chain-id', '8453');

    const token = page.getByTestId('bridge-token');
    await tabTo(page, token);
    await page.keyboard.press('Enter');
    const tokens = page.getByRole('dialog', { name: 'Select a token' });
    await tabTo(page, tokens.getByTestId('bridge-token-list').getByRole('button').first());
    await page.keyboard.press('Enter');
    await expect(tokens).toBeHidden();
    await expect(token).toHaveText('ETH');
    await tabTo(page, page.getByLabel('Amount'));
    await page.keyboard.type('0.01');
    await expect(send).toHaveText('Bridge', { timeout: 20_000 });
    await tabTo(page, send);
    await expect(send).toBeEnabled();
  });
});
