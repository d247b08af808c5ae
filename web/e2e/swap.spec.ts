import type { Page } from '@playwright/test';
import { nativeBalance, tokenBalance, toRaw } from './fixtures/devnet-rpc';
import { readDevnetState } from './fixtures/injected-wallet';
import {
  allowance,
  approve,
  builtSwap,
  display,
  ETH,
  linkedHash,
  mint,
  openSwapConnected,
  otherPoolLogs,
  pickToken,
  routePools,
  rpcUrl,
  SWAP_ETH_USER,
  SWAP_INPUT_USER,
  SWAP_TOKEN_USER,
  swapDevnet,
  swappedEvent,
} from './fixtures/swap-ui';
import { expect, test } from './fixtures/test';

// The swap card against the real perch (its pool indexer, router and build_tx) and the devnet's
// Uniswap V2/V3 pools and PerchSwapExecutor: every click signs a real transaction with the injected
// devnet wallet. Each test has its own account and its own chain (8453, 42161, 1), so the tests are
// independent of each other and of order, and no other spec trades on these pools.

const button = (page: Page) => page.getByTestId('swap-button');

interface QuoteSeen {
  amount_out: string;
  amount_out_wei: string;
  block_number: number;
}

/** Records the last GET quote answer the card received (what it shows). */
function recordQuotes(page: Page): { last: () => QuoteSeen | undefined } {
  let last: QuoteSeen | undefined;
  page.on('response', (res) => {
    if (!res.url().includes('/api/swap_api/v1/quote?') || res.status() !== 200) return;
    void res
      .json()
      .then((body: { data: QuoteSeen }) => {
        last = body.data;
      })
      .catch(() => {});
  });
  return { last: () => last };
}

test.describe('swap on the devnet pools', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(90_000);

  test('ETH → USDC on Base: the quote with its route, one transaction, the USDC received is the Swapped amount, at least the minimum, and the quote when no one else traded', async ({ page }) => {
    const state = readDevnetState();
    const d = swapDevnet(state);
    const url = rpcUrl(state, 8453);
    const usdc = d.token('USDC');
    const quotes = recordQuotes(page);
    await openSwapConnected(page, state, SWAP_ETH_USER, 8453);

    // The default pair of the network and automatic slippage (not the 5 % a sandwich would take).
    await expect(page.getByTestId('swap-token-in')).toHaveText('ETH');
    await expect(page.getByTestId('swap-token-out')).toHaveText('USDC');
    await expect(page.getByTestId('swap-slippage-toggle')).toHaveText('Slippage Auto 0.5%');
    await expect(page.getByTestId('swap-slippage-warning')).toHaveCount(0);
    await expect(page.getByTestId('swap-balance')).toHaveText(/^Balance: [0-9,.]+ ETH$/, { timeout: 20_000 });

    await page.getByTestId('swap-amount').fill('0.5');
    await expect(button(page)).toHaveText('Swap', { timeout: 20_000 });
    await expect(button(page)).toHaveAttribute('data-state', 'swap');
    await expect(page.getByTestId('swap-rate')).toHaveText(/^1 ETH = [0-9,.]+ USDC$/);
    await expect(page.getByTestId('swap-min-received')).toHaveText(/^[0-9,.]+ USDC$/);
    await expect(page.getByTestId('swap-route-leg').first()).toHaveText(/^\d+(\.\d+)?% (Uniswap V3|Uniswap V2|SushiSwap V2)/);
    // The pool is deep next to 0.5 ETH: auto stays at or under 0.5 %, and build_tx gets what is shown.
    const autoText = (await page.getByTestId('swap-slippage-toggle').textContent()) ?? '';
    const autoBps = Math.round(Number(/^Slippage Auto (\d+(?:\.\d+)?)%$/.exec(autoText)?.[1] ?? 'NaN') * 100);
    expect(autoBps).toBeGreaterThan(0);
    expect(autoBps).toBeLessThanOrEqual(50);
    const shownOut = await page.getByTestId('swap-amount-out').inputValue();
    const seen = quotes.last();
    expect(seen, 'the card showed a quote from GET quote').toBeDefined();
    expect(shownOut).toBe(display(BigInt(seen?.amount_out_wei ?? '0'), usdc.decimals));

    const usdcBefore = await tokenBalance(url, usdc.address, SWAP_ETH_USER);
    const ethBefore = await nativeBalance(url, SWAP_ETH_USER);
    const build = page.waitForResponse((r) => r.url().endsWith('/api/swap_api/v1/build_tx') && r.request().method() === 'POST');
    await button(page).click();
    const buildRes = await build;
    const built = await builtSwap(buildRes);
    expect(built.approve).toBeNull(); // ETH in: nothing to approve
    expect((JSON.parse(buildRes.request().postData() ?? '{}') as { slippage_bps?: number }).slippage_bps).toBe(autoBps);
    expect(built.swap.to).toBe(d.executor);
    expect(built.quote.executor).toBe(d.executor);
    const result = page.getByTestId('swap-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result).toHaveAttribute('data-exact', 'true');
    await expect(result.getByTestId('swap-result-approve-tx')).toHaveCount(0);

    const hash = await linkedHash(page, 'swap-result-swap-tx');
    const { event, block } = await swappedEvent(url, hash, d.executor);
    const received = (await tokenBalance(url, usdc.address, SWAP_ETH_USER)) - usdcBefore;
    expect(event).toMatchObject({ sender: SWAP_ETH_USER.toLowerCase(), recipient: SWAP_ETH_USER.toLowerCase(), tokenIn: ETH, tokenOut: usdc.address });
    expect(event.amountIn).toBe(toRaw('0.5', 18));
    expect(received).toBe(event.amountOut);
    expect(received).toBeGreaterThanOrEqual(BigInt(built.quote.min_out_wei));
    await expect(result.getByTestId('swap-result-summary')).toHaveText(`Swapped 0.5 ETH for ${display(received, usdc.decimals)} USDC.`);
    // 0.5 ETH and the gas left the wallet.
    const spent = ethBefore - (await nativeBalance(url, SWAP_ETH_USER));
    expect(spent).toBeGreaterThan(toRaw('0.5', 18));
    expect(spent).toBeLessThan(toRaw('0.51', 18));

    // Nothing else traded on the route's pools since the shown quote's block: the received amount
    // is exactly what the card showed and build_tx quoted.
    const since = BigInt(Math.min(seen?.block_number ?? 0, built.quote.block_number)) + 1n;
    const others = await otherPoolLogs(url, routePools(built.quote), since, block, hash);
    if (others.length === 0) {
      expect(received).toBe(BigInt(built.quote.amount_out_wei));
      expect(received).toBe(BigInt(seen?.amount_out_wei ?? '0'));
    } else {
      test.info().annotations.push({ type: 'note', description: `${others.length} other pool logs between quote and swap: asserted ≥ min only` });
    }
  });

  test("USDC → WBTC on Arbitrum: 'Approve USDC' before the first click, then approve and swap through the wallet, WBTC arrives", async ({ page }) => {
    const state = readDevnetState();
    const d = swapDevnet(state);
    const url = rpcUrl(state, 42161);
    const usdc = d.token('USDC');
    const wbtc = d.token('WBTC');
    const amount = toRaw('1000', usdc.decimals);
    // A fresh start whatever ran before: USDC to pay with, and no allowance for the executor.
    if ((await tokenBalance(url, usdc.address, SWAP_TOKEN_USER)) < amount * 2n) await mint(url, d, usdc.address, SWAP_TOKEN_USER, amount * 2n);
    if ((await allowance(url, usdc.address, SWAP_TOKEN_USER, d.executor)) !== 0n) await approve(url, SWAP_TOKEN_USER, usdc.address, d.executor, 0n);

    await openSwapConnected(page, state, SWAP_TOKEN_USER, 42161);
    await expect(page.getByTestId('swap-token-out')).toHaveText('USDC');
    await pickToken(page, 'in', usdc.address); // the receiving side's token: the pair flips
    await expect(page.getByTestId('swap-token-out')).toHaveText('ETH');
    await pickToken(page, 'out', wbtc.address);
    await expect(page.getByTestId('swap-token-in')).toHaveText('USDC');
    await expect(page.getByTestId('swap-token-out')).toHaveText('WBTC');
    await expect(page.getByTestId('swap-balance')).toHaveText(/^Balance: [0-9,.]+ USDC$/, { timeout: 20_000 });

    await page.getByTestId('swap-amount').fill('1000');
    // The quote names the executor: the allowance is read before any build_tx.
    await expect(button(page)).toHaveText('Approve USDC', { timeout: 20_000 });
    await expect(button(page)).toBeEnabled();

    const usdcBefore = await tokenBalance(url, usdc.address, SWAP_TOKEN_USER);
    const wbtcBefore = await tokenBalance(url, wbtc.address, SWAP_TOKEN_USER);
    const build = page.waitForResponse((r) => r.url().endsWith('/api/swap_api/v1/build_tx') && r.request().method() === 'POST');
    await button(page).click();
    const built = await builtSwap(await build);
    expect(built.approve?.to).toBe(usdc.address);
    // The approval is mined first, then the swap is signed.
    await expect(button(page)).toHaveAttribute('data-state', /^(approving|approvalPending|swapping|swapPending)$/);
    const result = page.getByTestId('swap-result');
    await expect(result).toBeVisible({ timeout: 45_000 });
    await expect(result).toHaveAttribute('data-exact', 'true');
    const approveHash = await linkedHash(page, 'swap-result-approve-tx');
    const swapHash = await linkedHash(page, 'swap-result-swap-tx');
    expect(approveHash).not.toBe(swapHash);

    const { event } = await swappedEvent(url, swapHash, d.executor);
    const received = (await tokenBalance(url, wbtc.address, SWAP_TOKEN_USER)) - wbtcBefore;
    expect(event).toMatchObject({ sender: SWAP_TOKEN_USER.toLowerCase(), tokenIn: usdc.address, tokenOut: wbtc.address, amountIn: amount });
    expect(received).toBeGreaterThan(0n);
    expect(received).toBe(event.amountOut);
    expect(received).toBeGreaterThanOrEqual(BigInt(built.quote.min_out_wei));
    expect(usdcBefore - (await tokenBalance(url, usdc.address, SWAP_TOKEN_USER))).toBe(amount);
    await expect(result.getByTestId('swap-result-summary')).toHaveText(`Swapped 1,000 USDC for ${display(received, wbtc.decimals)} WBTC.`);
    // The approval was for this amount: spent by the swap, so the next one asks again.
    expect(await allowance(url, usdc.address, SWAP_TOKEN_USER, d.executor)).toBe(0n);
    await result.getByTestId('swap-new').click();
    await page.getByTestId('swap-amount').fill('10');
    await expect(button(page)).toHaveText('Approve USDC', { timeout: 20_000 });
  });

  test('bad input is said in words: empty, too many decimals, above the balance (ETH and a token the wallet lacks)', async ({ page }) => {
    const state = readDevnetState();
    const d = swapDevnet(state);
    const url = rpcUrl(state, 1);
    const wbtc = d.token('WBTC');
    expect(await tokenBalance(url, wbtc.address, SWAP_INPUT_USER)).toBe(0n);
    const built: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/swap_api/v1/build_tx')) built.push(r.url());
    });
    await openSwapConnected(page, state, SWAP_INPUT_USER, 1);
    await expect(page.getByTestId('swap-balance')).toHaveText(/^Balance: [0-9,.]+ ETH$/, { timeout: 20_000 });
    await expect(button(page)).toHaveText('Enter an amount');
    await expect(button(page)).toBeDisabled();

    const amount = page.getByTestId('swap-amount');
    await amount.fill('0.1234567890123456789');
    await expect(button(page)).toHaveText('At most 18 decimals');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(button(page)).toBeDisabled();

    const eth = await nativeBalance(url, SWAP_INPUT_USER);
    await amount.fill(((eth / 10n ** 18n) + 1n).toString());
    await expect(button(page)).toHaveText('Insufficient ETH balance');
    await expect(button(page)).toBeDisabled();

    // A token this wallet has none of.
    await pickToken(page, 'in', wbtc.address);
    await expect(page.getByTestId('swap-token-in')).toHaveText('WBTC');
    await expect(page.getByTestId('swap-balance')).toHaveText('Balance: 0 WBTC', { timeout: 20_000 });
    await amount.fill('0.01');
    await expect(button(page)).toHaveText('Insufficient WBTC balance');
    await expect(button(page)).toBeDisabled();
    await amount.fill('0.000000001'); // WBTC has 8 decimals
    await expect(button(page)).toHaveText('At most 8 decimals');

    // Nothing was built, so nothing could be sent.
    expect(built).toEqual([]);
  });
});
