import { expect, test } from './fixtures/test';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';
import { seedCompletedBridges } from './fixtures/seed';

// /soneium-badge with the devnet wallet (Hardhat account #7, used by no other spec): the three
// tasks done for real where the product does them (a check-in signed on chain 1868 through the
// check-in modal, a contract deployed on 1868 from /deploy; the bridge to 1868 is seeded as a
// completed order, bridging itself being bridge.spec's subject), then the badge claimed with
// perch's EIP-712 grant: the NFT is on chain.
const USER = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
const SONEIUM = 1868;
const PERCH_DB = process.env.PERCH_E2E_DB ?? '';

async function claimedOnChain(rpcUrl: string, contract: string): Promise<boolean> {
  // claimed(address,uint256) = 0x…; the selector is keccak256 of the signature.
  const { keccak256, toHex, encodeAbiParameters } = await import('viem');
  const selector = keccak256(toHex('claimed(address,uint256)')).slice(0, 10);
  const args = encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [USER, 1n]).slice(2);
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: contract, data: selector + args }, 'latest'] }),
  });
  return BigInt(((await res.json()) as { result: string }).result) === 1n;
}

test.describe('Soneium badge on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE || !PERCH_DB, 'needs the devnet (PERCH_DEVNET_STATE) and the e2e perch database (PERCH_E2E_DB)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(150_000);

  test('check in and deploy on Soneium, bridge there, then claim the badge NFT', async ({ page }) => {
    const state = readDevnetState();
    await installInjectedWallet(page, { chains: walletChains(state), account: USER, chainId: SONEIUM });
    await page.goto('/soneium-badge');
    await expect(page.getByRole('heading', { level: 1, name: 'Soneium Badge' })).toBeVisible();
    const claim = page.getByTestId('badge-claim');
    await expect(claim).toHaveText('Connect Wallet');
    await claim.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    for (const kind of ['bridge_to', 'check_in', 'deploy']) {
      await expect(page.getByTestId(`badge-task-${kind}`)).toHaveAttribute('data-done', 'false');
    }
    await expect(claim).toHaveText('Finish every task to claim');
    await expect(claim).toBeDisabled();

    // Check in on 1868 from the task's button (sign-in + the CheckIn transaction).
    await page.getByTestId('badge-task-check_in').getByRole('button', { name: 'Check in' }).click();
    const modal = page.getByRole('dialog', { name: 'Daily Check-in' });
    await expect(modal.getByTestId('checkin-submit')).toHaveText('Check in', { timeout: 15_000 });
    await modal.getByTestId('checkin-submit').click();
    await expect(modal.getByTestId('checkin-submit')).toBeDisabled({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('badge-task-check_in')).toHaveAttribute('data-done', 'true', { timeout: 15_000 });

    // Deploy the Hello template on Soneium from /deploy (the task's link).
    await page.getByTestId('badge-task-deploy').getByRole('link', { name: 'Deploy' }).click();
    await page.getByLabel('Hello contract').check();
    await page.getByLabel('Message').fill('gm Soneium');
    await page.getByTestId(`deploy-network-${SONEIUM}`).getByRole('checkbox').check();
    await page.getByTestId('deploy-button').click();
    await expect(page.getByTestId(`deploy-progress-${SONEIUM}`)).toHaveAttribute('data-step', 'done', { timeout: 60_000 });

    seedCompletedBridges(PERCH_DB, USER, 1, 8453, SONEIUM);
    await page.goto('/soneium-badge');
    for (const kind of ['bridge_to', 'check_in', 'deploy']) {
      await expect(page.getByTestId(`badge-task-${kind}`)).toHaveAttribute('data-done', 'true', { timeout: 20_000 });
    }
    await expect(claim).toHaveText('Claim the badge');
    await claim.click();
    await expect(claim).toHaveText('Badge claimed', { timeout: 60_000 });
    const status = (await (await page.request.get(`/api/badge_api/v1/badges/soneium-badge?address=${USER}`)).json()) as {
      data: { contract: string; claimed: boolean };
    };
    expect(status.data.claimed).toBe(true);
    const rpcUrl = state.chains.find((c) => c.chain_id === SONEIUM)!.rpc_url;
    expect(await claimedOnChain(rpcUrl, status.data.contract)).toBe(true);
    // A second grant is refused: the badge is claimed once.
    const again = await page.request.post('/api/badge_api/v1/badges/soneium-badge/grant', { data: { address: USER } });
    expect(again.status()).toBe(409);
  });
});
