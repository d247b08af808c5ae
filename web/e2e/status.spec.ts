import { expect, test } from './fixtures/test';
import { BRIDGE_USER, depositStraight, MAIN_CHANNEL_ID } from './fixtures/devnet-rpc';
import { readDevnetState } from './fixtures/injected-wallet';

// /status against the real perch (maker on) and devnet: after two real bridges (8453 -> 42161,
// ETH), the route's table shows the orders and fill times the status API answers, and the quote
// of that route answers with the same live p50 instead of the route's configured time.

/** The figures of a window this test compares (the API's StatusWindowStats, web/src/api/status.ts). */
type WindowStats = Record<'orders' | 'completed' | 'refunds', number> & Record<'p50_seconds' | 'p95_seconds' | 'p99_seconds', number | null>;
interface Status {
  as_of: number;
  routes: { route: string; hour_left: string; day_left: string; paused: boolean; stats: Record<'1h' | '24h' | '7d', WindowStats> }[];
  chains: { chain_id: number; head_block: number; stopped: boolean }[];
}

const ROUTE = '8453:42161:ETH';

/** What the page shows for a fill time of the devnet (under a minute), or for none. */
const shown = (seconds: number | null) => (seconds === null ? '–' : `${seconds} s`);

async function waitCompleted(page: import('@playwright/test').Page, hash: string) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/bridge_api/v1/order?chain_id=8453&tx_hash=${hash}`);
        return ((await res.json()) as { data: { state: string } | null }).data?.state;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe('completed');
}

test.describe('/status on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(150_000);

  test('the numbers shown for a bridged route equal the API, and the quote answers its p50', async ({ page }) => {
    const state = readDevnetState();
    for (const amount of [3_000_000_000_000_000n, 4_000_000_000_000_000n]) {
      const hash = await depositStraight(state, BRIDGE_USER, amount, MAIN_CHANNEL_ID);
      await waitCompleted(page, hash);
    }

    // The server keeps the figures 5 s: compare the page with the API answer of the same moment.
    await page.goto('/status');
    await expect(async () => {
      await page.reload();
      const status = ((await (await page.request.get('/api/bridge_api/v1/status')).json()) as { data: Status }).data;
      await expect(page.getByTestId('status-page')).toHaveAttribute('data-as-of', String(status.as_of), { timeout: 2_000 });
      const route = status.routes.find((r) => r.route === ROUTE);
      expect(route, 'the route is listed').toBeTruthy();
      expect(route!.stats['24h'].completed).toBeGreaterThanOrEqual(2);
      const table = page.getByTestId(`status-route-${ROUTE}`);
      for (const w of ['1h', '24h', '7d'] as const) {
        const s = route!.stats[w];
        const row = table.getByTestId(`status-row-${w}`);
        await expect(row.locator('[data-field="orders"]')).toHaveText(String(s.orders));
        await expect(row.locator('[data-field="p50"]')).toHaveText(shown(s.p50_seconds));
        await expect(row.locator('[data-field="p95"]')).toHaveText(shown(s.p95_seconds));
        await expect(row.locator('[data-field="p99"]')).toHaveText(shown(s.p99_seconds));
        await expect(row.locator('[data-field="refunds"]')).toHaveText(String(s.refunds));
      }
      await expect(table.getByTestId('status-route-capacity')).toContainText(`${route!.hour_left} ETH this hour`);
      await expect(table.getByTestId('status-route-paused')).toHaveAttribute('data-paused', String(route!.paused));
      for (const c of status.chains) await expect(page.getByTestId(`status-chain-${c.chain_id}`)).toBeVisible();
    }).toPass({ timeout: 40_000 });
    await expect(page.getByTestId('status-chart')).toBeVisible();

    // The quote's time is the route's live p50 over the day (at least 1 s).
    const status = ((await (await page.request.get('/api/bridge_api/v1/status')).json()) as { data: Status }).data;
    const p50 = status.routes.find((r) => r.route === ROUTE)!.stats['24h'].p50_seconds;
    expect(p50).not.toBeNull();
    const quote = (await (await page.request.get('/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=ETH&amount=0.01')).json()) as {
      data: { expected_seconds: number };
    };
    expect(quote.data.expected_seconds).toBe(Math.max(1, p50!));
  });
});
