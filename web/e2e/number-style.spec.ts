import { rpc, rpcUrl, waitForReceipt } from './fixtures/devnet-rpc';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';
import { test, expect } from './fixtures/test';
import { gasText, getActivity, sharedText, waitIndexed } from './fixtures/tracker-api';

// One number style on the faucet and the tracker, on a phone and on a desktop: thousands
// separators, the symbol after the amount, at most six decimals (six significant digits below 1),
// cut rather than rounded, US dollars with two decimals. The wallet is a fresh address funded with
// 12,345.678912345 ETH on Base: the faucet's balance needs both separators and a cut; one transfer
// gives its tracker row a transaction count, a volume and a gas figure.

const BASE = 8453;
/** The Ink faucet pays on the devnet's Ink (57073, as config/devnet.json's faucet_chains say). */
const INK = 57073;
const FUNDED = 12_345_678_912_345_000_000_000n;
const GROUPED = /^\d{1,3}(,\d{3})*(\.\d{1,6})?$/;
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

function freshAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

test.describe('one number style (faucet, tracker)', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.setTimeout(90_000);

  for (const size of SIZES) {
    test(`${size.name} ${size.width}×${size.height}: faucet balance and amount, tracker row figures`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const state = readDevnetState();
      const url = rpcUrl(state, BASE);
      const user = freshAddress();
      await rpc(url, 'hardhat_setBalance', [user, `0x${FUNDED.toString(16)}`]);
      await rpc(url, 'hardhat_impersonateAccount', [user]);
      const hash = await rpc<string>(url, 'eth_sendTransaction', [{ from: user, to: freshAddress(), value: `0x${(10n ** 18n).toString(16)}` }]);
      await waitForReceipt(url, hash);
      const receipt = await rpc<{ blockNumber: string }>(url, 'eth_getTransactionReceipt', [hash]);
      // The faucet shows the wallet's balance on its own chain: the same funding there, less 1.321 ETH.
      const inkUrl = rpcUrl(state, INK);
      await rpc(inkUrl, 'hardhat_setBalance', [user, `0x${(FUNDED - 1_321_000_000_000_000_000n).toString(16)}`]);
      const balance = BigInt(await rpc<string>(inkUrl, 'eth_getBalance', [user, 'latest']));

      // The faucet: Ink's faucet is on the devnet's Ink.
      await installInjectedWallet(page, { chains: walletChains(state), account: user, chainId: BASE });
      await page.goto('/Faucet/Ink');
      await page.getByTestId('faucet-claim').click();
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
      await expect(page.getByTestId('faucet-amount')).toHaveText('0.05 ETH');
      const shownBalance = page.getByTestId('faucet-balance');
      await expect(shownBalance).toHaveText(`${sharedText(balance, 18)} ETH`, { timeout: 20_000 });
      // 12,344.67… ETH: separators, six decimals at most, cut.
      const balanceText = ((await shownBalance.textContent()) ?? '').replace(/ ETH$/, '');
      expect(balanceText).toMatch(GROUPED);
      expect(balanceText).toMatch(/^12,34\d\.\d{1,6}$/);

      // The tracker: the row of Base for this address.
      const api = await waitIndexed(page, user, new Map([[BASE, Number(BigInt(receipt.blockNumber))]]), 30_000);
      const row = api.addresses[0]?.chains.find((c) => c.chain_id === BASE);
      expect(row?.tx_count).toBe(1);
      await page.goto(`/tracker?addresses=${user}`);
      const cells = page.getByTestId(`tracker-row-${BASE}`).locator('td');
      await expect(cells.nth(1)).toHaveText('1', { timeout: 20_000 });
      await expect(cells.nth(2)).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      await expect(cells.nth(8)).toHaveText(gasText(BigInt(row?.gas_spent ?? '0')));
      expect((await cells.nth(8).textContent()) ?? '').toMatch(/^0\.0*[1-9]\d{0,5}$/);
      await expect(cells.nth(9)).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      // The same figures as the API's, whatever the screen.
      const again = await getActivity(page, [user], [BASE]);
      expect(again.addresses[0]?.chains[0]?.gas_spent).toBe(row?.gas_spent);
    });
  }
});
