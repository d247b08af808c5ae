import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { depositStraight, MAIN_CHANNEL_ID, rpc, rpcUrl } from './fixtures/devnet-rpc';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains, type DevnetState } from './fixtures/injected-wallet';
import { expect, test } from './fixtures/test';

// Issue 30's history, numbers, layout and trust items, each at the size where it broke: a 390×844
// phone for the phone items, 1440×900 for the desktop ones. Wallets are fresh keys (the nodes
// impersonate them, the wallet signs itself), so no other spec moves what these tests read.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const short = (a: string): string => `${a.slice(0, 6)}...${a.slice(-4)}`;

/** A funded fresh wallet the nodes send for. */
async function freshWallet(state: DevnetState): Promise<{ key: `0x${string}`; address: string }> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  for (const c of state.chains) {
    await rpc(rpcUrl(state, c.chain_id), 'hardhat_setBalance', [address, `0x${(10n ** 19n).toString(16)}`]);
    await rpc(rpcUrl(state, c.chain_id), 'hardhat_impersonateAccount', [address]);
  }
  return { key, address };
}

async function connect(page: Page, state: DevnetState, wallet: { key: `0x${string}`; address: string }, chainId = 8453): Promise<void> {
  await installInjectedWallet(page, { chains: walletChains(state), privateKey: wallet.key, chainId });
  await page.goto('/');
  const header = page.locator('header').getByTestId('connect-wallet');
  await header.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
  await expect(header).toHaveText(short(wallet.address));
}

/** Nothing on the page is wider than the viewport: no sideways scrolling of the page itself. */
async function expectNoPageOverflow(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(width);
}

/** Every element matched lies inside the viewport's width and does not overflow its own box. */
async function expectInsideViewport(page: Page, selector: string): Promise<void> {
  const boxes = await page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, scroll: e.scrollWidth, client: e.clientWidth, text: (e.textContent ?? '').slice(0, 40) };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  const width = page.viewportSize()?.width ?? 0;
  for (const b of boxes) {
    expect(b.left, b.text).toBeGreaterThanOrEqual(0);
    expect(b.right, b.text).toBeLessThanOrEqual(width);
    expect(b.scroll, `${b.text} overflows its card`).toBeLessThanOrEqual(b.client + 1);
  }
}

test.describe('history, numbers and explorer links on a phone', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: PHONE });
  test.setTimeout(120_000);

  test('a bridge order is a card, not a 716 px table; one number and date style; no mainnet explorer link on the devnet', async ({ page }) => {
    const state = readDevnetState();
    const wallet = await freshWallet(state);
    // 0.0002 ETH straight to the Depositor: an order of this wallet the history must list.
    const hash = await depositStraight(state, wallet.address, 200_000_000_000_000n, MAIN_CHANNEL_ID);
    await connect(page, state, wallet);
    await page.goto('/history');
    await expect(page.locator('header').getByTestId('connect-wallet')).toHaveText(short(wallet.address), { timeout: 15_000 });
    const row = page.getByTestId(`order-${hash}`);
    await expect(row).toBeVisible({ timeout: 30_000 });

    // A card: the whole order inside the phone's width, headers beside the values, nothing to scroll.
    const box = await row.boundingBox();
    expect(box?.width ?? 999).toBeLessThanOrEqual(PHONE.width);
    const scroller = page.getByTestId('history-bridges').locator('.table-scroll');
    const widths = await scroller.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expect(page.getByTestId('history-bridges').locator('thead')).toBeHidden();
    const amountLabel = await row.getByTestId('order-amount').evaluate((e) => getComputedStyle(e, '::before').content);
    expect(amountLabel).toBe('"Amount"');
    await expectNoPageOverflow(page);

    // One number style and one date form.
    await expect(row.getByTestId('order-amount')).toHaveText('0.0002 ETH');
    await expect(row.locator('time').first()).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    // The devnet's chains are served from this machine: their transactions are on no public
    // explorer, so the hash is shown without a link to one.
    await expect(row.getByLabel('Source transaction')).toHaveAttribute('data-hash', hash);
    await expect(row.getByRole('link')).toHaveCount(0);

    // Deployments are listed beside the bridges (none yet for this wallet).
    await expect(page.getByTestId('history-deploys')).toContainText('No deployments yet.');
  });

  test('a deployment made on the phone is listed on /history as a card inside the screen', async ({ page }) => {
    const state = readDevnetState();
    const wallet = await freshWallet(state);
    await connect(page, state, wallet);
    await page.goto('/deploy');
    await expect(page.locator('header').getByTestId('connect-wallet')).toHaveText(short(wallet.address), { timeout: 15_000 });
    await page.getByTestId('deploy-network-8453').getByRole('checkbox').check();
    await page.getByLabel('Name').fill('Phone Card');
    await page.getByLabel('Symbol').fill('PHC');
    await page.getByLabel('Total supply').fill('1000');
    await expect(page.getByTestId('deploy-button')).toHaveText('Deploy on 1 network');
    await page.getByTestId('deploy-button').click();
    const progress = page.getByTestId('deploy-progress-8453');
    await expect(progress).toHaveAttribute('data-step', 'done', { timeout: 30_000 });
    const contract = (await progress.getByTestId('deploy-contract').getAttribute('data-address')) ?? '';
    expect(contract).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await page.goto('/history');
    const deploys = page.getByTestId('history-deploys');
    const row = deploys.locator('[data-testid^="history-deploy-0x"]');
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(row.getByTestId('history-deploy-contract')).toHaveText(new RegExp(`^${contract}$`, 'i'));
    await expect(row.locator('time').first()).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    // A card like the bridge's: no header row, nothing to scroll sideways, inside the phone's width.
    await expect(deploys.locator('thead')).toBeHidden();
    const box = await row.boundingBox();
    expect(box?.width ?? 999).toBeLessThanOrEqual(PHONE.width);
    await expectInsideViewport(page, '[data-testid="history-deploys"] [data-testid^="history-deploy-0x"] td');
    await expectNoPageOverflow(page);
  });
});

test.describe('layout on a phone', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: PHONE });

  test('tracker and ecosystem cards stay inside the screen', async ({ page }) => {
    await page.goto('/tracker?addresses=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
    await expect(page.getByTestId('tracker-row-8453')).toBeVisible({ timeout: 20_000 });
    await expectInsideViewport(page, '.tracker-address');
    await expectNoPageOverflow(page);

    await page.goto('/ecosystem');
    await expect(page.locator('.ecosystem__network').first()).toBeVisible({ timeout: 20_000 });
    await expectInsideViewport(page, '.ecosystem__network, .ecosystem__grid > li');
    await expectNoPageOverflow(page);
  });

  test('wallet modal: each Install label inside its wallet card, "Non-EVM" inside its tab', async ({ page }) => {
    await page.goto('/');
    await page.locator('header').getByTestId('connect-wallet').click();
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    const rows = dialog.locator('.wallet-list__row:has(.wallet-list__install)');
    expect(await rows.count()).toBeGreaterThan(0);
    const outside = await rows.evaluateAll((els) =>
      els
        .map((row) => {
          // The visible card: the row when it carries the border, else the wallet's button.
          const card = getComputedStyle(row).borderTopStyle !== 'none' ? row : (row.querySelector('.wallet-list__item') as HTMLElement);
          const r = card.getBoundingClientRect();
          const i = (row.querySelector('.wallet-list__install') as HTMLElement).getBoundingClientRect();
          return i.left >= r.left && i.right <= r.right && i.top >= r.top && i.bottom <= r.bottom ? '' : (row.textContent ?? '');
        })
        .filter(Boolean),
    );
    expect(outside).toEqual([]);
    const tab = dialog.getByRole('tab', { name: 'Non-EVM' });
    const fits = await tab.evaluate((e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().height < 48);
    expect(fits).toBe(true);
  });

  test('the connected wallet card: its address, "Copy address", network, balance and "Disconnect" inside the card and the dialog', async ({ page }) => {
    const state = readDevnetState();
    const wallet = await freshWallet(state);
    await connect(page, state, wallet);
    await page.locator('header').getByTestId('connect-wallet').click();
    const card = page.getByTestId('wallet-card');
    await expect(card.getByTestId('wallet-card-balance')).toHaveText('10 ETH', { timeout: 15_000 });
    const dialog = page.getByRole('dialog').filter({ has: card });
    const outside = await card.evaluate((c, dialogBox) => {
      const r = c.getBoundingClientRect();
      const inside = (e: Element, o: { left: number; right: number }) => {
        const b = e.getBoundingClientRect();
        return b.left >= o.left - 1 && b.right <= o.right + 1;
      };
      const parts = Array.from(c.querySelectorAll('code, button, dt, dd, strong, .muted'));
      const out = parts.filter((e) => !inside(e, r) || (e as HTMLElement).scrollWidth > (e as HTMLElement).clientWidth + 1).map((e) => e.textContent ?? '');
      if (!inside(c, dialogBox)) out.push('the card itself');
      return out;
    }, await dialog.evaluate((d) => { const b = d.getBoundingClientRect(); return { left: b.left, right: b.right }; }));
    expect(outside, 'parts of the wallet card outside it').toEqual([]);
    await expect(card.getByRole('button', { name: 'Copy address' })).toBeInViewport({ ratio: 1 });
  });

  test('the More panel shows no audit badge without a report, and the points pill never says "loading" to a visitor', async ({ page }) => {
    await page.goto('/');
    const pill = page.getByTestId('points-badge');
    await expect(pill).toHaveText('Sign in');
    await expect(pill).toHaveAttribute('aria-label', 'Connect a wallet to see your points');
    const pillBox = await pill.boundingBox();
    expect(pillBox?.height ?? 99, 'the pill is one line').toBeLessThanOrEqual(40);
    await page.getByRole('navigation', { name: 'Mobile tabs' }).getByRole('button', { name: 'More' }).click();
    const panel = page.getByRole('dialog', { name: 'More' });
    await expect(panel.getByRole('link', { name: 'L2 Tracker' })).toBeVisible();
    await expect(panel).not.toContainText(/audit/i);
    await expect(pill).toHaveText('Sign in');
  });

  test('the faucet says what its limit keys on, and a wait caused by another wallet on the connection is named as such', async ({ page, context }) => {
    const state = readDevnetState();
    // Our own "connection": perch trusts the local proxy's X-Forwarded-For, so these two wallets
    // share an address no other spec uses.
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `203.0.113.${1 + Math.floor(Math.random() * 250)}` });
    const first = await freshWallet(state);
    await connect(page, state, first);
    await page.goto('/Faucet/Ink');
    await expect(page.getByTestId('faucet-rules')).toContainText('IP address');
    await expect(page.getByTestId('faucet-rules')).toContainText('/64');
    const button = page.getByTestId('faucet-claim');
    await expect(button).toHaveText('Claim', { timeout: 20_000 });
    await button.click();
    const claimed = page.getByTestId('faucet-claims').locator('li').first();
    await expect(claimed).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(button).toHaveText('Already claimed');
    await expect(page.getByTestId('faucet-wait')).toHaveAttribute('data-cause', 'wallet');

    // A second wallet on the same connection: the IP is what waits, and the page says so.
    const second = await freshWallet(state);
    const other = await context.newPage();
    await connect(other, state, second);
    await other.goto('/Faucet/Ink');
    await expect(other.getByText('No claims yet.')).toBeVisible({ timeout: 20_000 });
    await expect(other.getByTestId('faucet-claim')).toHaveText('Claimed on this connection');
    await expect(other.getByTestId('faucet-claim')).toBeDisabled();
    await expect(other.getByTestId('faucet-wait')).toHaveAttribute('data-cause', 'connection');
    await expect(other.getByTestId('faucet-wait')).toContainText('Another wallet on this internet connection');
    await expect(other.getByText('Already claimed')).toHaveCount(0);
  });
});

test.describe('desktop', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: DESKTOP });

  test('a disabled button does not wear the call-to-action gradient ("Enter an amount")', async ({ page }) => {
    const state = readDevnetState();
    await connect(page, state, await freshWallet(state));
    const send = page.getByTestId('bridge-send');
    await expect(send).toBeDisabled({ timeout: 20_000 });
    const look = await send.evaluate((e) => ({ image: getComputedStyle(e).backgroundImage, cursor: getComputedStyle(e).cursor }));
    expect(look.image).toBe('none');
    expect(look.cursor).toBe('not-allowed');
  });

  test('rewards: progress bars at 0 are empty tracks, the "Hot" label keeps its size', async ({ page }) => {
    await page.goto('/rewards');
    const bar = page.locator('progress').first();
    await expect(bar).toBeVisible({ timeout: 20_000 });
    expect(await bar.evaluate((e) => (e as HTMLProgressElement).value)).toBe(0);
    // Drawn by the page's own style (track and value), not the platform's bar that reads as full.
    expect(await bar.evaluate((e) => getComputedStyle(e).appearance)).toBe('none');
    const hot = page.locator('.tag--hot').filter({ hasText: 'Hot' });
    await expect(hot.first()).toBeVisible();
    for (const box of await hot.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width))) expect(box).toBeLessThan(60);
  });

  test('the API reference follows the dark theme', async ({ page }) => {
    await page.goto('/docs/api');
    const ui = page.getByTestId('api-reference');
    await expect(ui.locator('.swagger-ui').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await ui.evaluate((e) => getComputedStyle(e).filter)).toContain('invert');
  });

  test('after a reload on /history a remembered wallet never looks logged out: no "Connect Wallet", no "Sign in" pill, no "Connect a wallet to see your history"', async ({ page }) => {
    const state = readDevnetState();
    const wallet = await freshWallet(state);
    await connect(page, state, wallet);
    await page.goto('/history');
    await expect(page.getByText('Connect a wallet to see your history.')).toHaveCount(0);
    // Everything the header and the page say from the reload until the wallet is back, seen in the page.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { __seen: Set<string> }).__seen = seen;
      const read = () => {
        seen.add(`header:${document.querySelector('header [data-testid="connect-wallet"]')?.textContent ?? ''}`);
        seen.add(`points:${document.querySelector('[data-testid="points-badge"]')?.textContent ?? ''}`);
        const main = document.querySelector('main')?.textContent ?? '';
        if (main.includes('Connect a wallet to see your history')) seen.add('history:connect prompt');
        if (main.includes('Reconnecting your wallet')) seen.add('history:reconnecting');
      };
      new MutationObserver(read).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.reload();
    await expect(page.locator('header').getByTestId('connect-wallet')).toHaveText(short(wallet.address), { timeout: 15_000 });
    await expect(page.getByTestId('history-deploys')).toContainText('No deployments yet.');
    const seen = await page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen]);
    // The neutral state was on screen (the reload did wait for the wallet), and nothing logged out was.
    expect(seen, seen.join(' | ')).toContain('header:Reconnecting…');
    expect(seen, seen.join(' | ')).not.toContain('header:Connect Wallet');
    expect(seen, seen.join(' | ')).not.toContain('points:Sign in');
    expect(seen, seen.join(' | ')).not.toContain('history:connect prompt');
  });

  test('the More menu reaches Tracker, Query, Faucet and the maker dashboard, and switches the language', async ({ page }) => {
    await page.goto('/');
    await page.locator('header').getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('group', { name: 'More' });
    for (const [name, path] of [
      ['L2 Tracker', '/tracker'],
      ['Order query', '/query'],
      ['Faucet', '/faucet'],
      ['Maker dashboard', '/maker'],
    ] as const) {
      await expect(menu.getByRole('link', { name })).toHaveAttribute('href', path);
    }
    await menu.getByRole('link', { name: 'Maker dashboard' }).click();
    await expect(page).toHaveURL(/\/maker$/);
    await page.locator('header').getByRole('button', { name: 'More' }).click();
    await page.getByRole('group', { name: 'More' }).getByRole('button', { name: '中文' }).click();
    await expect(page.locator('header').getByRole('link', { name: '跨链桥', exact: true })).toBeVisible();
    await expect(page.getByTestId('points-badge')).toHaveText('登录');
  });
});
