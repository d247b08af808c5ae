import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/test';
import type { Page } from '@playwright/test';
import { depositStraight, MAIN_CHANNEL_ID } from './fixtures/devnet-rpc';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';

// Partner channel bridges (/dapp/{name}, /network/{name}, /network/{name}/history) against
// the real perch. The channels come from config/channels.json, the file the app bundles.

interface ChannelEntry {
  channel_id: number;
  name: string;
  slug: string;
  nav: string[];
  theme: { primary: string; logo?: string };
  powered_by: boolean;
  default_token?: string;
  label?: string;
}

const list = (JSON.parse(readFileSync(new URL('../../config/channels.json', import.meta.url), 'utf8')) as { channels: ChannelEntry[] }).channels;
const channel = (slug: string): ChannelEntry => {
  const c = list.find((x) => x.slug === slug);
  if (!c) throw new Error(`no channel ${slug} in config/channels.json`);
  return c;
};
const U2U = channel('u2u');
const OVER = channel('over');

/** Hardhat account #5: this spec's wallet (no other spec uses it). */
const CHANNEL_USER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const SHORT = `${CHANNEL_USER.slice(0, 6)}...${CHANNEL_USER.slice(-4)}`;

async function expectPartnerBranding(page: Page, c: ChannelEntry, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-channel', String(c.channel_id));
  const primary = await page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'));
  expect(primary.toLowerCase()).toBe(c.theme.primary.toLowerCase());
  // 'Powered by' Perch replaces the footer's links on a partner channel.
  const footer = page.locator('footer');
  await expect(footer.getByTestId('powered-by')).toHaveText(/^Powered by\s*Perch$/);
  await expect(footer.getByRole('link', { name: 'Docs' })).toHaveCount(0);
  // Only the channel's nav entries.
  await expect(page.locator('header nav.main-nav a')).toHaveCount(c.nav.length);
}

test.describe('partner channels', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('/network/{name} and /dapp/{name} show the partner branding and "Powered by"; / does not', async ({ page }) => {
    await page.goto(`/network/${U2U.slug}`);
    await expectPartnerBranding(page, U2U, `${U2U.label ?? U2U.name} Bridge`);
    // The partner's logo is served and the card starts on its token.
    const logo = page.getByRole('img', { name: U2U.name });
    await expect(logo).toHaveAttribute('src', U2U.theme.logo ?? '');
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('bridge-token')).toHaveText(U2U.default_token ?? '');
    await expect(page.locator('main').getByRole('link', { name: 'History' })).toHaveAttribute('href', `/network/${U2U.slug}/history`);

    await page.goto(`/dapp/${OVER.slug}`);
    await expectPartnerBranding(page, OVER, `${OVER.label ?? OVER.name} Bridge`);
    await expect(page.getByRole('img', { name: OVER.name })).toHaveAttribute('src', OVER.theme.logo ?? '');

    // The main channel: footer links, no 'Powered by'.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-channel', String(MAIN_CHANNEL_ID));
    await expect(page.locator('footer').getByTestId('powered-by')).toHaveCount(0);
    await expect(page.locator('footer').getByRole('link', { name: 'Docs' })).toBeVisible();
  });

  test.describe('on the devnet', () => {
    test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
    test.setTimeout(150_000);

    test('/network/{name}/history lists only the bridges of that channel', async ({ page }) => {
      const state = readDevnetState();
      // Two deposits straight to the Depositor, one per channel (below the minimum: refunded, cheap).
      const amount = 200_000_000_000_000n;
      const partnerHash = await depositStraight(state, CHANNEL_USER, amount, U2U.channel_id);
      const mainHash = await depositStraight(state, CHANNEL_USER, amount, MAIN_CHANNEL_ID);

      await installInjectedWallet(page, { chains: walletChains(state), account: CHANNEL_USER, chainId: 8453 });
      await page.goto('/');
      const header = page.locator('header').getByTestId('connect-wallet');
      await header.click();
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
      await expect(header).toHaveText(SHORT);

      // /history: both orders, once the watcher has recorded them.
      await page.goto('/history');
      await expect(header).toHaveText(SHORT, { timeout: 10_000 });
      await expect(page.getByTestId(`order-${partnerHash}`)).toBeVisible({ timeout: 45_000 });
      await expect(page.getByTestId(`order-${mainHash}`)).toBeVisible({ timeout: 45_000 });

      // /network/u2u/history: the partner's order only, under the partner's branding.
      const history = page.waitForResponse((r) => r.url().includes('/api/bridge_api/v1/history?') && r.url().includes(`channel=${U2U.channel_id}`));
      await page.goto(`/network/${U2U.slug}/history`);
      await expect(header).toHaveText(SHORT, { timeout: 10_000 });
      expect((await history).status()).toBe(200);
      await expectPartnerBranding(page, U2U, `${U2U.label ?? U2U.name} History`);
      await expect(page.getByTestId(`order-${partnerHash}`)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId(`order-${mainHash}`)).toHaveCount(0);
    });
  });
});
