import { expect, test } from './fixtures/test';
import { randomBytes } from 'node:crypto';
import { BRIDGE_USER, nativeBalance, rpcUrl, toRaw } from './fixtures/devnet-rpc';
import { connectWallet } from './fixtures/bridge-ui';
import { readDevnetState } from './fixtures/injected-wallet';

// Exchange deposits that cannot go wrong: the card offers only what the exchange credits
// (config/exchanges.json), and refuses an amount that would arrive below the exchange's minimum
// after the bridge's fees. Then a real bridge to a fresh deposit address is paid exactly.
// Needs perch with the maker on (PERCH_URL) and the devnet (PERCH_DEVNET_STATE).

test.describe('bridge to an exchange on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(150_000);

  test("only networks the exchange credits; below its minimum after fees refused; above it paid exactly", async ({ page }) => {
    const state = readDevnetState();
    // A fresh address stands for the user's deposit address at the exchange.
    const deposit = `0x${randomBytes(20).toString('hex')}`;
    await connectWallet(page, state, 8453);
    const card = page.locator('.swap-card');
    await card.getByRole('button', { name: /^From:/ }).click();
    let dialog = page.getByRole('dialog', { name: 'From Network' });
    await dialog.getByTestId('network-8453').getByRole('button').click();
    await expect(dialog).toBeHidden();

    // USDT: Coinbase credits it on Ethereum only (config/exchanges.json): Arbitrum is shown disabled with the reason.
    const openExchange = async (name: string) => {
      await card.getByRole('button', { name: /^To:/ }).click();
      dialog = page.getByRole('dialog', { name: 'To Network Or Exchange' });
      await dialog.getByRole('tab', { name: 'Exchange' }).click();
      await dialog.getByRole('textbox', { name: 'Exchange deposit address' }).fill(deposit);
      await dialog.getByRole('button', { name }).click();
      dialog = page.getByRole('dialog', { name: 'To Exchange Network' });
      await expect(dialog).toBeVisible();
    };
    const token = page.getByTestId('bridge-token');
    await token.click();
    const tokens = page.getByRole('dialog', { name: 'Select a token' });
    await tokens.getByTestId('bridge-token-list').locator('li').filter({ has: page.locator('.token-list__symbol', { hasText: /^USDT$/ }) }).getByRole('button').click();
    await expect(token).toHaveAccessibleName('Token to bridge: USDT');
    await openExchange('Coinbase');
    await expect(dialog.getByTestId('network-42161').getByRole('button')).toBeDisabled();
    await expect(dialog.getByTestId('exchange-network-refusal-42161')).toHaveText(/^Coinbase does not credit USDT on Arbitrum/);
    await expect(dialog.getByTestId('network-1').getByRole('button')).toBeEnabled();
    await expect(dialog.getByTestId('exchange-minimum-1')).toHaveText('Min. 10 USDT');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // ETH to Binance on Arbitrum: its minimum there is 0.002 ETH.
    await token.click();
    await tokens.getByTestId('bridge-token-list').locator('li').filter({ has: page.locator('.token-list__symbol', { hasText: /^ETH$/ }) }).getByRole('button').click();
    await expect(token).toHaveAccessibleName('Token to bridge: ETH');
    await openExchange('Binance');
    await expect(dialog.getByTestId('exchange-minimum-42161')).toHaveText('Min. 0.002 ETH');
    await dialog.getByTestId('network-42161').getByRole('button').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('to-exchange')).toHaveText('Binance');

    const send = page.getByTestId('bridge-send');
    // 0.002 sent arrives as 0.002 less the fee and the network cost: below what Binance credits.
    await page.getByLabel('Amount').fill('0.002');
    await expect(send).toHaveText('Binance credits from 0.002 ETH: you would receive less', { timeout: 20_000 });
    await expect(send).toBeDisabled();
    const short = (await page.getByTestId('quote-receive').textContent())?.replace(' ETH', '').trim() ?? '';
    expect(toRaw(short, 18)).toBeLessThan(toRaw('0.002', 18));

    await page.getByLabel('Amount').fill('0.003');
    await expect(send).toHaveText('Bridge', { timeout: 20_000 });
    const receive = (await page.getByTestId('quote-receive').textContent())?.replace(' ETH', '').trim() ?? '';
    expect(toRaw(receive, 18)).toBeGreaterThanOrEqual(toRaw('0.002', 18));
    const dst = rpcUrl(state, 42161);
    expect(await nativeBalance(dst, deposit)).toBe(0n);
    await send.click();
    const tracker = page.getByTestId('bridge-tracker');
    await expect(tracker.getByTestId('step-completed')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    // The exchange's deposit address got exactly the quote, not the sender.
    expect(await nativeBalance(dst, deposit)).toBe(toRaw(receive, 18));
    expect(deposit.toLowerCase()).not.toBe(BRIDGE_USER.toLowerCase());
  });
});
