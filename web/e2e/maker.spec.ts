import { expect, test } from './fixtures/test';
import { BRIDGE_USER, depositStraight, MAIN_CHANNEL_ID } from './fixtures/devnet-rpc';
import { readDevnetState } from './fixtures/injected-wallet';

// /maker against the real perch (maker on) and devnet: after a real paid order, the dashboard
// shows the maker running, its liquidity, the route's completion times and the payout's hash
// (the devnet's chains have no explorer: shown without a link, never one to a mainnet explorer).

interface Chain {
  chain_id: number;
  explorer_url: string;
}

test.describe('/maker on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(120_000);

  test('a paid order shows in the volume, the route times and the recent payouts', async ({ page }) => {
    const state = readDevnetState();
    const hash = await depositStraight(state, BRIDGE_USER, 3_000_000_000_000_000n, MAIN_CHANNEL_ID);
    let payout = '';
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/bridge_api/v1/order?chain_id=8453&tx_hash=${hash}`);
          const order = ((await res.json()) as { data: { state: string; dst_tx_hash: string } | null }).data;
          payout = order?.dst_tx_hash ?? '';
          return order?.state;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe('completed');
    const chains = ((await (await page.request.get('/api/bridge_api/v1/get-all-chains')).json()) as { data: { list: Chain[] } }).data.list;
    const explorer = chains.find((c) => c.chain_id === 42161)?.explorer_url ?? '';
    expect(explorer).toBe('');

    await page.goto('/maker');
    await expect(page.getByTestId('maker-status')).toHaveText('Paying');
    await expect(page.getByTestId('maker-liquidity-8453-ETH')).toBeVisible();
    await expect(page.getByTestId('maker-liquidity-42161-USDC')).toBeVisible();
    // The server keeps the figures 5 s: the page refreshes every 10 s, a reload may come first.
    await expect(async () => {
      await page.reload();
      await expect(page.locator(`[data-hash="${payout}"]`)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.locator(`[data-tx-hash="${payout}"]`)).toBeVisible();
    await expect(page.getByTestId('maker-payout').filter({ has: page.locator(`[data-tx-hash="${payout}"]`) }).getByRole('link')).toHaveCount(0);
    const route = page.getByTestId('maker-route-8453-42161-ETH');
    await expect(route).toBeVisible();
    await expect(route.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
    await expect(route.getByRole('cell').nth(3)).toHaveText(/^\d+ (s|min)/);
    await expect(page.getByTestId('maker-volume-24h-ETH')).toContainText('ETH');
    await expect(page.getByTestId('maker-window-24h')).toContainText('Completed');
  });
});
