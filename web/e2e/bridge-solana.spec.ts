import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { nativeBalance, rpcUrl, toRaw, tokenBalance } from './fixtures/devnet-rpc';
import { bridgeOnDevnet, chooseBridgeToken, pickNetwork } from './fixtures/bridge-ui';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains, type DevnetState } from './fixtures/injected-wallet';
import { base58Decode, signAndSend, solanaKey, solanaRpc, type SolanaKey } from './fixtures/wallets/solanaKeys';
import { installStandardWallets } from './fixtures/wallets/standardWallets';

// Solana in the bridge page, end to end: perch with the maker on (PERCH_URL) and the devnet with its
// Solana node (PERCH_DEVNET_STATE). Two wallets are connected: the injected EVM wallet (Hardhat
// account #6, used by no other spec) and the test Phantom (devnet key user-4), which signs the
// server's Solana transaction in Node and sends it to the node. The maker pays out for real.

/** Hardhat account #6: unlocked, 10,000 ETH and the devnet's USDC on every chain. */
const EVM_USER = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const SOLANA = 83797601;

interface SolanaState {
  rpc_url: string;
  usdc_mint: string;
  /** The maker's address: where deposits go. */
  maker: string;
}

function solanaState(state: DevnetState): SolanaState {
  const s = (state as DevnetState & { solana?: SolanaState }).solana;
  if (!s?.rpc_url || !s.usdc_mint) throw new Error('the devnet state has no Solana node (solana.rpc_url, solana.usdc_mint)');
  return s;
}

/** Raw USDC of `owner` on the Solana node (all its token accounts of the mint), at 'confirmed'. */
async function solanaUsdc(s: SolanaState, owner: string): Promise<bigint> {
  const accounts = await solanaRpc<{ value: { pubkey: string }[] }>(s.rpc_url, 'getTokenAccountsByOwner', [
    owner,
    { mint: s.usdc_mint },
    { encoding: 'base64', commitment: 'confirmed' },
  ]);
  let total = 0n;
  for (const a of accounts.value) {
    const b = await solanaRpc<{ value: { amount: string } }>(s.rpc_url, 'getTokenAccountBalance', [a.pubkey, { commitment: 'confirmed' }]);
    total += BigInt(b.value.amount);
  }
  return total;
}

async function usdcAddress(page: Page, chainId: number): Promise<string> {
  const res = await page.request.get('/api/bridge_api/v1/all-tokens');
  const body = (await res.json()) as { data: { list: { symbol: string; chainId: number; address: string }[] } };
  const t = body.data.list.find((x) => x.symbol === 'USDC' && x.chainId === chainId);
  if (!t) throw new Error(`no USDC on ${chainId}`);
  return t.address;
}

const short = (address: string): string => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** In the open wallet modal: the Solana tab, then Phantom; waits for its header chip. */
async function connectPhantom(page: Page, address: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Solana', exact: true }).click();
  await dialog.getByRole('button', { name: 'Connect Phantom', exact: true }).click();
  await expect(page.getByTestId('wallet-chip-solana')).toHaveText(short(address));
}

/** Opens /, connects the EVM wallet (on `evmChainId`) and Phantom through the wallet modal. */
async function connectBoth(page: Page, state: DevnetState, evmChainId: number): Promise<string> {
  await installInjectedWallet(page, { chains: walletChains(state), account: EVM_USER, chainId: evmChainId });
  const addresses = await installStandardWallets(page, [{ name: 'Phantom', keyName: 'user-4' }], solanaState(state).rpc_url);
  await page.goto('/');
  await page.getByTestId('header-wallets').getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
  await expect(page.locator('header').getByTestId('connect-wallet')).toHaveText(short(EVM_USER));
  await page.locator('header').getByTestId('connect-wallet').click();
  const phantom = addresses.Phantom!;
  await connectPhantom(page, phantom);
  return phantom;
}

/** Sends what the card holds and waits for 'Completed'; returns the quoted receive amount and the deposit id. */
async function sendAndComplete(page: Page, receiveToken: string): Promise<{ receive: string; deposit: string }> {
  const send = page.getByTestId('bridge-send');
  await expect(send).toHaveText('Bridge', { timeout: 30_000 });
  const receiveText = (await page.getByTestId('quote-receive').textContent()) ?? '';
  expect(receiveText).toMatch(new RegExp(`^\\d+(\\.\\d+)? ${receiveToken}$`));
  const receive = receiveText.replace(` ${receiveToken}`, '');
  await send.click();
  const tracker = page.getByTestId('bridge-tracker');
  await expect(tracker).toBeVisible({ timeout: 60_000 });
  await expect(tracker.getByTestId('step-completed')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(tracker.getByTestId('tracker-result')).toContainText(`${receive} ${receiveToken}`);
  const deposit = (await tracker.getByTestId('step-sent').locator('[data-hash]').getAttribute('data-hash')) ?? '';
  return { receive, deposit };
}

const SYSTEM_PROGRAM = new Uint8Array(32);
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

const shortVec = (n: number): number[] => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, n >> 7]); // n < 2^14 here
const u64le = (v: bigint): number[] => Array.from({ length: 8 }, (_, i) => Number((v >> BigInt(8 * i)) & 0xffn));
const bytes58 = (text: string): number[] => {
  const decoded = base58Decode(text);
  if (!decoded) throw new Error(`not base58: ${text}`);
  return [...decoded];
};

/**
 * A deposit no bridge UI would send: `lamports` from `from` to the maker with a memo that names no
 * route, as a hand-made legacy transaction (System transfer + Memo), unsigned, base64.
 */
function badMemoDeposit(from: SolanaKey, maker: string, lamports: bigint, memo: string, blockhash: string): string {
  // Accounts: the signer, the maker (writable), then the two programs (read-only, unsigned).
  const keys = [[...from.publicKey], bytes58(maker), [...SYSTEM_PROGRAM], bytes58(MEMO_PROGRAM)];
  const memoBytes = [...new TextEncoder().encode(memo)];
  const transfer = [2, ...shortVec(2), 0, 1, ...shortVec(12), 2, 0, 0, 0, ...u64le(lamports)]; // System Transfer = 2
  const memoIx = [3, ...shortVec(0), ...shortVec(memoBytes.length), ...memoBytes];
  const header = [1, 0, 2]; // 1 signature, 0 read-only signed, 2 read-only unsigned
  const message = [...header, ...shortVec(keys.length), ...keys.flat(), ...bytes58(blockhash), ...shortVec(2), ...transfer, ...memoIx];
  return Buffer.from([...shortVec(1), ...new Array<number>(64).fill(0), ...message]).toString('base64');
}

async function lamportsOf(rpc: string, address: string): Promise<bigint> {
  return BigInt((await solanaRpc<{ value: number }>(rpc, 'getBalance', [address, { commitment: 'confirmed' }])).value);
}

test.describe('Solana in the bridge page (devnet)', () => {
  bridgeOnDevnet({ timeout: 240_000 });

  test('USDC 8453 → Solana: the Phantom account receives exactly the quoted USDC', async ({ page }) => {
    const state = readDevnetState();
    const sol = solanaState(state);
    const phantom = await connectBoth(page, state, 8453);
    await pickNetwork(page, 'From', 8453);
    await pickNetwork(page, 'To', SOLANA);
    await chooseBridgeToken(page, 'USDC');
    // With an amount, a non-Solana recipient is refused (the button checks the amount first);
    // empty, the connected Solana wallet receives.
    await page.getByLabel('Amount').fill('12.5');
    const recipient = page.getByLabel('Recipient');
    await recipient.fill(EVM_USER);
    await expect(page.getByTestId('recipient-error')).toContainText('Solana address');
    await expect(page.getByTestId('bridge-send')).toHaveAttribute('data-state', 'invalidAddress');
    await recipient.fill('');
    const before = await solanaUsdc(sol, phantom);
    const evmBefore = await tokenBalance(rpcUrl(state, 8453), await usdcAddress(page, 8453), EVM_USER);
    const { receive, deposit } = await sendAndComplete(page, 'USDC');
    expect(deposit).toMatch(/^0x[0-9a-f]{64}$/);
    await expect.poll(() => solanaUsdc(sol, phantom), { timeout: 30_000 }).toBe(before + toRaw(receive, 6));
    expect(await tokenBalance(rpcUrl(state, 8453), await usdcAddress(page, 8453), EVM_USER)).toBe(evmBefore - toRaw('12.5', 6));
  });

  test('SOL → 42161 ETH: the EVM account receives exactly the quoted ETH; the deposit is a Solana signature', async ({ page }) => {
    const state = readDevnetState();
    const sol = solanaState(state);
    const phantom = await connectBoth(page, state, 42161);
    await pickNetwork(page, 'From', SOLANA);
    await pickNetwork(page, 'To', 42161);
    await chooseBridgeToken(page, 'SOL');
    // The source is Solana: its balance is the Phantom account's, and no chain switch is asked.
    await expect(page.getByTestId('bridge-balance')).toHaveText(/^Balance: [0-9.]+ SOL$/, { timeout: 20_000 });
    // From Solana the memo carries the recipient: a broken EIP-55 checksum is refused.
    const recipient = page.getByLabel('Recipient');
    await recipient.fill(EVM_USER.replace('976EA', '976ea'));
    await expect(page.getByTestId('recipient-error')).toContainText('EIP-55');
    await recipient.fill('');
    await page.getByLabel('Amount').fill('0.5');
    const ethBefore = await nativeBalance(rpcUrl(state, 42161), EVM_USER);
    const lamportsBefore = await lamportsOf(sol.rpc_url, phantom);
    const { receive, deposit } = await sendAndComplete(page, 'ETH');
    expect(deposit).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    await expect.poll(() => nativeBalance(rpcUrl(state, 42161), EVM_USER), { timeout: 30_000 }).toBe(ethBefore + toRaw(receive, 18));
    // The Solana account paid 0.5 SOL and the transaction fee.
    const lamportsAfter = await lamportsOf(sol.rpc_url, phantom);
    expect(lamportsBefore - lamportsAfter).toBeGreaterThanOrEqual(500_000_000n);
    expect(lamportsBefore - lamportsAfter).toBeLessThan(500_100_000n);
  });
  test('a Solana deposit with a bad memo is refunded on Solana: the wallet\'s history says Refunded, its SOL comes back less two fees', async ({ page }) => {
    const state = readDevnetState();
    const sol = solanaState(state);
    // A wallet of this run only: the devnet's faucet funds it.
    const keyName = `e2e-refund-${Date.now()}`;
    const key = solanaKey(keyName);
    await solanaRpc(sol.rpc_url, 'requestAirdrop', [key.address, 2_000_000_000]);
    await expect.poll(() => lamportsOf(sol.rpc_url, key.address), { timeout: 20_000 }).toBe(2_000_000_000n);
    const { value } = await solanaRpc<{ value: { blockhash: string } }>(sol.rpc_url, 'getLatestBlockhash', [{ commitment: 'confirmed' }]);
    const signature = await signAndSend(sol.rpc_url, badMemoDeposit(key, sol.maker, 300_000_000n, 'please bridge this to base', value.blockhash), key);

    await installStandardWallets(page, [{ name: 'Phantom', keyName }], sol.rpc_url);
    await page.goto('/');
    await page.getByTestId('header-wallets').getByRole('button').first().click();
    await connectPhantom(page, key.address);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'History' }).first().click();
    const row = page.getByTestId(`order-${signature}`);
    await expect(row.getByTestId('order-state')).toHaveText('Refunded', { timeout: 120_000 });
    await expect(row).toContainText('memo');
    await expect(row.getByRole('link', { name: 'Refund transaction' })).toBeVisible();
    // Out: the deposit and its 5,000-lamport fee; back: the deposit less the refund's own fee.
    await expect.poll(() => lamportsOf(sol.rpc_url, key.address), { timeout: 30_000 }).toBe(2_000_000_000n - 10_000n);
  });
});
