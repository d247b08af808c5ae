import { expect, test } from './fixtures/test';
import type { Page } from '@playwright/test';
import { BRIDGE_USER, nativeBalance, rpcUrl, toRaw, tokenBalance } from './fixtures/devnet-rpc';
import { BRIDGE_USER_SHORT as SHORT, bridgeOnDevnet, chooseRoute, connectWallet, depositHashOf, quotedReceive, trackToCompleted } from './fixtures/bridge-ui';
import { readDevnetState } from './fixtures/injected-wallet';

// Needs perch with the maker on (PERCH_URL) and the devnet (PERCH_DEVNET_STATE). Every click
// signs a real transaction on the devnet (account #3, unlocked); the maker pays out for real.

interface Bridged {
  srcChainId: number;
  dstChainId: number;
  depositHash: string;
  payoutHash: string;
}

const bridged: Bridged[] = [];

/** The explorer_url of each chain, as the server's chain list gives it (whatever the chain config says). */
async function explorerUrls(page: Page): Promise<Map<number, string>> {
  const res = await page.request.get('/api/bridge_api/v1/get-all-chains');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { list: { chain_id: number; explorer_url: string }[] } };
  return new Map(body.data.list.map((c) => [c.chain_id, c.explorer_url.replace(/\/+$/, '')]));
}

/** Records the state carried by every `order` event of every EventSource the page opens. */
async function recordStreamEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { EventSource: typeof EventSource; __perchOrderEvents: (string | null)[] };
    const Native = w.EventSource;
    w.__perchOrderEvents = [];
    w.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('order', (ev) => {
          const order = JSON.parse((ev as MessageEvent<string>).data) as { state?: string } | null;
          w.__perchOrderEvents.push(order ? (order.state ?? '?') : null);
        });
      }
    };
  });
}

/** GET order (the tracker's polling), not order/stream. */
const isOrderPoll = (url: URL): boolean => url.pathname === '/api/bridge_api/v1/order';

const streamEvents = (page: Page): Promise<(string | null)[]> =>
  page.evaluate(() => (window as unknown as { __perchOrderEvents: (string | null)[] }).__perchOrderEvents);

/** Fills the card, checks the quote, sends, follows the tracker to 'Completed'; returns the quoted receive amount. */
async function bridgeThroughUi(
  page: Page,
  p: { from: number; to: number; token: string; amount: string; streamOnly?: boolean },
): Promise<{ receive: string; bridged: Bridged }> {
  await chooseRoute(page, p);
  const send = page.getByTestId('bridge-send');
  await page.getByLabel('Amount').fill('0.0001');
  await expect(send).toHaveText(new RegExp(`^Minimum [0-9.]+ ${p.token}$`));
  await expect(send).toBeDisabled();
  await page.getByLabel('Amount').fill('100000000');
  await expect(send).toHaveText(`Insufficient ${p.token} balance`);
  await page.getByLabel('Amount').fill(p.amount);
  await expect(send).toHaveText('Bridge', { timeout: 20_000 });
  const receive = await quotedReceive(page, p.token);
  expect(await page.getByTestId('quote-fee').textContent()).toMatch(new RegExp(`^[0-9.]+ ${p.token} \\(\\d+ bps \\+ [0-9.]+ network cost\\)$`));
  await expect(page.getByTestId('quote-time')).toHaveText(/^~\d+ (s|min)$/);

  // streamOnly: GET order (the polling fallback) fails from here on, so the tracker can only learn
  // the order's progress from the Server-Sent Events stream.
  const polled: string[] = [];
  if (p.streamOnly) {
    await page.route(
      isOrderPoll,
      (route) => {
        polled.push(route.request().url());
        return route.abort('failed');
      },
    );
  }
  const clicked = Date.now();
  // The tracker follows the order through the Server-Sent Events stream.
  const stream = page.waitForResponse((r) => r.url().includes('/api/bridge_api/v1/order/stream?'), { timeout: 30_000 });
  await send.click();
  const streamed = await stream;
  expect(streamed.status()).toBe(200);
  expect(streamed.headers()['content-type']).toContain('text/event-stream');
  const tracker = await trackToCompleted(page, receive, p.token);
  // Click 'Bridge' → the tracker shows 'Completed' (wallet signing, confirmation, payout, stream).
  test.info().annotations.push({ type: 'latency', description: `${p.token} ${p.from}→${p.to}: ${Date.now() - clicked} ms from click to Completed` });
  console.log(`[bridge e2e] ${p.token} ${p.from}→${p.to}: ${Date.now() - clicked} ms from click to Completed`);
  for (const id of ['sent', 'confirming', 'paying']) await expect(tracker.getByTestId(`step-${id}`)).toHaveAttribute('data-status', 'done');
  const depositHash = await depositHashOf(tracker);
  const payoutHash = (await tracker.getByTestId('step-completed').locator('[data-tx-hash]').getAttribute('data-tx-hash')) ?? '';
  expect(payoutHash).toMatch(/^0x[0-9a-f]{64}$/);
  // The devnet's chains name no explorer (explorer_url ""): each step shows its hash with a copy
  // button and links nowhere, never to the public network's explorer.
  const explorers = await explorerUrls(page);
  expect([explorers.get(p.from), explorers.get(p.to)]).toEqual(['', '']);
  await expect(tracker.getByTestId('step-paying').locator('[data-tx-hash]')).toHaveAttribute('data-tx-hash', payoutHash);
  for (const id of ['sent', 'completed', 'paying']) {
    await expect(tracker.getByTestId(`step-${id}`).getByRole('link')).toHaveCount(0);
    await expect(tracker.getByTestId(`step-${id}`).getByRole('button', { name: /Copy transaction hash/ })).toBeVisible();
  }
  // Every state change reached the page as an `order` event of the stream, ending with 'completed'.
  const events = await streamEvents(page);
  expect(events.at(-1)).toBe('completed');
  if (p.streamOnly) {
    // The tracker did try GET order (on mount) and got nothing: 'Completed' came from the stream alone.
    expect(polled.length).toBeGreaterThanOrEqual(1);
    await page.unroute(isOrderPoll);
  }
  return { receive, bridged: { srcChainId: p.from, dstChainId: p.to, depositHash, payoutHash } };
}

test.describe('bridge through the UI on the devnet', () => {
  bridgeOnDevnet();

  test('ETH 8453 → 42161: the destination balance rises by exactly the quoted receive amount', async ({ page }) => {
    const state = readDevnetState();
    await recordStreamEvents(page);
    await connectWallet(page, state, 1);
    const dst = rpcUrl(state, 42161);
    const before = await nativeBalance(dst, BRIDGE_USER);
    // The tracker is driven by the stream: with GET order failing, it still reaches 'Completed'.
    const { receive, bridged: b } = await bridgeThroughUi(page, { from: 8453, to: 42161, token: 'ETH', amount: '0.05', streamOnly: true });
    const after = await nativeBalance(dst, BRIDGE_USER);
    expect(after - before).toBe(toRaw(receive, 18));
    bridged.push(b);
  });

  test('USDC 1 → 8453 (approve, then deposit): the destination balance rises by exactly the quoted receive amount', async ({ page }) => {
    const state = readDevnetState();
    const usdc = state.contracts.USDC;
    if (!usdc) throw new Error('no USDC in the devnet state');
    await recordStreamEvents(page);
    await connectWallet(page, state, 8453);
    const dst = rpcUrl(state, 8453);
    const before = await tokenBalance(dst, usdc, BRIDGE_USER);
    const { receive, bridged: b } = await bridgeThroughUi(page, { from: 1, to: 8453, token: 'USDC', amount: '25' });
    const after = await tokenBalance(dst, usdc, BRIDGE_USER);
    expect(after - before).toBe(toRaw(receive, 6));
    // The wallet signed an approve before the deposit (the allowance of a fresh user is short).
    const methods = await page.evaluate(() =>
      (window as unknown as { __perchDevnetWallet: { log: { method: string; params?: unknown }[] } }).__perchDevnetWallet.log
        .filter((c) => c.method === 'eth_sendTransaction')
        .map((c) => ((c.params as { data?: string }[])[0]?.data ?? '').slice(0, 10)),
    );
    expect(methods.length).toBeGreaterThanOrEqual(2);
    expect(methods[methods.length - 2]).toBe('0x095ea7b3'); // approve(address,uint256)
    bridged.push(b);
  });

  test('history shows both bridges as completed with both transaction links', async ({ page }) => {
    expect(bridged).toHaveLength(2);
    const state = readDevnetState();
    await connectWallet(page, state, 1);
    await page.goto('/history');
    await expect(page.locator('header').getByTestId('connect-wallet')).toHaveText(SHORT, { timeout: 10_000 });
    for (const b of bridged) {
      const row = page.getByTestId(`order-${b.depositHash}`);
      await expect(row).toBeVisible({ timeout: 20_000 });
      await expect(row.getByTestId('order-state')).toHaveText('Completed');
      await expect(row.getByLabel('Source transaction')).toHaveAttribute('data-hash', b.depositHash);
      await expect(row.getByLabel('Destination transaction')).toHaveAttribute('data-hash', b.payoutHash);
      await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    }
  });
});
