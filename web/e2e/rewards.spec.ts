import { createHash } from 'node:crypto';
import { expect, test } from './fixtures/test';
import type { Page } from '@playwright/test';
import { seedCompletedBridges } from './fixtures/seed';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains, type DevnetState } from './fixtures/injected-wallet';

// The rewards programme through the UI, against the real perch server (PERCH_URL) and the devnet
// (PERCH_DEVNET_STATE). Hardhat account #4 is this spec's wallet (no other spec uses it). The
// social test also needs the local social verifier perch is configured with
// (PERCH_SOCIAL_VERIFIER_URL, tools/social-verifier.mjs), and the campaign test needs the maker.

/** Hardhat account #4. */
const USER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
/** Hardhat account #5: the second wallet (bridges then checks in; cannot act for account #4). */
const OTHER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const short = (a: string): string => `${a.slice(0, 6)}...${a.slice(-4)}`;
const CHECK_IN_CHAIN = 1868;
const VERIFIER = process.env.PERCH_SOCIAL_VERIFIER_URL ?? '';
/** The SQLite file of the perch under test: only to seed completed bridges when it runs no maker. */
const PERCH_DB = process.env.PERCH_E2E_DB ?? '';

interface Points {
  campaign_points: number;
  cross_points: number;
  refer_points: number;
  check_in_points: number;
  pool_points: number;
  cross_points_v1: number;
  refer_points_v1: number;
}
const total = (p: Points): number =>
  p.campaign_points + p.cross_points + p.refer_points + p.check_in_points + p.pool_points + p.cross_points_v1 + p.refer_points_v1;

async function api<T>(page: Page, path: string, init?: { method?: string; data?: unknown }): Promise<{ code: number; msg: string; data: T }> {
  const res = init?.method === 'POST' ? await page.request.post(path, { data: init.data ?? {} }) : await page.request.get(path);
  return (await res.json()) as { code: number; msg: string; data: T };
}

async function points(page: Page, user = USER): Promise<Points> {
  const body = await api<Points>(page, `/api/campaign_api/v1/${user}/points`);
  expect(body.code).toBe(0);
  return body.data;
}

let nextId = 1;
async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }) });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function receipt(url: string, hash: string): Promise<{ status: string; from: string; to: string }> {
  for (let i = 0; i < 300; i++) {
    const r = await rpc<{ status: string; from: string; to: string } | null>(url, 'eth_getTransactionReceipt', [hash]);
    if (r) return r;
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`no receipt for ${hash}`);
}

const rpcOf = (state: DevnetState, chainId: number): string => {
  const url = state.chains.find((c) => c.chain_id === chainId)?.rpc_url;
  if (!url) throw new Error(`chain ${chainId} is not on the devnet`);
  return url;
};

const headerWallet = (page: Page) => page.locator('header').getByTestId('connect-wallet');

async function connect(page: Page, state: DevnetState, path: string, account = USER): Promise<void> {
  await installInjectedWallet(page, { chains: walletChains(state), account, chainId: 1 });
  await page.goto(path);
  await headerWallet(page).click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
  await expect(headerWallet(page)).toHaveText(short(account));
}

/** Whether this perch runs the bridge maker (its order API answers). */
async function hasMaker(page: Page): Promise<boolean> {
  const probe = await page.request.get(`/api/bridge_api/v1/order?chain_id=1&tx_hash=0x${'0'.repeat(64)}`);
  return probe.status() !== 404;
}

/** A real bridge of 0.01 ETH from `sender` (an unlocked devnet account) through build_tx and the Depositor, paid out by the maker. */
async function bridgeOnce(page: Page, state: DevnetState, sender: string, from: number, to: number): Promise<void> {
  const built = await api<{ deposit: { to: string; data: string; value: string } }>(page, '/api/bridge_api/v1/build_tx', {
    method: 'POST',
    data: { from_chain_id: String(from), to_chain_id: String(to), token: 'ETH', amount: '0.01', sender, recipient: sender },
  });
  expect(built.code, built.msg).toBe(0);
  const url = rpcOf(state, from);
  const hash = await rpc<string>(url, 'eth_sendTransaction', [{ from: sender, to: built.data.deposit.to, data: built.data.deposit.data, value: built.data.deposit.value }]);
  expect((await receipt(url, hash)).status).toBe('0x1');
  await expect
    .poll(async () => (await api<{ state: string } | null>(page, `/api/bridge_api/v1/order?chain_id=${from}&tx_hash=${hash}`)).data?.state, { timeout: 60_000 })
    .toBe('completed');
}

/** The spec's per-request header: SHA-256 of `user:YYYYMMDDHH` (UTC), as the web client sends it. */
function authHeader(user: string, now = new Date()): Record<string, string> {
  const hour = now.toISOString().slice(0, 13).replace(/[-T]/g, '');
  return { 'X-Perch-Auth': createHash('sha256').update(`${user.toLowerCase()}:${hour}`).digest('hex') };
}

/** The check-in multiplier of today (2 on a special day), found by the check-in test. */
let todayMultiplier = 0;
const todayKey = (): string => new Date().toISOString().slice(0, 10).replaceAll('-', '');


test.describe('rewards with the devnet wallet (account #4)', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1280, height: 900 } });
  test.setTimeout(150_000);

  test('sign in with the wallet, check in on 1868 through the modal: points credited, the day links its tx', async ({ page, context }) => {
    const state = readDevnetState();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await connect(page, state, '/rewards');
    const before = await points(page);
    // The header badge animates to the sum of the seven fields.
    await expect(page.getByTestId('points-badge')).toHaveText(total(before).toLocaleString('en-US'), { timeout: 10_000 });

    await page.locator('header').getByRole('button', { name: 'Check-in' }).click();
    const modal = page.getByRole('dialog', { name: 'Daily Check-in' });
    await expect(modal.getByTestId('checkin-banner')).toBeVisible();
    await expect(modal.getByTestId('checkin-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/);
    // The selector starts on the wallet's chain (1, which has a check-in contract); pick 1868 by its icon row.
    const chain = modal.getByRole('combobox', { name: 'Check-in chain' });
    await expect(chain).toHaveAttribute('data-value', '1');
    await chain.click();
    await modal.locator(`[role="option"][data-chain-id="${CHECK_IN_CHAIN}"]`).click();
    await expect(chain).toHaveAttribute('data-value', String(CHECK_IN_CHAIN));
    const submit = modal.getByTestId('checkin-submit');
    await expect(submit).toHaveText('Check in', { timeout: 15_000 });
    // A special day (Wed, Fri, Sun, or after a 2/4/6 streak) doubles the 2 points and says so.
    const doubled = await modal.getByTestId('checkin-x2').isVisible();
    if (doubled) await expect(modal.getByTestId('checkin-x2')).toHaveText('Check-in has earned x2 points!');
    const expected = doubled ? 4 : 2;
    todayMultiplier = doubled ? 2 : 1;

    const verify = page.waitForResponse((r) => r.url().endsWith('/api/auth/verify') && r.request().method() === 'POST');
    const signIn = page.waitForResponse((r) => r.url().endsWith('/api/lottery/maker/sign/in'));
    await submit.click();
    // EIP-4361 first: the wallet signs, the server answers with an HttpOnly session cookie.
    const verified = await verify;
    expect(verified.status()).toBe(200);
    const signed = (verified.request().postDataJSON() as { message: string; signature: string });
    expect(signed.message).toContain(`wants you to sign in with your Ethereum account:\n${USER}`);
    expect(signed.signature).toMatch(/^0x[0-9a-f]{130}$/);
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.httpOnly)).toBe(true);
    // Then the wallet switches to the check-in chain and sends checkIn(today).
    const posted = await signIn;
    expect(posted.status()).toBe(200);
    const body = posted.request().postDataJSON() as { hash: string; chainId: number; userAddress: string; encrypt: { timestamp: number; encrypted: string } };
    expect(body).toMatchObject({ chainId: CHECK_IN_CHAIN, userAddress: USER });
    expect(body.encrypt.encrypted).toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Check in success' })).toBeVisible();
    await expect(headerWallet(page)).toHaveAttribute('data-chain-id', String(CHECK_IN_CHAIN));

    const r = await receipt(rpcOf(state, CHECK_IN_CHAIN), body.hash);
    expect(r.status).toBe('0x1');
    expect(r.from.toLowerCase()).toBe(USER.toLowerCase());
    expect(r.to.toLowerCase()).toBe((state.contracts.CheckIn ?? '').toLowerCase());

    const after = await points(page);
    expect(after.check_in_points - before.check_in_points).toBe(expected);
    await expect(page.getByTestId('points-badge')).toHaveText(total(after).toLocaleString('en-US'), { timeout: 15_000 });

    // Today's calendar day shows its points and names its transaction; the devnet has no
    // explorer, so the day links to none (never to a mainnet explorer).
    const day = modal.getByTestId(`checkin-day-${todayKey()}`);
    await expect(day).toHaveAttribute('data-tx-hash', body.hash, { timeout: 15_000 });
    await expect(day).not.toHaveAttribute('href', /./);
    await expect(day).toContainText(`+${expected}`);
    await expect(submit).toHaveText('Checked in today');

    // Replaying the same transaction with this browser's session credits nothing.
    const replay = await page.request.post('/api/lottery/maker/sign/in', { data: body, headers: authHeader(USER) });
    expect(replay.status()).toBe(409);
    expect(((await replay.json()) as { msg: string }).msg).toContain('already credited');
    expect((await points(page)).check_in_points).toBe(after.check_in_points);
    // The weekly box of today is claimed.
    await page.keyboard.press('Escape');
    const weekday = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date().getUTCDay()] ?? 'mon';
    await expect(page.getByTestId(`week-box-${weekday}`)).toHaveAttribute('data-state', 'claimed', { timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  });

  test('a social task verified by the local verifier gives +30; a refused one says verify fail.', async ({ page }) => {
    // make test always gives the verifier: without it this is a broken setup, not a reason to skip.
    expect(VERIFIER, 'PERCH_SOCIAL_VERIFIER_URL must name the local social verifier').not.toBe('');
    const state = readDevnetState();
    await connect(page, state, '/points');
    const handle = `owl${Date.now().toString(36)}`;
    const accepted = await fetch(`${VERIFIER}/accept`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ platform: 'twitter', subject: handle }) });
    expect(accepted.status).toBe(200);
    const before = await points(page);

    const x = page.getByTestId('social-task-29');
    await x.getByRole('button', { name: 'Follow' }).click();
    const input = x.getByRole('textbox', { name: 'Your X handle' });
    await input.fill(handle);
    await expect(input).toHaveValue(`@${handle}`);
    const task = page.waitForResponse((r) => r.url().includes('/campaigns/29?'));
    await x.getByRole('button', { name: 'Verify' }).click();
    const res = await task;
    expect(new URL(res.url()).searchParams.get('twitter_username')).toBe(handle);
    await expect(x.getByRole('img', { name: 'Done' })).toBeVisible();
    await expect.poll(async () => total(await points(page)) - total(before), { timeout: 15_000 }).toBe(30);
    // The badge follows about 5 s later.
    await expect(page.getByTestId('points-badge')).toHaveText((total(before) + 30).toLocaleString('en-US'), { timeout: 12_000 });

    // The server serves the completion: with this browser's task memory gone (as on another
    // device), a reload still shows the task done.
    await page.evaluate(() => localStorage.removeItem('perch-tasks'));
    await page.reload();
    await expect(headerWallet(page)).toHaveText(short(USER));
    await expect(page.getByTestId('social-task-29').getByRole('img', { name: 'Done' })).toBeVisible({ timeout: 15_000 });

    // Telegram: the verifier has not been told this wallet joined.
    const tg = page.getByTestId('social-task-32');
    await tg.getByRole('button', { name: 'Join' }).click();
    await tg.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'verify fail.' })).toBeVisible();
    await expect(tg.getByRole('button', { name: 'Try Again' })).toBeVisible();
    expect(total(await points(page))).toBe(total(before) + 30);
  });

  test('a campaign completed after its N bridges opens the share modal; Share adds 50', async ({ page }) => {
    const state = readDevnetState();
    const maker = await hasMaker(page);
    expect(maker || PERCH_DB !== '', 'this perch has no bridge maker (order API) and PERCH_E2E_DB is not set to seed bridges').toBe(true);
    const campaigns = await api<{ list: { id: number; name: string; status: number; invisible: boolean; time_type: number; tasks: { conditions: { transfer_count: number; from_chain?: number; to_chain?: number } }[] }[] }>(page, '/api/campaign_api/v1/campaigns');
    expect(campaigns.code).toBe(0);
    // The shown campaign needing the fewest bridges to a devnet chain other than Ethereum.
    const devnetIds = state.chains.map((c) => c.chain_id);
    const target = campaigns.data.list
      .map((c) => ({ c, last: c.tasks[c.tasks.length - 1]?.conditions }))
      .filter(({ last }) => last && devnetIds.includes(Number(last.to_chain)) && Number(last.to_chain) !== 1 && (!last.from_chain || devnetIds.includes(Number(last.from_chain))))
      .sort((a, b) => (a.last?.transfer_count ?? 0) - (b.last?.transfer_count ?? 0))[0];
    expect(target?.last, 'no shown campaign is reachable on the devnet (config/campaigns.json)').toBeDefined();
    if (!target?.last) return;
    const n = target.last.transfer_count;
    const to = Number(target.last.to_chain);
    const from = Number(target.last.from_chain) || 1;

    // N real bridges (ETH from `from` to `to`) from account #4, through build_tx and the Depositor;
    // without a maker in this build, N completed orders are seeded in perch's bridge_orders table
    // (what the maker writes), which the rewards consumer then credits.
    if (!maker) seedCompletedBridges(PERCH_DB, USER, n, from, to);
    for (let i = 0; maker && i < n; i++) await bridgeOnce(page, state, USER, from, to);
    await expect
      .poll(async () => (await api<{ campaigns: { campaign_id: number; transfer_count_total: number }[] }>(page, `/api/campaign_api/v1/${USER}/campaigns/points?campaign_id=${target.c.id}`)).data.campaigns[0]?.transfer_count_total ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(n);

    await connect(page, state, '/points');
    const before = await points(page);
    const share = page.getByRole('dialog', { name: 'Campaign complete' });
    await expect(share).toBeVisible({ timeout: 20_000 });
    await expect(share).toContainText(target.c.name);
    await expect(share.getByRole('button', { name: 'Bridge Again' })).toBeVisible();
    await page.context().route('https://x.com/**', (route) => route.abort());
    await share.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Shared: +50 points' })).toBeVisible();
    await expect(share).toBeHidden();
    await expect.poll(async () => total(await points(page)) - total(before), { timeout: 10_000 }).toBe(50);
    // Bridging on the day of a check-in tops the day up from 2 to 10 (doubled on a special day).
    expect(todayMultiplier, 'the check-in test runs first (serial) and found the day multiplier').toBeGreaterThan(0);
    await page.locator('header').getByRole('button', { name: 'Check-in' }).click();
    const modal = page.getByRole('dialog', { name: 'Daily Check-in' });
    await expect(modal.getByTestId(`checkin-day-${todayKey()}`)).toContainText(`+${10 * todayMultiplier}`, { timeout: 15_000 });
    await page.keyboard.press('Escape');
    // Shown once: a reload does not offer it again.
    await page.reload();
    await expect(page.getByTestId(`campaign-${target.c.id}`)).toBeVisible({ timeout: 20_000 });
    await expect(share).toBeHidden();
  });

  test("a second wallet bridges first, then checks in: the day shows 10 (x5); its session cannot act for account #4", async ({ page }) => {
    const state = readDevnetState();
    await connect(page, state, '/rewards', OTHER);
    expect(await hasMaker(page), 'this perch must run the bridge maker (a real deposit paid out)').toBe(true);
    // A real bridge first (Ethereum → Base, paid by the maker), completed this UTC day.
    await bridgeOnce(page, state, OTHER, 1, 8453);
    await expect.poll(async () => (await points(page, OTHER)).cross_points, { timeout: 30_000 }).toBeGreaterThan(0);
    const before = await points(page, OTHER);

    await page.locator('header').getByRole('button', { name: 'Check-in' }).click();
    const modal = page.getByRole('dialog', { name: 'Daily Check-in' });
    const submit = modal.getByTestId('checkin-submit');
    await expect(submit).toHaveText('Check in', { timeout: 15_000 });
    const multiplier = (await modal.getByTestId('checkin-x2').isVisible()) ? 2 : 1;
    const signIn = page.waitForResponse((r) => r.url().endsWith('/api/lottery/maker/sign/in'));
    await submit.click();
    const posted = await signIn;
    expect(posted.status()).toBe(200);
    const credited = ((await posted.json()) as { data: { points: number; base_points: number } }).data;
    expect(credited.base_points).toBe(10);
    expect(credited.points).toBe(10 * multiplier);
    // 'Check in success', then the x5 message (bridged today), then x2 on a special day.
    await expect(page.getByRole('status').filter({ hasText: 'Check in success' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You bridged today: check-in has earned x5 points!' })).toBeVisible();
    await expect(modal.getByTestId(`checkin-day-${todayKey()}`)).toContainText(`+${10 * multiplier}`, { timeout: 15_000 });
    expect((await points(page, OTHER)).check_in_points - before.check_in_points).toBe(10 * multiplier);
    await page.keyboard.press('Escape');

    // Signed in as account #5, this browser cannot verify a task or share a campaign for account #4.
    const victimBefore = await points(page, USER);
    const headers = authHeader(OTHER);
    const verify = await page.request.post(`/api/campaign_api/v1/${USER}/campaigns/29?join_type=1&join_platform=1&twitter_username=owl`, { data: {}, headers });
    expect(verify.status()).toBe(403);
    const follow = await page.request.post(`/api/campaign_api/v1/${USER}/campaigns/31`, { data: {}, headers });
    expect(follow.status()).toBe(403);
    const share = await page.request.post(`/api/campaign_api/v1/${USER}/campaigns/2?join_type=2`, { data: {}, headers });
    expect(share.status()).toBe(403);
    expect(await points(page, USER)).toEqual(victimBefore);
  });
});
