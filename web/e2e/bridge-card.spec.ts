import { expect, test } from './fixtures/test';
import type { Page } from '@playwright/test';
import { BRIDGE_USER } from './fixtures/devnet-rpc';
import { BRIDGE_USER_SHORT } from './fixtures/bridge-ui';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';

// The bridge card as a user meets it (issue 30, "The bridge card"), against perch and the devnet:
// the injected wallet is account #3 on a real devnet chain.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const BASE = 8453;
const ARBITRUM = 42161;

/** Installs the devnet wallet on `chainId`, opens `path` and connects through the wallet modal. */
async function openConnected(page: Page, path: string, chainId = BASE): Promise<void> {
  const state = readDevnetState();
  await installInjectedWallet(page, { chains: walletChains(state), account: BRIDGE_USER, chainId });
  await page.goto(path);
  const header = page.locator('header').getByTestId('connect-wallet');
  await header.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
  await expect(header).toHaveText(BRIDGE_USER_SHORT);
}

/** The top of whatever is fixed to the bottom of the screen (the footer, a phone's tab bar), else the viewport's height. */
async function fixedBottomTop(page: Page): Promise<number> {
  return page.evaluate(() => {
    let top = window.innerHeight;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(el);
      if (style.position !== 'fixed' || style.display === 'none' || style.visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      if (r.height > 0 && r.width > window.innerWidth / 2 && Math.abs(r.bottom - window.innerHeight) <= 1 && r.top > window.innerHeight / 2) top = Math.min(top, r.top);
    }
    return top;
  });
}

const fromButton = (page: Page) => page.locator('.swap-card').getByRole('button', { name: /^From:/ });
const toButton = (page: Page) => page.locator('.swap-card').getByRole('button', { name: /^To:/ });

for (const [name, viewport] of [
  ['1440x900', DESKTOP],
  ['a 390x844 phone', PHONE],
] as const) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });

    test('with an amount typed, the whole card down to the Bridge button fits above the fixed footer', async ({ page }) => {
      await openConnected(page, `/?to=${ARBITRUM}`);
      // From followed the wallet's chain: nothing to choose before typing the amount.
      await expect(fromButton(page)).toHaveAttribute('data-chain-id', String(BASE));
      await page.getByLabel('Amount').fill('0.01');
      const send = page.getByTestId('bridge-send');
      await expect(send).toHaveText('Bridge');
      await expect(page.getByTestId('quote-receive')).toHaveText(/^[0-9.]+ ETH$/);
      await expect(page.getByTestId('quote-fee')).toHaveText(/ETH/);
      await expect(page.getByTestId('quote-time')).toHaveText(/^~\d+ (s|min)$/);
      // The dollar values under the amounts are part of the card that must fit.
      await expect(page.getByTestId('amount-usd')).toHaveText(/^≈ \$[0-9,]+\.\d\d$/);
      await expect(page.getByTestId('quote-receive-usd')).toHaveText(/^≈ \$[0-9,]+\.\d\d$/);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const box = await send.boundingBox();
      const limit = await fixedBottomTop(page);
      expect(box).not.toBeNull();
      console.log(`[bridge-card] ${name}: button bottom ${Math.round(box!.y + box!.height)} px, fixed bottom chrome top ${Math.round(limit)} px`);
      expect(box!.y + box!.height).toBeLessThanOrEqual(limit);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    });
  });
}

test.describe('networks from the address bar, the wallet and partner pages', () => {
  test.use({ viewport: DESKTOP });

  test('/?from=8453&to=42161 sets both networks', async ({ page }) => {
    await page.goto(`/?from=${BASE}&to=${ARBITRUM}`);
    await expect(fromButton(page)).toHaveAttribute('data-chain-id', String(BASE));
    await expect(toButton(page)).toHaveAttribute('data-chain-id', String(ARBITRUM));
  });

  test("/network/bob and /dapp/bob preselect the partner's chain; an unknown partner is the not-found page", async ({ page }) => {
    for (const path of ['/network/bob', '/dapp/bob']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('BOB Bridge');
      await expect(toButton(page)).toHaveAttribute('data-chain-id', '60808');
    }
    await page.goto('/network/nosuchpartner');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByText(/nosuchpartner/i)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^From:/ })).toHaveCount(0);
  });

  test('a recipient with a wrong EIP-55 checksum is refused with the reason on an EVM to EVM route', async ({ page }) => {
    await openConnected(page, `/?from=${BASE}&to=${ARBITRUM}`);
    await page.getByLabel('Amount').fill('0.01');
    const send = page.getByTestId('bridge-send');
    await expect(send).toHaveText('Bridge');
    // One letter's case flipped: still 40 hex digits, but not the address's checksum.
    const i = BRIDGE_USER.search(/[a-f]/);
    const typo = BRIDGE_USER.slice(0, i) + BRIDGE_USER[i]!.toUpperCase() + BRIDGE_USER.slice(i + 1);
    await page.getByRole('textbox', { name: 'Recipient' }).fill(typo);
    await expect(page.getByTestId('recipient-error')).toHaveText("The address's EIP-55 checksum (its mix of upper and lower case) is wrong: check it for a typo");
    await expect(send).toHaveText('Invalid destination address');
    await expect(send).toBeDisabled();
    await page.getByRole('textbox', { name: 'Recipient' }).fill(BRIDGE_USER);
    await expect(send).toHaveText('Bridge');
  });
});

test.describe('the token picker and dollar values', () => {
  test.use({ viewport: DESKTOP });

  test("the bridge picks its token in the swap's list (icons, balances, search by address) and shows each amount's dollar value", async ({ page }) => {
    const tokens = (await (await page.request.get('/api/bridge_api/v1/all-tokens')).json()) as { data: { list: { symbol: string; chainId: number; address: string }[] } };
    const usdc = tokens.data.list.find((tk) => tk.chainId === BASE && tk.symbol === 'USDC');
    expect(usdc).toBeDefined();
    await openConnected(page, `/?to=${ARBITRUM}`);
    await expect(fromButton(page)).toHaveAttribute('data-chain-id', String(BASE));
    const button = page.getByTestId('bridge-token');
    await expect(button).toHaveText('ETH');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Select a token' });
    const list = dialog.getByTestId('bridge-token-list');
    const eth = list.getByTestId('bridge-token-0x0000000000000000000000000000000000000000');
    await expect.poll(() => eth.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(eth.getByTestId('bridge-token-balance')).toHaveText(/^[0-9.]+$/);
    await expect(list.getByTestId(`bridge-token-${usdc!.address.toLowerCase()}`).getByTestId('bridge-token-balance')).toHaveText(/^[0-9.]+$/);
    await dialog.getByRole('searchbox', { name: 'Search name, symbol or address' }).fill(usdc!.address);
    await expect(list.locator('li')).toHaveCount(1);
    await list.getByRole('button').click();
    await expect(dialog).toBeHidden();
    await expect(button).toHaveText('USDC');
    await expect(page.getByTestId('bridge-balance')).toHaveText(/^Balance: [0-9.,]+ USDC$/);
    await page.getByLabel('Amount').fill('20');
    await expect(page.getByTestId('bridge-send')).toHaveText('Bridge');
    // USDC is a dollar: the pools' price puts 20 USDC within a few cents of $20.
    await expect(page.getByTestId('amount-usd')).toHaveText(/^≈ \$(19\.9\d|20\.0\d)$/);
    await expect(page.getByTestId('quote-receive-usd')).toHaveText(/^≈ \$1\d\.\d\d$/);
  });
});

test.describe('the network picker', () => {
  test.use({ viewport: DESKTOP });

  test("shows icons and the other chains' balances at once while a dead chain's balance request hangs, then '-' for it alone", async ({ page }) => {
    // Ethereum's RPC is unreachable: its balance request never answers (a chain that hangs the server's call).
    let held = 0;
    await page.route(/\/api\/balance_api\/v1\/multi-balance\?/, async (route) => {
      const ids = new URL(route.request().url()).searchParams.get('chain_ids')?.split(',') ?? [];
      if (!ids.includes('1')) return route.continue();
      held += 1;
      await new Promise(() => {});
    });
    await openConnected(page, '/');
    await fromButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'From Network' });
    await expect(dialog).toBeVisible();
    const opened = Date.now();
    for (const id of [BASE, ARBITRUM]) {
      const icon = dialog.getByTestId(`network-${id}`).locator('img.network-icon');
      await expect(icon).toBeVisible({ timeout: 2_000 });
      await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 2_000 }).toBe(true);
      await expect(dialog.getByTestId(`balance-${id}`)).toHaveText(/^[0-9.,]+$/, { timeout: 3_000 });
    }
    const othersShownAfter = Date.now() - opened;
    expect(held).toBeGreaterThan(0);
    // The dead chain spins, then gives up on its own with the hint.
    await expect(dialog.getByTestId('balance-1')).toHaveText('-', { timeout: 8_000 });
    await expect(dialog.getByTestId('balance-1').getByTitle('Network congestion or RPC')).toBeVisible();
    console.log(`[bridge-card] picker: icons and Base/Arbitrum balances after ${othersShownAfter} ms, Ethereum '-' after ${Date.now() - opened} ms`);
  });
});
