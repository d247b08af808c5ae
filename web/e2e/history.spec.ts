import { expect, test } from './fixtures/test';
import { BRIDGE_USER_SHORT, connectWallet } from './fixtures/bridge-ui';
import { BRIDGE_USER, depositStraight, MAIN_CHANNEL_ID, rpc, rpcUrl, waitForReceipt } from './fixtures/devnet-rpc';
import { readDevnetState } from './fixtures/injected-wallet';

// A deposit below the route minimum, made straight to the Depositor (not through the app), is
// refunded automatically by the maker; the history page shows it as refunded with the refund link.

interface Tx {
  to: string;
  value: string;
}

test.describe('history on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(150_000);

  test('a below-minimum deposit straight to the contract is refunded and shown as refunded', async ({ page }) => {
    const state = readDevnetState();
    const src = rpcUrl(state, 8453);
    // 0.0002 ETH to 42161: the ETH route's minimum is 0.001 (config/routes.json).
    const amount = 200_000_000_000_000n;
    const hash = await depositStraight(state, BRIDGE_USER, amount, MAIN_CHANNEL_ID);

    await connectWallet(page, state, 8453);
    await page.goto('/history');
    await expect(page.locator('header').getByTestId('connect-wallet')).toHaveText(BRIDGE_USER_SHORT, { timeout: 10_000 });
    const row = page.getByTestId(`order-${hash}`);
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByTestId('order-state')).toHaveText('Refunded', { timeout: 90_000 });
    await expect(row.getByTestId('order-amount')).toHaveText('0.0002 ETH');
    await expect(row.getByLabel('Source transaction')).toHaveAttribute('data-hash', hash);
    await expect(row.getByLabel('Destination transaction')).toHaveCount(0);
    const refundHash = (await row.getByLabel('Refund transaction').getAttribute('data-hash')) ?? '';
    expect(refundHash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(row).toContainText(/minimum/i);
    // The order's timeline: every transition with its time, ending in 'refunded'.
    await row.getByRole('button', { name: /^Timeline \(\d+ steps?\)$/ }).click();
    const timeline = page.getByTestId(`order-timeline-${hash}`).getByRole('list', { name: 'Order timeline' });
    const states = await timeline.getByRole('listitem').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.state));
    expect(states[0]).toBe('confirming');
    expect(states.at(-1)).toBe('refunded');
    expect(states).toContain('refunding');
    await expect(timeline.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

    // The refund is real: from the maker back to the sender on the source chain, less its gas.
    const refund = await rpc<Tx>(src, 'eth_getTransactionByHash', [refundHash]);
    expect(refund.to.toLowerCase()).toBe(BRIDGE_USER.toLowerCase());
    const value = BigInt(refund.value);
    expect(value > 0n && value < amount).toBe(true);
    expect((await waitForReceipt(src, refundHash)).status).toBe('0x1');
  });
});
