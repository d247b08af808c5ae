import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { BRIDGE_USER, depositStraight, MAIN_CHANNEL_ID } from './fixtures/devnet-rpc';
import { readDevnetState } from './fixtures/injected-wallet';

// /query against the real perch (maker on) and devnet: a real deposit straight to the Depositor is
// paid, then found by its deposit hash, its payout hash, its order key and its sender's address.

interface OrderData {
  order_key: string;
  state: string;
  dst_tx_hash: string;
}

async function completedOrder(request: APIRequestContext, hash: string): Promise<OrderData> {
  let order: OrderData | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/bridge_api/v1/order?chain_id=8453&tx_hash=${hash}`);
        order = ((await res.json()) as { data: OrderData | null }).data;
        return order?.state;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe('completed');
  return order as unknown as OrderData;
}

async function search(page: import('@playwright/test').Page, q: string) {
  const box = page.getByLabel('Address, transaction hash or order key');
  await box.fill(q);
  await page.getByRole('button', { name: 'Search' }).click();
}

test.describe('/query on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(120_000);

  test('a paid order is found by its deposit, its payout, its key and its sender', async ({ page }) => {
    const state = readDevnetState();
    // 0.002 ETH 8453 → 42161: above the route's minimum, so the maker pays it.
    const hash = await depositStraight(state, BRIDGE_USER, 2_000_000_000_000_000n, MAIN_CHANNEL_ID);
    const order = await completedOrder(page.request, hash);
    expect(order.dst_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);

    // The deposit hash, from a link.
    await page.goto(`/query?q=${hash}`);
    const row = page.getByTestId(`order-${hash}`);
    await expect(row.getByTestId('order-state')).toHaveText('Completed');
    await expect(row.getByTestId('order-amount')).toHaveText('0.002 ETH');
    await expect(page.getByTestId('lookup-result')).toHaveAttribute('data-kind', 'tx_hash');

    // The payout hash, typed: the same order, its payout link on the destination.
    await search(page, order.dst_tx_hash);
    await expect(page).toHaveURL(new RegExp(`q=${order.dst_tx_hash}`));
    await expect(page.getByTestId(`order-${hash}`).getByLabel('Destination transaction')).toHaveAttribute('data-hash', order.dst_tx_hash);

    // The order key.
    await search(page, order.order_key);
    await expect(page.getByTestId('lookup-result')).toHaveAttribute('data-kind', 'order_key');
    await expect(page.getByTestId(/^order-0x/)).toHaveCount(1);
    await expect(page.getByTestId(`order-${hash}`)).toBeVisible();

    // The sender: its orders (this one among them, newest first) and the tracker's part.
    await search(page, BRIDGE_USER);
    await expect(page.getByTestId('lookup-result')).toHaveAttribute('data-kind', 'address');
    await expect(page.getByTestId(`order-${hash}`)).toBeVisible();
    await expect(page.getByText('Layer-two activity')).toBeVisible();
  });

  test('nothing found, and input that is none of the three refused', async ({ page }) => {
    await page.goto('/query');
    await search(page, `0x${'e'.repeat(64)}`);
    await expect(page.getByTestId('lookup-nothing')).toHaveText('Nothing found: no bridge order, points or check-in matches this.');
    await search(page, 'not-a-hash');
    await expect(page.getByRole('alert')).toContainText('Enter a wallet address');
    // The server says the same, naming the field.
    const res = await page.request.get('/api/query_api/v1/lookup?q=not-a-hash');
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toContain("'q'");
  });
});
