import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { nativeBalance, rpcUrl, tokenBalance } from './fixtures/devnet-rpc';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains, type DevnetState } from './fixtures/injected-wallet';
import { mint, swapDevnet } from './fixtures/swap-ui';
import { test } from './fixtures/test';

// The portfolio against the real perch (its balances over every devnet chain, its price source)
// and the devnet: the connected wallet's balances are the chains' own, and the total is exactly
// the sum of each balance × the price shown, rounded to the cent.

/** Hardhat account #16: unlocked on the devnet nodes, 10,000 ETH, used by no other spec. */
const PORTFOLIO_USER = '0x2546BcD3c84621e976D8185a91A922aE77ECEc30';
const short = (a: string): string => `${a.slice(0, 6)}...${a.slice(-4)}`;

async function openPortfolioConnected(page: Page, state: DevnetState): Promise<void> {
  await installInjectedWallet(page, { chains: walletChains(state), account: PORTFOLIO_USER, chainId: 1 });
  await page.goto('/portfolio');
  const header = page.locator('header').getByTestId('connect-wallet');
  await header.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
  await expect(header).toHaveText(short(PORTFOLIO_USER));
}

/** Cents of raw × price, as the server rounds (half away from zero), from the attributes the page shows. */
function cents(raw: string, decimals: number, usd: number): number {
  const whole = Number(raw) / 10 ** decimals;
  return Math.round(whole * usd * 100);
}

test.describe('portfolio on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(60_000);

  test("the wallet's balances on every devnet chain, and a total equal to the sum of balance × price shown", async ({ page }) => {
    const state = readDevnetState();
    // Some USDC on Base too (minted by the deployer), so the total mixes two tokens and two prices.
    const base = rpcUrl(state, 8453);
    const usdc = swapDevnet(state).token('USDC');
    if ((await tokenBalance(base, usdc.address, PORTFOLIO_USER)) === 0n) await mint(base, swapDevnet(state), usdc.address, PORTFOLIO_USER, 1234_560000n);
    await openPortfolioConnected(page, state);

    for (const chain of state.chains) {
      await expect(page.getByTestId(`portfolio-token-${chain.chain_id}-ETH`)).toBeVisible({ timeout: 20_000 });
    }
    await expect(page.locator('[data-state="loading"]')).toHaveCount(0);
    await expect(page.locator('[data-state="error"]')).toHaveCount(0);

    // Each ETH row is the chain's own balance.
    for (const chain of state.chains) {
      const row = page.getByTestId(`portfolio-token-${chain.chain_id}-ETH`);
      const raw = await row.getByTestId('portfolio-balance').getAttribute('data-raw');
      expect(BigInt(raw ?? '0')).toBe(await nativeBalance(rpcUrl(state, chain.chain_id), PORTFOLIO_USER));
    }
    const usdcRaw = await page.getByTestId('portfolio-token-8453-USDC').getByTestId('portfolio-balance').getAttribute('data-raw');
    expect(BigInt(usdcRaw ?? '0')).toBe(await tokenBalance(base, usdc.address, PORTFOLIO_USER));

    // Every shown value is balance × shown price; the total is their sum, to the cent.
    const rows = page.locator('tr[data-state="ok"]');
    const n = await rows.count();
    expect(n).toBeGreaterThanOrEqual(state.chains.length);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const row = rows.nth(i);
      const balance = row.getByTestId('portfolio-balance');
      const raw = (await balance.getAttribute('data-raw')) ?? '0';
      const decimals = Number(await balance.getAttribute('data-decimals'));
      const price = Number(await row.getByTestId('portfolio-price').getAttribute('data-usd'));
      expect(price).toBeGreaterThan(0);
      const value = Number(await row.getByTestId('portfolio-value').getAttribute('data-cents'));
      expect(value).toBe(cents(raw, decimals, price));
      sum += value;
    }
    const total = page.getByTestId('portfolio-total');
    await expect(total).toHaveAttribute('data-cents', String(sum));
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(sum / 100);
    await expect(total).toHaveText(dollars);

    // The price source is named, and the allocation lists every chain held on.
    await expect(page.getByTestId('portfolio-prices')).toHaveAttribute('data-source', /.+/);
    const legend = page.getByTestId('portfolio-legend');
    await expect(legend.getByRole('listitem')).toHaveCount(state.chains.length, { timeout: 20_000 });
    await page.getByRole('tab', { name: 'By token' }).click();
    await expect(legend.getByRole('listitem')).toHaveCount(2);
    await expect(legend.getByRole('listitem').first()).toContainText('ETH');
  });

  test('every token the wallet holds is listed: WBTC and DAI on Base', async ({ page }) => {
    const state = readDevnetState();
    const base = rpcUrl(state, 8453);
    const swap = swapDevnet(state);
    // A fresh address holding only tokens: 0.5 WBTC and 1,234.5 DAI on Base, typed in (no wallet needed).
    const holder = `0x${randomBytes(20).toString('hex')}`;
    await mint(base, swap, swap.token('WBTC').address, holder, 50_000_000n);
    await mint(base, swap, swap.token('DAI').address, holder, 1_234_500_000_000_000_000_000n);
    await page.goto('/portfolio');
    await page.getByLabel('Address to view').fill(holder);
    for (const [symbol, raw] of [['WBTC', '50000000'], ['DAI', '1234500000000000000000']] as const) {
      const row = page.getByTestId(`portfolio-token-8453-${symbol}`);
      await expect(row, `${symbol} on Base`).toBeVisible({ timeout: 20_000 });
      await expect(row.getByTestId('portfolio-balance')).toHaveAttribute('data-raw', raw);
    }
    await expect(page.getByTestId('portfolio-token-8453-WBTC').getByTestId('portfolio-balance')).toHaveText('0.5');
    await expect(page.getByTestId('portfolio-token-8453-DAI').getByTestId('portfolio-balance')).toHaveText('1,234.5');
  });
});
