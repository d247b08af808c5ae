import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { DEVNET_USER_LABEL, DEVNET_USER_SHORT, installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';

// The weight of the first load of / in real Chromium against the real perch: the gzip (level 9,
// like scripts/web-size.sh) bytes of every same-origin script the page fetched by network idle.
// Budget for a visitor without a wallet: 200 KB. The wallet runtime (wagmi, viem) is fetched only
// for a wallet in the page, a remembered wallet, or the wallet list opened.

const BUDGET = 200 * 1024;
// The header's label for account #2: its devnet ENS name, shortened.
const SHORT = DEVNET_USER_LABEL;

interface Scripts {
  /** gzip size of each same-origin script received, by URL. */
  sizes: Map<string, Promise<number>>;
  /** Requests of any kind in flight, and when the last one started or ended. */
  inflight: number;
  lastActivity: number;
}

/** Records the scripts the page receives and the page's network activity. */
function recordScripts(page: Page, origin: string): Scripts {
  const s: Scripts = { sizes: new Map(), inflight: 0, lastActivity: Date.now() };
  const ended = (): void => {
    s.inflight -= 1;
    s.lastActivity = Date.now();
  };
  page.on('request', () => {
    s.inflight += 1;
    s.lastActivity = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || !res.url().startsWith(origin)) return;
    // A redirect, or a body still arriving when the test ends, has no bytes to count.
    s.sizes.set(
      res.url(),
      res.body().then(
        (b) => gzipSync(b, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  return s;
}

const total = async (s: Scripts): Promise<number> => (await Promise.all(s.sizes.values())).reduce((a, b) => a + b, 0);

/**
 * Network idle measured from the rendered app: no request in flight for 2 s. (Playwright's
 * 'networkidle' load state can fire while a busy CPU is still evaluating the first scripts, before
 * the app has asked for anything.)
 */
async function settle(page: Page, s: Scripts): Promise<void> {
  await expect(page.locator('.swap-card')).toBeVisible();
  await expect.poll(() => s.inflight === 0 && Date.now() - s.lastActivity >= 2_000, { timeout: 20_000, intervals: [100] }).toBe(true);
}

const headerWallet = (page: Page) => page.locator('header').getByTestId('connect-wallet');

test.describe('the first load of /', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a visitor without a wallet: at most 200 KB of gzip JavaScript by network idle; opening the wallet list fetches the wallet runtime', async ({ page, baseURL }) => {
    const scripts = recordScripts(page, new URL(baseURL ?? '').origin);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settle(page, scripts);
    const first = await total(scripts);
    const count = scripts.sizes.size;
    test.info().annotations.push({ type: 'first load of /', description: `${first} B gzip JavaScript in ${count} scripts by network idle` });
    console.log(`[weight] first load of /: ${first} B gzip JavaScript in ${count} scripts by network idle`);
    expect(first).toBeLessThanOrEqual(BUDGET);
    await expect(headerWallet(page)).toHaveText('Connect Wallet');

    // A click on Connect brings the wallet runtime: the list offers the wallets (MetaMask to install).
    await headerWallet(page).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    await expect(dialog.getByRole('button', { name: 'Connect MetaMask' })).toBeVisible();
    await expect.poll(async () => (await total(scripts)) - first, { timeout: 20_000 }).toBeGreaterThan(50 * 1024);
    test.info().annotations.push({ type: 'after Connect', description: `${(await total(scripts)) - first} B gzip JavaScript more in ${scripts.sizes.size - count} scripts` });
  });
});

test.describe('the first load of / with a wallet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 800 } });
  test.setTimeout(60_000);

  test("a wallet in the page gets the runtime without a click; after a reload the header says 'Reconnecting…', never 'Connect Wallet', then the address", async ({ page, baseURL }) => {
    await installInjectedWallet(page, { chains: walletChains(readDevnetState()), chainId: 1 });
    const scripts = recordScripts(page, new URL(baseURL ?? '').origin);
    await page.goto('/');
    // More than the budget of a visitor without a wallet: wagmi and viem come with the page.
    await expect.poll(() => total(scripts), { timeout: 20_000 }).toBeGreaterThan(BUDGET);
    await headerWallet(page).click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    await expect(headerWallet(page)).toHaveText(SHORT);

    // Every label the header button shows from the reload to the reconnected address, seen in the page.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __headerLabels: string[] }).__headerLabels = seen;
      const read = () => {
        const text = document.querySelector('header [data-testid="connect-wallet"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      };
      new MutationObserver(read).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.reload();
    await expect(headerWallet(page)).toHaveText('Reconnecting…');
    await expect(headerWallet(page)).toHaveText(SHORT, { timeout: 15_000 });
    const labels = await page.evaluate(() => (window as unknown as { __headerLabels: string[] }).__headerLabels);
    // Never 'Connect Wallet': reconnecting, then the wallet (its short address until its name arrives).
    expect(labels[0]).toBe('Reconnecting…');
    expect(labels.at(-1)).toBe(SHORT);
    expect(labels.every((l) => ['Reconnecting…', DEVNET_USER_SHORT, SHORT].includes(l)), labels.join(' → ')).toBe(true);
  });
});
