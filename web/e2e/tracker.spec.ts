import { expect } from '@playwright/test';
import { encodeFunctionData, parseAbi } from 'viem';
import { rpc, rpcUrl, waitForReceipt } from './fixtures/devnet-rpc';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains, type DevnetState } from './fixtures/injected-wallet';
import { mint, swapDevnet } from './fixtures/swap-ui';
import { test } from './fixtures/test';
import { gasText, numberText, waitIndexed } from './fixtures/tracker-api';
import { program, scoreOf, type TxReceipt } from './fixtures/journey';

// Issue 12 end to end: an address makes real transactions on the devnet, the real perch's activity
// indexer reads them, and /tracker and /tracker/soneium-og show exactly the figures this test
// computes on its own from the receipts and blocks (docs/tracker.md "What the figures mean"), and
// the score config/tracker-programs.json gives for them.
//
// The address is a fresh one per run (impersonated and funded on the nodes, like the devnet's
// bridge driver does), not a fixed Hardhat account: on a reused devnet a fixed account would carry
// the previous runs' history, and the figures would no longer follow from this run's receipts.

const SONEIUM = 1868;
const BASE = 8453;
const ERC20 = parseAbi(['function transfer(address to, uint256 amount) returns (bool)']);
/** Init code returning a one-byte runtime (STOP): a contract creation as small as it gets. */
const TINY_CONTRACT = '0x6001600c60003960016000f300';

interface Sent {
  receipt: TxReceipt;
  time: number;
}

/** The figures of one chain's row, as this test derives them from its own receipts. */
interface Figures {
  tx_count: number;
  active_days: number;
  active_weeks: number;
  active_months: number;
  contracts: number;
  contracts_deployed: number;
  gas_spent: bigint;
  last_active: number;
  last_block: number;
}

const hex = (n: bigint): string => `0x${n.toString(16)}`;

function freshAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

async function send(url: string, tx: Record<string, string>): Promise<Sent> {
  const hash = await rpc<string>(url, 'eth_sendTransaction', [tx]);
  await waitForReceipt(url, hash);
  const receipt = await rpc<TxReceipt>(url, 'eth_getTransactionReceipt', [hash]);
  expect(receipt.status, `${hash} succeeded`).toBe('0x1');
  const block = await rpc<{ timestamp: string }>(url, 'eth_getBlockByNumber', [receipt.blockNumber, false]);
  return { receipt, time: Number(BigInt(block.timestamp)) };
}

/** The ISO 8601 week (year and number) of a UTC day: the week of its Thursday. */
function isoWeek(unix: number): string {
  const d = new Date(unix * 1000);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3);
  const year = new Date(thursday).getUTCFullYear();
  return `${year}-${Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1}`;
}

async function figuresOf(url: string, sent: Sent[]): Promise<Figures> {
  const distinct = (f: (s: Sent) => string) => new Set(sent.map(f)).size;
  const targets = new Set(sent.map((s) => s.receipt.to?.toLowerCase()).filter((t): t is string => !!t));
  let contracts = 0;
  for (const to of targets) if ((await rpc<string>(url, 'eth_getCode', [to, 'latest'])) !== '0x') contracts += 1;
  return {
    tx_count: sent.length,
    active_days: distinct((s) => new Date(s.time * 1000).toISOString().slice(0, 10)),
    active_weeks: distinct((s) => isoWeek(s.time)),
    active_months: distinct((s) => new Date(s.time * 1000).toISOString().slice(0, 7)),
    contracts,
    contracts_deployed: sent.filter((s) => s.receipt.to === null && s.receipt.contractAddress).length,
    gas_spent: sent.reduce((sum, s) => sum + BigInt(s.receipt.gasUsed) * BigInt(s.receipt.effectiveGasPrice), 0n),
    last_active: Math.max(...sent.map((s) => s.time)),
    last_block: Math.max(...sent.map((s) => Number(BigInt(s.receipt.blockNumber)))),
  };
}

/** Native transfer, ERC-20 transfer (of USDC the deployer mints first), and a contract creation. */
async function makeActivity(state: DevnetState, chainId: number, from: string, deploy: boolean): Promise<Sent[]> {
  const url = rpcUrl(state, chainId);
  await rpc(url, 'hardhat_setBalance', [from, hex(10n ** 20n)]);
  await rpc(url, 'hardhat_impersonateAccount', [from]);
  const usdc = swapDevnet(state).token('USDC').address;
  await mint(url, swapDevnet(state), usdc, from, 5_000000n);
  const friend = freshAddress();
  const sent = [
    await send(url, { from, to: friend, value: hex(10n ** 15n) }),
    await send(url, { from, to: usdc, data: encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [friend as `0x${string}`, 1_250000n] }) }),
  ];
  if (deploy) sent.push(await send(url, { from, data: TINY_CONTRACT }));
  return sent;
}

test.describe('tracker on the devnet', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(90_000);

  test("an address's own transactions on Soneium and Base: the rows and the Soneium OG score equal what its receipts give", async ({ page }) => {
    const state = readDevnetState();
    const user = freshAddress();
    await installInjectedWallet(page, { chains: walletChains(state), account: user, chainId: SONEIUM });
    const figures = new Map<number, Figures>();
    for (const [chainId, deploy] of [[SONEIUM, true], [BASE, false]] as const) {
      figures.set(chainId, await figuresOf(rpcUrl(state, chainId), await makeActivity(state, chainId, user, deploy)));
    }
    const lastBlocks = new Map([...figures].map(([id, f]) => [id, f.last_block]));
    const api = await waitIndexed(page, user, lastBlocks, 30_000);

    // The API's figures, to the wei.
    const rows = api.addresses[0]?.chains ?? [];
    for (const [chainId, f] of figures) {
      const row = rows.find((r) => r.chain_id === chainId);
      expect(row, `row for ${chainId}`).toMatchObject({
        tx_count: f.tx_count,
        active_days: f.active_days,
        active_weeks: f.active_weeks,
        active_months: f.active_months,
        contracts: f.contracts,
        contracts_deployed: f.contracts_deployed,
        gas_spent: f.gas_spent.toString(),
        last_active: f.last_active,
      });
    }

    // The page's rows: the same figures, cell by cell (columns as in ActivityTable).
    await page.goto(`/tracker?addresses=${user}`);
    for (const [chainId, f] of figures) {
      const cells = page.getByTestId(`tracker-row-${chainId}`).locator('td');
      await expect(cells.nth(1)).toHaveText(String(f.tx_count), { timeout: 20_000 });
      await expect(cells.nth(3)).toHaveText(String(f.active_days));
      await expect(cells.nth(4)).toHaveText(String(f.active_weeks));
      await expect(cells.nth(5)).toHaveText(String(f.active_months));
      await expect(cells.nth(6)).toHaveText(String(f.contracts));
      await expect(cells.nth(7).locator('time')).toHaveAttribute('datetime', new Date(f.last_active * 1000).toISOString());
      await expect(cells.nth(8)).toHaveText(gasText(f.gas_spent));
    }
    // Chains the address never sent from still have their row, with zeros: no volume either.
    await expect(page.getByTestId('tracker-row-42161').locator('td').nth(1)).toHaveText('0');
    await expect(page.getByTestId('tracker-row-42161').locator('td').nth(2)).toHaveText('$0.00');
    // The volume is what the address's own transactions moved (0.001 ETH and 1.25 USDC on Base),
    // not what it holds (100 ETH and 3.75 USDC: a holdings figure would be six digits of dollars).
    const baseVolume = rows.find((r) => r.chain_id === BASE)?.volume_usd ?? Number.NaN;
    expect(baseVolume).toBeGreaterThan(1.25);
    expect(baseVolume).toBeLessThan(100);
    await expect(page.getByTestId(`tracker-row-${BASE}`).locator('td').nth(2)).toHaveText(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(baseVolume));

    // Soneium OG: the score the programme's rules give for the Soneium figures, and a rank.
    const soneium = figures.get(SONEIUM);
    if (!soneium) throw new Error('no Soneium figures');
    const expected = scoreOf(program('soneium-og'), soneium);
    expect(expected).toBeGreaterThan(0);
    await page.goto(`/tracker/soneium-og?address=${user}`);
    await expect(page.getByTestId('score-value')).toHaveText(numberText(expected), { timeout: 20_000 });
    await expect(page.getByTestId('score-rank')).toHaveText(/^Rank #[1-9]\d* of [1-9]\d* indexed addresses$/);
    const rank = await page.getByTestId('score-rank').textContent();
    const [, at, of] = /#(\d+) of (\d+)/.exec(rank ?? '') ?? [];
    expect(Number(at)).toBeLessThanOrEqual(Number(of));

    // Without a link, /tracker shows the connected wallet's activity: the same rows.
    await page.goto('/tracker');
    const header = page.locator('header').getByTestId('connect-wallet');
    await header.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    await expect(header).toHaveText(new RegExp(`^${user.slice(0, 6)}\\.\\.\\.${user.slice(-4)}$`, 'i'));
    for (const [chainId, f] of figures) {
      await expect(page.getByTestId(`tracker-row-${chainId}`).locator('td').nth(1)).toHaveText(String(f.tx_count), { timeout: 20_000 });
    }
  });
});
