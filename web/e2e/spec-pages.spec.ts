import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';
import { seedCompletedBridges } from './fixtures/seed';

// What the spec still asked for (issue 30 §6), each at the size it was reported at, against the
// real perch and devnet: the invite, Scroll badge, confirm, completed and developing pages; the
// activity popup; the check-in chain selector; the exchange-app wallet list and its promo; campaigns
// with type=all; the follow task without a wallet; the name lookup the header asks the server for.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PERCH_DB = process.env.PERCH_E2E_DB ?? '';
// Devnet users no other test of this file signs with.
const INVITER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const BRIDGER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';
const CHECKER = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const OKX_USER = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const short = (a: string) => `${a.slice(0, 6)}...${a.slice(-4)}`;
const headerWallet = (page: Page) => page.locator('header').getByTestId('connect-wallet');

async function connect(page: Page, account: string, chainId: number, path: string): Promise<void> {
  await installInjectedWallet(page, { chains: walletChains(readDevnetState()), account, chainId });
  await page.goto(path);
  await headerWallet(page).click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
  await expect(headerWallet(page)).toHaveText(short(account), { timeout: 10_000 });
}

test.describe('what the spec still asks for', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'needs the devnet (PERCH_DEVNET_STATE)');
  test.setTimeout(90_000);

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('/invitepage: the invite link copied, Share, the referee totals and referral points; the name lookup asked of the server', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const names = page.waitForRequest((r) => r.url().includes('/api/name_api/v1/names?'));
      await connect(page, INVITER, 1, '/invitepage');
      // The header asks the server for the address's name on the name-service chains; without one it keeps the address.
      const asked = new URL((await names).url());
      expect(asked.searchParams.get('address')).toBe(INVITER);
      expect(asked.searchParams.get('chain_ids')).toBe('1,42161,56,169');
      await expect(headerWallet(page)).toHaveText(short(INVITER));

      await expect(page.getByRole('heading', { level: 1, name: 'Invite friends' })).toBeVisible();
      const link = page.getByTestId('invite-link');
      const origin = new URL(page.url()).origin;
      await expect(link).toHaveValue(`${origin}/rewards?ref=${INVITER}`);
      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'The copy succeeded.' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/rewards?ref=${INVITER}`);
      await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
      await expect(page.getByTestId('invite-referees')).toHaveText('0');
      await expect(page.getByTestId('invite-referee-bridges')).toHaveText('0');
      await expect(page.getByTestId('invite-points')).toHaveText('0');
      // The server's referee list (campaign_api/v1/{user}/referees): none invited yet, said in words.
      await expect(page.getByTestId('referees-empty')).toBeVisible();
      // Nothing sticks out of a phone's width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test('/scrollbadge: the Scroll badge tasks from the server and the claim button, like the other badge pages', async ({ page }) => {
      await page.goto('/scrollbadge');
      await expect(page.getByRole('heading', { level: 1, name: 'Scroll Badge' })).toBeVisible();
      const claim = page.getByTestId('badge-claim');
      await expect(claim).toHaveText('Connect Wallet');
      await installInjectedWallet(page, { chains: walletChains(readDevnetState()), account: INVITER, chainId: 1 });
      await page.reload();
      await claim.click();
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
      await expect(page.getByTestId('badge-task-bridge_to')).toContainText('Bridge to Scroll', { timeout: 15_000 });
      await expect(page.getByTestId('badge-task-deploy')).toContainText('Deploy a contract on Scroll');
      await expect(page.getByTestId('badge-task-bridge_to')).toHaveAttribute('data-done', 'false');
      await expect(page.getByTestId('badge-task-bridge_to').getByRole('link', { name: 'Bridge' })).toHaveAttribute('href', '/?to=534352');
      // Scroll runs on the devnet with the Badge contract: claimable here, once both tasks are done.
      await expect(claim).toHaveText('Finish every task to claim');
      await expect(claim).toBeDisabled();
    });

    test('/developingpage says it is being built and links to what works', async ({ page }) => {
      await page.goto('/developingpage');
      await expect(page.getByRole('heading', { level: 1, name: 'Coming soon' })).toBeVisible();
      const live = page.getByTestId('developing-live');
      await expect(live.getByRole('link')).toHaveText(['Bridge', 'Swap', 'Rewards', 'Deploy', 'L2 Tracker']);
      await live.getByRole('link', { name: 'Swap' }).click();
      await expect(page).toHaveURL(/\/swap$/);
    });

    test('the follow task (31) opens the wallet list without a wallet; campaigns are asked with type=all', async ({ page }) => {
      const campaigns = page.waitForRequest((r) => r.url().includes('/api/campaign_api/v1/campaigns?'));
      await page.goto('/rewards');
      expect(new URL((await campaigns).url()).searchParams.get('type')).toBe('all');
      const task = page.getByTestId('social-task-31');
      await task.getByRole('button', { name: 'Follow' }).click();
      await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
      await expect(task).toHaveAttribute('data-state', 'idle');
    });

    test.describe('inside OKX’s app', () => {
      test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 OKApp/(OKEx/6.90.1)' });

      test('the promo’s Bridge button opens a wallet list of OKX Wallet only, which connects the app’s provider', async ({ page }) => {
        await installInjectedWallet(page, { chains: walletChains(readDevnetState()), account: OKX_USER, chainId: 8453, legacyFlags: ['isOkxWallet'] });
        await page.goto('/swap');
        const promo = page.getByRole('dialog', { name: 'Perch in OKX Wallet' });
        await expect(promo).toBeVisible();
        await promo.getByRole('button', { name: 'Bridge' }).click();
        await expect(page).toHaveURL(/\/$/);
        const wallets = page.getByRole('dialog', { name: 'Connect Wallet' });
        const rows = wallets.getByRole('list', { name: 'Available wallets' }).getByRole('listitem');
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toContainText('OKX Wallet');
        await rows.first().getByRole('button').first().click();
        await expect(headerWallet(page)).toHaveText(short(OKX_USER), { timeout: 10_000 });
        // Once a session.
        await page.reload();
        await expect(headerWallet(page)).toBeVisible();
        await expect(page.getByRole('dialog', { name: 'Perch in OKX Wallet' })).toHaveCount(0);
      });
    });
  });

  // The other exchanges' apps narrow the list the same way: each by what its browser adds to the
  // user agent, the app's own wallet alone, connecting the provider the app injects.
  for (const app of [
    { wallet: 'Binance Wallet', ua: 'BNC/2.80.0 (Binance/2.80.0)', flags: ['isBinance'], gate: false },
    { wallet: 'Bitget Wallet', ua: 'BitKeep/8.10.0', flags: ['isBitKeep'], gate: false },
    { wallet: 'Gate Wallet', ua: 'GateWallet/6.30.0', flags: [], gate: true },
  ] as const) {
    test.describe(`inside ${app.wallet}’s app on a phone`, () => {
      test.use({ viewport: PHONE, userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ${app.ua}` });

      test(`the promo’s Bridge button opens a wallet list of ${app.wallet} only, which connects the app’s provider`, async ({ page }) => {
        await installInjectedWallet(page, { chains: walletChains(readDevnetState()), account: OKX_USER, chainId: 8453, legacyFlags: [...app.flags], announce: false });
        if (app.gate) {
          // Gate's browser injects its provider at window.gatewallet.
          await page.addInitScript(() => {
            const w = window as unknown as { gatewallet?: unknown; __perchDevnetWallet?: { provider: unknown } };
            w.gatewallet = w.__perchDevnetWallet?.provider;
          });
        }
        await page.goto('/swap');
        const promo = page.getByRole('dialog', { name: `Perch in ${app.wallet}` });
        await expect(promo).toBeVisible();
        await promo.getByRole('button', { name: 'Bridge' }).click();
        await expect(page).toHaveURL(/\/$/);
        const rows = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('list', { name: 'Available wallets' }).getByRole('listitem');
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toContainText(app.wallet);
        await rows.first().getByRole('button').first().click();
        await expect(headerWallet(page)).toHaveText(short(OKX_USER), { timeout: 10_000 });
      });
    });
  }

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('the activity popup opens after resting 1 s on the points badge, and stays closed once closed', async ({ page }) => {
      await page.goto('/');
      const badge = page.getByTestId('points-badge');
      await badge.hover();
      await page.waitForTimeout(600);
      await expect(page.getByRole('dialog', { name: 'Activity' })).toHaveCount(0);
      const popup = page.getByRole('dialog', { name: 'Activity' });
      await expect(popup).toBeVisible({ timeout: 1500 });
      await expect(popup.getByRole('link', { name: 'All quests' })).toBeVisible();
      await expect(popup).toContainText('Bridge to Soneium');
      // Leaving closes it.
      await page.mouse.move(10, 600);
      await expect(popup).toHaveCount(0);
      await badge.hover();
      await expect(popup).toBeVisible({ timeout: 1500 });
      await popup.getByRole('button', { name: 'Close the activity panel' }).click();
      await expect(popup).toHaveCount(0);
      await page.mouse.move(10, 600);
      await badge.hover();
      await page.waitForTimeout(1500);
      await expect(popup).toHaveCount(0);
    });

    test('the check-in chain selector shows chain icons and starts on the wallet’s chain', async ({ page }) => {
      await connect(page, CHECKER, 8453, '/');
      await page.locator('header').getByRole('button', { name: 'Check-in' }).click();
      const modal = page.getByRole('dialog', { name: 'Daily Check-in' });
      const chain = modal.getByRole('combobox', { name: 'Check-in chain' });
      await expect(chain).toHaveAttribute('data-value', '8453');
      await expect(chain).toContainText('Base');
      await chain.click();
      const options = modal.getByRole('option');
      expect(await options.count()).toBeGreaterThanOrEqual(2);
      // Every option has its chain's icon, loaded.
      for (const img of await options.locator('img').all()) {
        await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      }
      await expect(modal.getByRole('option', { selected: true })).toContainText('Base');
      await modal.locator('[role="option"][data-chain-id="1868"]').click();
      await expect(chain).toHaveAttribute('data-value', '1868');
      await expect(chain).toContainText('Soneium');
      // The list stays inside the modal at this size.
      await chain.click();
      const list = modal.getByRole('listbox');
      const box = await list.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
      await page.keyboard.press('Escape');
      await expect(list).toHaveCount(0);
      await expect(modal).toBeVisible();
    });

    test('/completed shows the wallet’s last transfer and /confirm follows one to its result', async ({ page }) => {
      test.skip(!PERCH_DB, 'needs the e2e perch database (PERCH_E2E_DB)');
      seedCompletedBridges(PERCH_DB, BRIDGER, 1, 8453, 42161);
      await connect(page, BRIDGER, 8453, '/completed');
      await expect(page.getByRole('heading', { level: 1, name: 'Transfer completed' })).toBeVisible();
      await expect(page.getByTestId('order-route')).toContainText('→', { timeout: 15_000 });
      await expect(page.getByTestId('order-sent')).toHaveText('0.01 ETH');
      await expect(page.getByTestId('order-received')).toHaveText('0.009 ETH');
      await expect(page.getByTestId('order-page-state')).toHaveText('Completed');
      await expect(page.getByRole('link', { name: 'Bridge Again' })).toHaveAttribute('href', '/?from=8453&to=42161');
      const history = (await (await page.request.get(`/api/bridge_api/v1/history?address=${BRIDGER}&page=1&size=5`)).json()) as { data: { list: { src_tx_hash: string }[] } };
      const hash = history.data.list[0]?.src_tx_hash ?? '';
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      await page.goto(`/confirm?chain_id=8453&tx_hash=${hash}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Confirming your transfer' })).toBeVisible();
      await expect(page.getByTestId('order-page-state')).toHaveText('Completed', { timeout: 15_000 });
      await page.getByTestId('order-page-result').click();
      await expect(page).toHaveURL(new RegExp(`/completed\\?chain_id=8453&tx_hash=${hash}$`));
      await expect(page.getByTestId('order-sent')).toHaveText('0.01 ETH');
    });
  });
});
