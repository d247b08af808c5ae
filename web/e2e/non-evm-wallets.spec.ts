import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { installInjectedWallets } from './fixtures/wallets/injectedWallets';
import { installStandardWallets } from './fixtures/wallets/standardWallets';

// The non-EVM wallets against the real perch (PERCH_URL): every wallet message (missing wallet, wrong network, refusal) is
// triggered through the wallet modal with test wallets that follow each wallet's injected API.
// No devnet is needed here (nothing is signed); the Solana deposit is in bridge-solana.spec.ts.

const SITES: Record<string, string> = {
  phantom: 'https://phantom.com/',
  backpack: 'https://backpack.app/',
  argentX: 'https://www.argent.xyz/argent-x/',
  braavos: 'https://braavos.app/download-braavos-wallet/',
  benfen: 'https://www.benfen.org/',
};

/** Wallet sites open in a new tab; they are answered locally (the machine has no way out). */
async function answerWalletSites(context: BrowserContext): Promise<void> {
  for (const url of Object.values(SITES)) {
    await context.route(`${url}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>wallet site</title>' }));
  }
}

async function openWalletTab(page: Page, tab: 'Solana' | 'Non-EVM') {
  const dialog = page.getByRole('dialog');
  if (!(await dialog.isVisible())) await page.getByTestId('header-wallets').getByRole('button').first().click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  return dialog;
}

/** Clicks a wallet; with `site`, waits for the tab it opens and returns its URL. */
async function clickWallet(page: Page, dialog: ReturnType<Page['getByRole']>, name: string, site = false): Promise<string> {
  const popup = site
    ? page
        .context()
        .waitForEvent('page', { timeout: 20_000 })
        .then(async (p) => {
          await p.waitForLoadState('domcontentloaded').catch(() => undefined);
          const url = p.url();
          await p.close();
          return url;
        })
    : Promise.resolve('');
  await dialog.getByRole('button', { name: `Connect ${name}`, exact: true }).click();
  return popup;
}

test.describe('non-EVM wallets: their messages', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.setTimeout(90_000);

  test("missing wallets: 'no phantom' / 'no backpack' and their sites; install pages; Bitcoin wallets not installed", async ({ page, context }) => {
    await answerWalletSites(context);
    await page.goto('/');
    let dialog = await openWalletTab(page, 'Solana');
    const alert = dialog.getByRole('alert');

    expect(await clickWallet(page, dialog, 'Phantom', true)).toBe(SITES.phantom);
    await expect(alert).toContainText('no phantom');
    expect(await clickWallet(page, dialog, 'Backpack', true)).toBe(SITES.backpack);
    await expect(alert).toContainText('no backpack');

    dialog = await openWalletTab(page, 'Non-EVM');
    expect(await clickWallet(page, dialog, 'Argent X', true)).toBe(SITES.argentX);
    await expect(alert).toContainText('Error: Please install Argent X first.');
    expect(await clickWallet(page, dialog, 'Braavos', true)).toBe(SITES.braavos);
    await expect(alert).toContainText('Error: Please install Braavos first.');
    expect(await clickWallet(page, dialog, 'BenFen Wallet', true)).toBe(SITES.benfen);
    await expect(alert).toContainText('Error: Please install BenFen Wallet first.');
    // The Bitcoin wallets name themselves (no site opens).
    await clickWallet(page, dialog, 'UniSat Wallet');
    await expect(alert).toContainText('UniSat Wallet is not installed');
    await clickWallet(page, dialog, 'OKX Wallet');
    await expect(alert).toContainText('OKX Wallet is not installed');
    expect(context.pages()).toHaveLength(1); // no site opened for them
    // Nothing got connected.
    await expect(page.locator('[data-testid^="wallet-chip-"]')).toHaveCount(0);
  });

  test('StarkNet on a testnet: the warning for 8 s and no connection; on mainnet it connects', async ({ page }) => {
    await installInjectedWallets(page, {
      argentX: { address: '0x0123abc', network: 'SN_SEPOLIA' },
      braavos: { address: '0x0456def0000000000000000000000000000000000000000000000000000abcd1', network: 'SN_MAIN' },
    });
    await page.goto('/');
    const dialog = await openWalletTab(page, 'Non-EVM');
    // The page notes when the warning appears and disappears (timed in the page, not across the test's polling).
    await page.evaluate(() => {
      const w = window as unknown as { __warning: { shown?: number; hidden?: number } };
      w.__warning = {};
      const text = 'The StarkNet Testnet is currently unsupported';
      new MutationObserver(() => {
        const on = Array.from(document.querySelectorAll('[role="alert"]')).some((e) => e.textContent?.includes(text));
        if (on && w.__warning.shown === undefined) w.__warning.shown = performance.now();
        if (!on && w.__warning.shown !== undefined && w.__warning.hidden === undefined) w.__warning.hidden = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await clickWallet(page, dialog, 'Argent X');
    const warning = dialog.getByRole('alert');
    await expect(warning).toContainText('The StarkNet Testnet is currently unsupported. Please switch to the mainnet in your wallet.');
    await expect(page.getByTestId('wallet-chip-starknet')).toHaveCount(0);
    await expect(warning).toBeHidden({ timeout: 15_000 });
    const shown = await page.evaluate(() => {
      const w = (window as unknown as { __warning: { shown: number; hidden: number } }).__warning;
      return w.hidden - w.shown;
    });
    // The warning stays for 8 s.
    expect(shown).toBeGreaterThanOrEqual(7900);
    expect(shown).toBeLessThan(9000);

    await clickWallet(page, dialog, 'Braavos');
    await expect(page.getByTestId('wallet-chip-starknet')).toHaveText('0x0456...bcd1');
  });

  test("Fuel: an account the wallet has not authorised → 'Current account not authorized for this connection!'", async ({ page }) => {
    await installInjectedWallets(page, { fuel: { authorized: ['0xaaaa000000000000000000000000000000000000000000000000000000000001'], current: '0xbbbb000000000000000000000000000000000000000000000000000000000002' } });
    await page.goto('/');
    const dialog = await openWalletTab(page, 'Non-EVM');
    await clickWallet(page, dialog, 'Fuel Wallet');
    await expect(dialog.getByRole('alert')).toContainText('Current account not authorized for this connection!');
    await expect(page.getByTestId('wallet-chip-fuel')).toHaveCount(0);
  });

  test("Phantom: a rejection says 'User rejected the request.'; connected, it reconnects after a reload", async ({ page }) => {
    const addresses = await installStandardWallets(page, [{ name: 'Phantom', keyName: 'user-5', behaviour: 'reject' }]);
    await page.goto('/');
    const dialog = await openWalletTab(page, 'Solana');
    await clickWallet(page, dialog, 'Phantom');
    await expect(dialog.getByRole('alert')).toContainText('User rejected the request.');
    await expect(page.getByTestId('wallet-chip-solana')).toHaveCount(0);
    // The wallet now accepts: connect, then the page reloads and reconnects by itself (silent connect).
    await page.evaluate(() => {
      const w = window as unknown as { __perchStandardWallets: { handles: Record<string, { state: { behaviour: string } }> } };
      w.__perchStandardWallets.handles.Phantom!.state.behaviour = 'ok';
    });
    await clickWallet(page, dialog, 'Phantom');
    const address = addresses.Phantom!;
    await expect(page.getByTestId('wallet-chip-solana')).toHaveText(`${address.slice(0, 6)}...${address.slice(-4)}`);
    await page.reload();
    await expect(page.getByTestId('wallet-chip-solana')).toHaveText(`${address.slice(0, 6)}...${address.slice(-4)}`, { timeout: 10_000 });
    const log = await page.evaluate(() => (window as unknown as { __perchStandardWallets: { log: { method: string }[] } }).__perchStandardWallets.log);
    expect(log.map((l) => l.method)).toEqual(['connect(silent)']);
  });

  test('Bitcoin: UniSat connects; its balance is read from the wallet every 5 s (8 decimals)', async ({ page }) => {
    await installInjectedWallets(page, { unisat: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', balanceSats: 150_000_000 } });
    await page.goto('/');
    const dialog = await openWalletTab(page, 'Non-EVM');
    await clickWallet(page, dialog, 'UniSat Wallet');
    await expect(page.getByTestId('wallet-chip-bitcoin')).toHaveText('bc1qar...5mdq');
    await page.getByTestId('wallet-chip-bitcoin').click();
    const balance = page.getByRole('dialog').getByTestId('wallet-card-balance-bitcoin');
    await expect(balance).toHaveText('1.5 BTC');
    await page.evaluate(() => {
      const w = window as unknown as { __perchInjectedWallets: { handles: Record<string, { setBalance: (s: number) => void }> } };
      w.__perchInjectedWallets.handles.unisat!.setBalance(123_456_789);
    });
    const changedAt = Date.now();
    await expect(balance).toHaveText('1.23456789 BTC', { timeout: 7000 });
    expect(Date.now() - changedAt).toBeLessThanOrEqual(6500);
  });
});
