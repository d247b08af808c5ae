import { expect, type Page } from '@playwright/test';
import { decodeFunctionData, formatUnits, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { chooseBridgeToken } from './fixtures/bridge-ui';
import { rpc, rpcUrl } from './fixtures/devnet-rpc';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains, type DevnetState } from './fixtures/injected-wallet';
import {
  blockNumber,
  exactCents,
  figuresOf,
  NATIVE,
  program,
  readWindow,
  scoreOf,
  senders,
  type ChainWindow,
  type Figures,
  type ScoreFields,
} from './fixtures/journey';
import { display, linkedHash } from './fixtures/swap-ui';
import { test } from './fixtures/test';
import { gasText, numberText, getActivity, TRACKER_API as API, waitIndexed, type ApiActivity, type ApiRow } from './fixtures/tracker-api';

// Issue 12's closing proof: ONE fresh wallet bridges (8453 → 1868), checks in on 1868, swaps on
// 8453 and deploys a contract on 1868, each through the UI with the injected wallet, and then
// /tracker, /tracker/soneium-og and /portfolio show what this test reads from the devnet nodes
// itself: every transaction of the wallet found by scanning the blocks of each chain since the
// journey began, their receipts, logs and balances. Nothing expected is taken from perch but the
// prices (which the page or the API names) and, for the rank, the figures of the other addresses.
//
// The wallet is a new key per run: the nodes impersonate it (so its transactions are sent by the
// node) and the wallet signs its messages (sign-in) itself. No other spec can know it, so parallel
// specs on the same devnet cannot move its figures.

const SRC = 8453;
const DST = 1868;
const PROGRAM = 'soneium-og';
const BRIDGE_AMOUNT = '0.05';
const SWAP_AMOUNT = '0.2';
const FUNDS = 100n * 10n ** 18n;
const DEPOSITOR = parseAbi(['function deposit(address token, uint256 amount, uint256 dstChainId, string recipient, uint256 channel) payable']);
const USD = (value: number): string => value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const short = (a: string): string => `${a.slice(0, 6)}...${a.slice(-4)}`;
const headerWallet = (page: Page) => page.locator('header').getByTestId('connect-wallet');

interface PortfolioToken {
  symbol: string;
  address: string;
  decimals: number;
  balance: string | null;
  price_usd: number | null;
}
interface PortfolioAnswer {
  chains: { chain_id: number; status: string; tokens: PortfolioToken[] }[];
  prices: { source: string; as_of: number };
}

async function apiData<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(res.status(), `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** Connects the injected wallet through the header's modal. */
async function connect(page: Page, user: string): Promise<void> {
  await headerWallet(page).click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
  await expect(headerWallet(page)).toHaveText(short(user));
}

/** After a page load: the wallet's auto-reconnect, or (when it has not come within 15 s) the modal. */
async function ensureConnected(page: Page, user: string): Promise<void> {
  try {
    await expect(headerWallet(page)).toHaveText(short(user), { timeout: 15_000 });
  } catch {
    test.info().annotations.push({ type: 'note', description: `no auto-reconnect within 15 s on ${page.url()}: connected again` });
    await connect(page, user);
  }
}

/** In-app navigation through the header's links (no page load: the wallet stays connected). */
async function navigate(page: Page, name: string, path: string): Promise<void> {
  await page.locator('header').getByRole('link', { name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function pickNetwork(page: Page, side: 'From' | 'To', chainId: number): Promise<void> {
  await page.locator('.swap-card').getByRole('button', { name: new RegExp(`^${side}:`) }).click();
  const dialog = page.getByRole('dialog', { name: side === 'From' ? 'From Network' : 'To Network Or Exchange' });
  await dialog.getByTestId(`network-${chainId}`).getByRole('button').click();
  await expect(dialog).toBeHidden();
}

/** The bridge card: ETH from SRC to DST, followed to 'Completed'; the deposit and payout hashes. */
async function bridge(page: Page): Promise<{ deposit: string; payout: string }> {
  await pickNetwork(page, 'From', SRC);
  await expect(headerWallet(page)).toHaveAttribute('data-chain-id', String(SRC));
  await pickNetwork(page, 'To', DST);
  await chooseBridgeToken(page, 'ETH');
  await expect(page.getByTestId('bridge-balance')).toHaveText(/^Balance: [0-9.]+ ETH$/, { timeout: 20_000 });
  await page.getByLabel('Amount').fill(BRIDGE_AMOUNT);
  const send = page.getByTestId('bridge-send');
  await expect(send).toHaveText('Bridge', { timeout: 20_000 });
  await send.click();
  const tracker = page.getByTestId('bridge-tracker');
  await expect(tracker.getByTestId('step-completed')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  const deposit = (await tracker.getByTestId('step-sent').locator('[data-hash]').getAttribute('data-hash')) ?? '';
  const payout = (await tracker.getByTestId('step-completed').locator('[data-hash]').getAttribute('data-hash')) ?? '';
  expect(deposit).toMatch(/^0x[0-9a-f]{64}$/);
  expect(payout).toMatch(/^0x[0-9a-f]{64}$/);
  return { deposit, payout };
}

/** The daily check-in on DST through the header's modal (sign-in first: the wallet's own signature). */
async function checkIn(page: Page): Promise<string> {
  await page.locator('header').getByRole('button', { name: 'Check-in' }).click();
  const modal = page.getByRole('dialog', { name: 'Daily Check-in' });
  const chain = modal.getByRole('combobox', { name: 'Check-in chain' });
  await chain.click();
  await modal.locator(`[role="option"][data-chain-id="${DST}"]`).click();
  await expect(chain).toHaveAttribute('data-value', String(DST));
  const submit = modal.getByTestId('checkin-submit');
  await expect(submit).toHaveText('Check in', { timeout: 15_000 });
  const signIn = page.waitForResponse((r) => r.url().endsWith('/api/lottery/maker/sign/in'), { timeout: 60_000 });
  await submit.click();
  const posted = await signIn;
  expect(posted.status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Check in success' })).toBeVisible();
  await expect(submit).toHaveText('Checked in today');
  await page.keyboard.press('Escape');
  return (posted.request().postDataJSON() as { hash: string }).hash;
}

/** ETH → USDC on SRC through the swap card; the swap's hash. */
async function swap(page: Page): Promise<string> {
  await navigate(page, 'Swap', '/swap');
  await expect(page.getByTestId('swap-chain')).toHaveAttribute('data-chain-id', String(SRC));
  await expect(page.getByTestId('swap-token-in')).toHaveText('ETH');
  await expect(page.getByTestId('swap-token-out')).toHaveText('USDC');
  await page.getByTestId('swap-amount').fill(SWAP_AMOUNT);
  const button = page.getByTestId('swap-button');
  await expect(button).toHaveText('Swap', { timeout: 20_000 });
  await button.click();
  await expect(page.getByTestId('swap-result')).toBeVisible({ timeout: 30_000 });
  return linkedHash(page, 'swap-result-swap-tx');
}

/** An ERC-20 on DST through /deploy; the contract's address. */
async function deploy(page: Page): Promise<string> {
  await navigate(page, 'Deploy', '/deploy');
  await page.getByTestId(`deploy-network-${DST}`).getByRole('checkbox').check();
  await page.getByLabel('Name').fill('Journey');
  await page.getByLabel('Symbol').fill('JRNY');
  await page.getByLabel('Total supply').fill('1000');
  const button = page.getByTestId('deploy-button');
  await expect(button).toHaveText('Deploy on 1 network');
  await button.click();
  const progress = page.getByTestId(`deploy-progress-${DST}`);
  await expect(progress).toHaveAttribute('data-step', 'done', { timeout: 60_000 });
  // The devnet names no explorer, so the address is the element's data, not a link's path.
  const address = (await progress.getByTestId('deploy-contract').getAttribute('data-address')) ?? '';
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return address.toLowerCase();
}

/** A base-unit balance as every page writes amounts: thousands separators, 6 decimals from 1 up, 6 significant digits below. */
const balanceText = (raw: bigint, decimals: number): string => display(raw, decimals);

/** The balance the chain itself gives (null: no contract there to ask). */
async function chainBalance(url: string, token: string, owner: string): Promise<bigint | null> {
  if (token === NATIVE) return BigInt(await rpc<string>(url, 'eth_getBalance', [owner, 'latest']));
  if ((await rpc<string>(url, 'eth_getCode', [token, 'latest'])) === '0x') return null;
  const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`;
  return BigInt(await rpc<string>(url, 'eth_call', [{ to: token, data }, 'latest']));
}

/** The score fields of a set of figures. */
const fieldsOf = (f: Figures | ApiRow): ScoreFields => ({
  tx_count: f.tx_count,
  active_days: f.active_days,
  active_weeks: f.active_weeks,
  active_months: f.active_months,
  contracts: f.contracts,
  contracts_deployed: f.contracts_deployed,
});

/**
 * The rank of `user` on the programme's chain, counted here: every address that ever sent a
 * transaction on the chain (the node's blocks up to the indexer's cursor), each scored by this
 * test from its figures in the activity API; rank = 1 + how many score above the user.
 */
async function independentRank(page: Page, state: DevnetState, user: string, mine: number, cache: { upTo: number; senders: Set<string> }): Promise<{ rank: number; of: number }> {
  const p = program(PROGRAM);
  const cursor = (await getActivity(page, [user], [p.chain_id])).chains[0]?.indexed_block ?? -1;
  const url = rpcUrl(state, p.chain_id);
  if (cursor > cache.upTo) {
    for (const s of await senders(url, cache.upTo + 1, cursor)) cache.senders.add(s);
    cache.upTo = cursor;
  }
  const others = [...cache.senders].filter((a) => a !== user.toLowerCase());
  let above = 0;
  let active = 1; // the user
  for (let i = 0; i < others.length; i += 5) {
    const group = others.slice(i, i + 5);
    const answer = await getActivity(page, group, [p.chain_id]);
    for (const a of answer.addresses) {
      const row = a.chains[0];
      if (!row) throw new Error(`no ${p.chain_id} row for ${a.address}`);
      // Every sender the node shows has at least one indexed transaction.
      expect(row.tx_count, `${a.address} sent on ${p.chain_id}`).toBeGreaterThan(0);
      active += 1;
      if (scoreOf(p, fieldsOf(row)) > mine) above += 1;
    }
  }
  return { rank: above + 1, of: active };
}

test.describe('one wallet across bridge, check-in, swap and deploy', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(300_000);

  test('/tracker, /tracker/soneium-og and /portfolio show the figures its own receipts and balances give', async ({ page }) => {
    const state = readDevnetState();
    const key = generatePrivateKey();
    const user = privateKeyToAccount(key).address;
    const chainIds = state.chains.map((c) => c.chain_id);
    const start = new Map<number, number>();
    for (const id of chainIds) {
      const url = rpcUrl(state, id);
      await rpc(url, 'hardhat_setBalance', [user, `0x${FUNDS.toString(16)}`]);
      await rpc(url, 'hardhat_impersonateAccount', [user]);
      start.set(id, await blockNumber(url));
    }
    await installInjectedWallet(page, { chains: walletChains(state), privateKey: key, chainId: SRC });
    await page.goto('/');
    await connect(page, user);

    // The journey, each step through the UI.
    const began = Date.now();
    const bridged = await bridge(page);
    const swapHash = await swap(page);
    const checkInHash = await checkIn(page);
    const contract = await deploy(page);
    console.log(`[journey e2e] bridge, swap, check-in and deploy through the UI: ${Date.now() - began} ms`);

    // The chains' heads now are past every transaction of the journey (the payout included).
    const end = new Map<number, number>();
    for (const id of chainIds) end.set(id, await blockNumber(rpcUrl(state, id)));
    const caughtUp = Date.now();
    const api = await waitIndexed(page, user, end, 60_000);
    console.log(`[journey e2e] the indexer passed every chain's head ${Date.now() - caughtUp} ms after the journey ended`);

    // What the chains say, read here.
    const windows = new Map<number, ChainWindow>();
    const figures = new Map<number, Figures>();
    for (const id of chainIds) {
      const url = rpcUrl(state, id);
      const w = await readWindow(url, user, (start.get(id) ?? 0) + 1, end.get(id) ?? 0);
      windows.set(id, w);
      figures.set(id, await figuresOf(url, w));
    }
    // The journey's transactions are where they should be, and nothing else was sent.
    const hashes = (id: number) => windows.get(id)?.sent.map((s) => s.tx.hash.toLowerCase()) ?? [];
    expect(hashes(SRC)).toEqual([bridged.deposit, swapHash].map((h) => h.toLowerCase()));
    expect(hashes(DST)).toHaveLength(2);
    expect(hashes(DST)[0]).toBe(checkInHash.toLowerCase());
    const created = windows.get(DST)?.sent[1]?.receipt.contractAddress ?? '';
    expect(created.toLowerCase()).toBe(contract.toLowerCase());
    for (const id of chainIds.filter((c) => c !== SRC && c !== DST)) expect(hashes(id)).toEqual([]);
    // The payout is the maker's native transfer to the wallet on DST.
    const payout = windows.get(DST)?.receivedNative ?? [];
    expect(payout.map((t) => t.hash.toLowerCase())).toEqual([bridged.payout.toLowerCase()]);
    const payoutAmount = payout[0]?.value ?? 0n;
    const depositTx = windows.get(SRC)?.sent[0]?.tx;
    if (!depositTx) throw new Error('no deposit transaction');
    const { args } = decodeFunctionData({ abi: DEPOSITOR, data: depositTx.input as `0x${string}` });
    const depositAmount = args[1];
    expect(depositAmount).toBe(10n ** 18n / 20n); // 0.05 ETH

    // 1. The tracker API: every figure, to the wei.
    const rows = api.addresses[0]?.chains ?? [];
    expect(rows.map((r) => r.chain_id).sort()).toEqual([...chainIds].sort());
    for (const id of chainIds) {
      const f = figures.get(id);
      if (!f) throw new Error(`no figures for ${id}`);
      const row = rows.find((r) => r.chain_id === id);
      expect(row, `row ${id}`).toMatchObject({
        tx_count: f.tx_count,
        first_active: f.first_active,
        last_active: f.last_active,
        active_days: f.active_days,
        active_weeks: f.active_weeks,
        active_months: f.active_months,
        contracts: f.contracts,
        contracts_deployed: f.contracts_deployed,
        gas_spent: f.gas_spent.toString(),
        days: f.days,
        bridge_deposits: id === SRC ? 1 : 0,
        bridge_payouts: id === DST ? 1 : 0,
      });
      // Per token moved: the API's list (the catalog's tokens) and the native coin and USDC.
      const listed = new Map((row?.tokens ?? []).map((t) => [t.address.toLowerCase(), t]));
      for (const token of new Set([...listed.keys(), NATIVE, (state.contracts.USDC ?? '').toLowerCase()])) {
        const mine = f.tokens.get(token) ?? { sent: 0n, received: 0n };
        const theirs = listed.get(token);
        expect({ token, sent: theirs?.sent ?? '0', received: theirs?.received ?? '0' }, `chain ${id}`).toEqual({
          token,
          sent: mine.sent.toString(),
          received: mine.received.toString(),
        });
      }
    }
    const src = figures.get(SRC);
    const dst = figures.get(DST);
    if (!src || !dst) throw new Error('no figures');
    // What the journey must have produced (so the equalities above are not between zeros).
    expect(src).toMatchObject({ tx_count: 2, contracts: 2, contracts_deployed: 0 });
    expect(dst).toMatchObject({ tx_count: 2, contracts: 1, contracts_deployed: 1 });
    expect(src.tokens.get((state.contracts.USDC ?? '').toLowerCase())?.received ?? 0n).toBeGreaterThan(0n);

    // 2. /tracker: the same figures cell by cell (columns as in ActivityTable).
    await page.goto(`/tracker?addresses=${user}`);
    for (const id of chainIds) {
      const f = figures.get(id);
      if (!f) continue;
      const cells = page.getByTestId(`tracker-row-${id}`).locator('td');
      await expect(cells.nth(1)).toHaveText(String(f.tx_count), { timeout: 20_000 });
      await expect(cells.nth(3)).toHaveText(String(f.active_days));
      await expect(cells.nth(4)).toHaveText(String(f.active_weeks));
      await expect(cells.nth(5)).toHaveText(String(f.active_months));
      await expect(cells.nth(6)).toHaveText(String(f.contracts));
      if (f.last_active > 0) await expect(cells.nth(7).locator('time')).toHaveAttribute('datetime', new Date(f.last_active * 1000).toISOString());
      else await expect(cells.nth(7)).toHaveText('Never');
      await expect(cells.nth(8)).toHaveText(gasText(f.gas_spent));
    }

    // USD figures: volume and bridged volume at the price table the answer names. The table
    // changes when pools trade (other specs swap), so the page's answer and the prices this test
    // reads must come from the same table (same as_of); otherwise read both again.
    const usdc = (state.contracts.USDC ?? '').toLowerCase();
    await expect(async () => {
      const seen = page.waitForResponse((r) => r.url().includes(`${API}/activity?`) && r.status() === 200);
      await page.reload();
      const shown = ((await (await seen).json()) as { data: ApiActivity }).data;
      const prices = await apiData<PortfolioAnswer>(page, `/api/portfolio_api/v1/balances?address=${user}&chain_ids=${SRC}`);
      expect(prices.prices.as_of, 'the same price table').toBe(shown.prices.as_of);
      const priceOf = new Map((prices.chains[0]?.tokens ?? []).map((t) => [t.address.toLowerCase(), t.price_usd ?? 0]));
      const eth = priceOf.get(NATIVE) ?? 0;
      expect(eth).toBeGreaterThan(0);
      const decimalsOf = new Map<string, number>([[NATIVE, 18], [usdc, 6]]);
      for (const id of chainIds) {
        const f = figures.get(id);
        const row = shown.addresses[0]?.chains.find((r) => r.chain_id === id);
        if (!f || !row) throw new Error(`no row ${id}`);
        let volume = 0;
        for (const [token, moved] of f.tokens) {
          const decimals = decimalsOf.get(token);
          if (decimals === undefined) continue; // not a catalog token (the deployed ERC-20's mint)
          const price = priceOf.get(token) ?? 0;
          // The address's own volume: what it sent (what others sent it is not its doing).
          volume += Number(formatUnits(moved.sent, decimals)) * price;
        }
        const bridgedUsd = id === SRC ? Number(formatUnits(depositAmount, 18)) * eth : id === DST ? Number(formatUnits(payoutAmount, 18)) * eth : 0;
        expect(row.volume_usd).toBeCloseTo(volume, 6);
        expect(row.bridged_volume_usd).toBeCloseTo(bridgedUsd, 6);
        const cells = page.getByTestId(`tracker-row-${id}`).locator('td');
        await expect(cells.nth(2)).toHaveText(USD(volume), { timeout: 2_000 });
        await expect(cells.nth(9)).toHaveText(USD(bridgedUsd), { timeout: 2_000 });
      }
    }).toPass({ timeout: 60_000 });

    // 3. /tracker/soneium-og: the score config/tracker-programs.json gives the wallet's DST figures,
    // and the rank among every address that sent on DST, counted here. Other specs keep sending on
    // DST, so the count before and after reading the page must agree.
    const p = program(PROGRAM);
    expect(p.chain_id).toBe(DST);
    const score = scoreOf(p, fieldsOf(dst));
    expect(score).toBeGreaterThan(0);
    const scoreApi = await apiData<{ score: number; rank: number; of: number }>(page, `${API}/score?program=${PROGRAM}&address=${user}`);
    expect(scoreApi.score).toBe(score);
    const cache = { upTo: -1, senders: new Set<string>() };
    await expect(async () => {
      const before = await independentRank(page, state, user, score, cache);
      await page.goto(`/tracker/${PROGRAM}?address=${user}`);
      await expect(page.getByTestId('score-value')).toHaveText(numberText(score), { timeout: 20_000 });
      const rankText = (await page.getByTestId('score-rank').textContent()) ?? '';
      const after = await independentRank(page, state, user, score, cache);
      expect(after, 'no address on the chain changed while the page was read').toEqual(before);
      expect(rankText).toBe(`Rank #${before.rank} of ${before.of} indexed addresses`);
      console.log(`[journey e2e] ${PROGRAM}: score ${score}, ${rankText} (counted here from ${cache.senders.size} senders up to block ${cache.upTo})`);
    }).toPass({ timeout: 90_000 });

    // 4. /portfolio: every holding is the chain's own balance, every value balance × the price
    // shown, the total the sum of the values shown, to the cent.
    const covered = await apiData<PortfolioAnswer>(page, `/api/portfolio_api/v1/balances?address=${user}`);
    await page.goto('/portfolio');
    await ensureConnected(page, user);
    for (const id of chainIds) await expect(page.getByTestId(`portfolio-chain-${id}`).or(page.getByTestId(`portfolio-token-${id}-ETH`))).toHaveCount(1, { timeout: 20_000 });
    await expect(page.locator('[data-state="loading"]')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('[data-state="error"]')).toHaveCount(0);
    let held = 0;
    for (const chain of covered.chains) {
      const url = rpcUrl(state, chain.chain_id);
      for (const token of chain.tokens) {
        const onChain = await chainBalance(url, token.address.toLowerCase(), user);
        const row = page.getByTestId(`portfolio-token-${chain.chain_id}-${token.symbol}`);
        if (onChain === null || onChain === 0n) {
          await expect(row, `${token.symbol} on ${chain.chain_id} is not held`).toHaveCount(0);
          continue;
        }
        held += 1;
        const balance = row.getByTestId('portfolio-balance');
        await expect(balance).toHaveAttribute('data-raw', onChain.toString());
        await expect(balance).toHaveText(balanceText(onChain, token.decimals));
      }
    }
    // ETH on every chain, USDC on SRC.
    expect(held).toBeGreaterThanOrEqual(chainIds.length + 1);
    const shownRows = page.locator('tr[data-state="ok"]');
    await expect(shownRows).toHaveCount(held);
    let sum = 0n;
    for (let i = 0; i < held; i++) {
      const row = shownRows.nth(i);
      const balance = row.getByTestId('portfolio-balance');
      const raw = BigInt((await balance.getAttribute('data-raw')) ?? '0');
      const decimals = Number(await balance.getAttribute('data-decimals'));
      const price = Number(await row.getByTestId('portfolio-price').getAttribute('data-usd'));
      expect(price).toBeGreaterThan(0);
      const value = row.getByTestId('portfolio-value');
      const cents = exactCents(raw, decimals, price);
      await expect(value).toHaveAttribute('data-cents', cents.toString());
      await expect(value).toHaveText(CENTS.format(Number(cents) / 100));
      sum += cents;
    }
    const total = page.getByTestId('portfolio-total');
    await expect(total).toHaveAttribute('data-cents', sum.toString());
    await expect(total).toHaveText(CENTS.format(Number(sum) / 100));

    // 5. /history: the bridge, completed, and the deployment, for this one wallet.
    await page.goto('/history');
    await ensureConnected(page, user);
    const order = page.getByTestId(`order-${bridged.deposit}`);
    await expect(order.getByTestId('order-state')).toHaveText('Completed', { timeout: 20_000 });
    await expect(order.getByTestId('order-amount')).toHaveText(`${BRIDGE_AMOUNT} ETH`);
    await expect(order.getByLabel('Destination transaction')).toHaveAttribute('data-hash', bridged.payout);
    const deployed = page.getByTestId('history-deploys').locator('tr', { hasText: new RegExp(contract, 'i') });
    await expect(deployed).toHaveCount(1, { timeout: 20_000 });
    await expect(deployed).toContainText('Soneium');
    await expect(deployed.getByLabel('Deployment transaction')).toHaveAttribute('data-hash', windows.get(DST)?.sent[1]?.tx.hash.toLowerCase() ?? '');

    // 6. Points: the header pill is the server's total for the wallet, which counts the check-in and the bridge.
    interface Points {
      campaign_points: number;
      cross_points: number;
      refer_points: number;
      check_in_points: number;
      pool_points: number;
      cross_points_v1: number;
      refer_points_v1: number;
    }
    let points = await apiData<Points>(page, `/api/campaign_api/v1/${user}/points`);
    await expect
      .poll(async () => {
        points = await apiData<Points>(page, `/api/campaign_api/v1/${user}/points`);
        return points.check_in_points > 0 && points.cross_points > 0;
      }, { timeout: 30_000 })
      .toBe(true);
    await page.reload();
    await ensureConnected(page, user);
    const totalPoints = points.campaign_points + points.cross_points + points.refer_points + points.check_in_points + points.pool_points + points.cross_points_v1 + points.refer_points_v1;
    await expect(page.getByTestId('points-badge')).toHaveText(totalPoints.toLocaleString('en-US'), { timeout: 15_000 });

    console.log(`[journey e2e] portfolio: ${held} holdings, total ${CENTS.format(Number(sum) / 100)}; ${SRC}: ${src.tx_count} tx, gas ${src.gas_spent} wei; ${DST}: ${dst.tx_count} tx, gas ${dst.gas_spent} wei`);
  });
});
