import { expect, test } from './fixtures/test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { BRIDGE_USER, rpc, rpcUrl, toRaw, tokenBalance, waitForReceipt } from './fixtures/devnet-rpc';
import { BRIDGE_USER_SHORT as SHORT, bridgeOnDevnet, chooseRoute, connectWallet } from './fixtures/bridge-ui';
import { readDevnetState } from './fixtures/injected-wallet';

// Bridge and swap through the UI (docs/swap.md "Bridge and swap"): ETH on Base (8453) bridged and
// received as USDC on Arbitrum (42161). Needs perch with the maker on (PERCH_URL) and the devnet
// (PERCH_DEVNET_STATE); every click signs a real transaction (account #3, unlocked) and the maker
// pays by swapping through PerchSwapExecutor on the devnet's pools.

/** Hardhat account #15 (unlocked, used by no other test): sells ETH on chain 1 to move its price. */
const PRICE_MOVER = '0xcd3B766CCDd6AE721141F452C550Ca635964ce71';
const ETH = '0x0000000000000000000000000000000000000000';

interface SwapQuote {
  amount_out_wei: string;
  block_number: number;
}
interface SwapBuild {
  swap: { to: string; data: string; value: string };
}

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const base = process.env.PERCH_URL ?? 'http://127.0.0.1:8080';
  const res = await fetch(`${base}/api/${path}`, init);
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.msg}`);
  return body.data;
}

/**
 * Someone else trades first: sells ETH for USDC on chain 1 through the executor (the router's
 * best route each time) until `amountIn` ETH buys less than `ceiling` USDC there (raw units).
 */
async function sellEthUntil(url: string, usdc: string, amountIn: string, ceiling: bigint): Promise<void> {
  await rpc(url, 'hardhat_setBalance', [PRICE_MOVER, `0x${(10_000n * 10n ** 18n).toString(16)}`]);
  const quote = () => api<SwapQuote>(`swap_api/v1/quote?chain_id=1&token_in=${ETH}&token_out=${usdc}&amount=${amountIn}`);
  let q = await quote();
  // Large sales take the deep pools; the small ones reach the shallow paths a small trade would take.
  const sizes = ['400', '40', '4'];
  for (let sale = 0; sale < 30 && BigInt(q.amount_out_wei) >= ceiling; sale++) {
    const built = await api<SwapBuild>('swap_api/v1/build_tx', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chain_id: 1, token_in: ETH, token_out: usdc, amount: sizes[sale % sizes.length], slippage_bps: 5000, sender: PRICE_MOVER }),
    });
    const hash = await rpc<string>(url, 'eth_sendTransaction', [{ from: PRICE_MOVER, to: built.swap.to, data: built.swap.data, value: built.swap.value }]);
    const receipt = await waitForReceipt(url, hash);
    expect(receipt.status).toBe('0x1');
    // A quote from before this sale was indexed would route over liquidity it spent.
    const mined = Number(BigInt(receipt.blockNumber));
    for (q = await quote(); q.block_number < mined; q = await quote()) await new Promise((r) => setTimeout(r, 200));
  }
  expect(BigInt(q.amount_out_wei)).toBeLessThan(ceiling);
}

test.describe('bridge and swap through the UI on the devnet', () => {
  bridgeOnDevnet({ serial: false });

  test('ETH 8453 → USDC 42161: the recipient gets at least the quoted minimum in USDC, history shows both tokens', async ({ page }) => {
    const state = readDevnetState();
    const usdc = state.contracts.USDC;
    if (!usdc) throw new Error('no USDC in the devnet state');
    const dst = rpcUrl(state, 42161);
    await connectWallet(page, state, 8453);
    await chooseRoute(page, { from: 8453, to: 42161, token: 'ETH' });

    // The swap's token list offers the destination's swap tokens (searchable by address); the default is the token sent.
    const picker = page.getByTestId('to-token-select');
    await expect(picker).toBeVisible({ timeout: 20_000 });
    await expect(picker).toHaveText('ETH (no swap)');
    await picker.click();
    const list = page.getByTestId('bridge-to-token-list');
    await expect(list.getByRole('button').first()).toContainText('ETH (no swap)');
    await page.getByTestId('bridge-to-token-search').fill(usdc);
    await expect(list.getByRole('button')).toHaveCount(1);
    await list.getByRole('button', { name: /USDC/ }).click();
    await expect(picker).toHaveText('USDC');
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

  test('a bridge and swap whose minimum cannot be met is refunded on the source chain, never paid', async ({ page }) => {
    const state = readDevnetState();
    const usdc = state.contracts.USDC;
    if (!usdc) throw new Error('no USDC in the devnet state');
    const dst = rpcUrl(state, 1);
    await connectWallet(page, state, 8453);
    await chooseRoute(page, { from: 8453, to: 1, token: 'ETH' });
    await page.getByTestId('to-token-select').click();
    await page.getByTestId('bridge-to-token-list').getByRole('button', { name: /^USDC/ }).click();
    await expect(page.getByTestId('to-token-select')).toHaveText('USDC');
    await page.getByLabel('Amount').fill('0.05');
    // A fresh recipient on chain 1: nothing else can move its balance (account #3 is shared).
    const recipient = privateKeyToAddress(generatePrivateKey());
    await page.getByLabel('Recipient', { exact: true }).fill(recipient);
    const send = page.getByTestId('bridge-send');
    await expect(send).toHaveText('Bridge', { timeout: 20_000 });
    await expect(page.getByTestId('quote-receive')).toHaveText(/^[0-9.]+ USDC$/, { timeout: 20_000 });

    // Between the transaction the card builds (its minimum fixed from the pools of that moment)
    // and the deposit, another trader sells ETH on chain 1 until 0.05 ETH buys less than 90 % of the
    // minimum: when the maker comes to pay, the pools cannot give it.
    let minimum = 0n;
    await page.route('**/api/bridge_api/v1/build_tx', async (route) => {
      const response = await route.fetch();
      const built = (await response.json()) as { data: { quote: { swap: { min_out_wei: string } } } };
      minimum = BigInt(built.data.quote.swap.min_out_wei);
      await sellEthUntil(dst, usdc, '0.05', (minimum * 9n) / 10n);
      await route.fulfill({ response });
    });

    await send.click();
    const tracker = page.getByTestId('bridge-tracker');
    await expect(tracker).toBeVisible({ timeout: 60_000 });
    expect(minimum).toBeGreaterThan(0n);
    await expect(tracker).toHaveAttribute('data-outcome', 'refunded', { timeout: 90_000 });
    await expect(tracker.getByTestId('tracker-result')).toContainText('Refunded: the destination swap cannot deliver the minimum');
    // Nothing was paid on chain 1.
    expect(await tokenBalance(dst, usdc, recipient)).toBe(0n);
    expect(await rpc<string>(dst, 'eth_getBalance', [recipient, 'latest'])).toBe('0x0');
    const depositHash = (await tracker.getByTestId('step-sent').locator('[data-hash]').getAttribute('data-hash')) ?? '';
    expect(depositHash).toMatch(/^0x[0-9a-f]{64}$/);

    // The refund is a real transfer back to the sender on Base, shown in the history.
    await page.goto('/history');
    const row = page.getByTestId(`order-${depositHash}`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByTestId('order-state')).toHaveText('Refunded');
    await expect(row.getByTestId('order-amount')).toHaveText('0.05 ETH → USDC');
    const refundHash = (await row.getByLabel('Refund transaction').getAttribute('data-hash')) ?? '';
    expect(refundHash).toMatch(/^0x[0-9a-f]{64}$/);
    const src = rpcUrl(state, 8453);
    const refund = await rpc<{ to: string; value: string }>(src, 'eth_getTransactionByHash', [refundHash]);
    expect(refund.to.toLowerCase()).toBe(BRIDGE_USER.toLowerCase());
    expect(BigInt(refund.value)).toBeGreaterThan(0n);
    expect((await waitForReceipt(src, refundHash)).status).toBe('0x1');
  });
});
