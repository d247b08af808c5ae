import { expect, test } from './fixtures/test';
import type { Page } from '@playwright/test';

// Runs against the real perch server (web/dist + /api) started by the lead's script;
// base URL from PERCH_URL (default http://127.0.0.1:8080).

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

async function heading(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}

test.describe('desktop shell', () => {
  test.use({ viewport: DESKTOP });

  test('header links navigate and each page shows its heading', async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto('/');
    await heading(page, 'Bridge');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Mobile tabs' })).toBeHidden();
    await expect(nav.getByRole('link', { name: /Rewards/ }).getByText('Hot')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Pool' })).toHaveCount(0);

    const targets: [RegExp | string, string, RegExp][] = [
      ['Swap', 'Swap', /\/swap$/],
      [/Rewards/, 'Rewards', /\/rewards$/],
      ['Deploy', 'Deploy', /\/deploy$/],
      ['Portfolio', 'Portfolio', /\/portfolio$/],
      ['Bridge', 'Bridge', /\/$/],
    ];
    for (const [link, title, url] of targets) {
      await nav.getByRole('link', { name: link, exact: typeof link === 'string' }).click();
      await expect(page).toHaveURL(url);
      await heading(page, title);
    }

    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await heading(page, 'History');
    await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('bridge card, points badge and the Connect Wallet modal', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('points-badge')).toHaveText('Sign in');
    await expect(page.getByText('From', { exact: true })).toBeVisible();
    await expect(page.getByText('To', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    const send = page.locator('.swap-card').getByRole('button', { name: 'Connect Wallet' });
    await expect(send).toBeVisible();
    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'EVM', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'API&SDK' })).toHaveAttribute('href', '/docs/api');
  });

  test('API calls carry the per-hour X-Perch-Auth header and /bridge redirects to /', async ({ page }) => {
    const apiRequest = page.waitForRequest((r) => r.url().includes('/api/'));
    await page.goto('/bridge');
    const req = await apiRequest;
    expect(req.headers()['x-perch-auth']).toMatch(/^[0-9a-f]{64}$/);
    await expect(page).toHaveURL(/\/$/);
    await heading(page, 'Bridge');
  });

  test('missing static files answer 404, not the app shell with 200; an unknown app route keeps its friendly page', async ({ page }) => {
    for (const path of ['/assets/nope.js', '/favicon.ico', '/.env']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).not.toContain('<div id="root">');
    }
    await page.goto('/no-such-page');
    await heading(page, 'Page not found');
  });

  test('the airdrop query validates its input', async ({ page }) => {
    await page.goto('/layerzero-airdrop');
    await page.getByRole('button', { name: 'Query' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter the address.');
    await page.getByLabel('Addresses').fill('0x1234');
    await page.getByRole('button', { name: 'Query' }).click();
    await expect(page.getByRole('alert')).toHaveText('address error.');
  });

  test('the theme toggle is kept after a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('switch', { name: 'Toggle light mode' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await heading(page, 'Bridge');
  });
});

test.describe('mobile shell (390 px)', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true });

  test('the bottom tab bar navigates and the More panel opens', async ({ page }) => {
    await page.goto('/');
    await heading(page, 'Bridge');
    const tabs = page.getByRole('navigation', { name: 'Mobile tabs' });
    await expect(tabs).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    for (const [name, url] of [
      ['Swap', /\/swap$/],
      ['Rewards', /\/rewards$/],
      ['Deploy', /\/deploy$/],
      ['Bridge', /\/$/],
    ] as const) {
      await tabs.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await heading(page, name);
    }

    await tabs.getByRole('button', { name: 'More' }).click();
    const panel = page.getByRole('dialog', { name: 'More' });
    await expect(panel).toBeVisible();
    for (const name of ['My Points', 'History', 'L2 Tracker', 'Ecosystem', 'Terms of use']) {
      await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await panel.getByRole('link', { name: 'L2 Tracker' }).click();
    await expect(page).toHaveURL(/\/tracker$/);
    await heading(page, 'L2 Tracker');
    await expect(panel).toBeHidden();
  });

  test('the theme chosen in the More panel survives a reload', async ({ page }) => {
    await page.goto('/swap');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('navigation', { name: 'Mobile tabs' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'More' }).getByRole('switch', { name: 'Toggle light mode' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await heading(page, 'Swap');
    const stored = await page.evaluate(() => localStorage.getItem('perch-theme'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ state: { theme: 'light' }, version: 1 });
  });
});

test('visitors from a blocked country land on /access-restricted', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '77.88.8.8' } });
  try {
    const page = await context.newPage();
    await page.goto('/swap');
    await expect(page).toHaveURL(/\/access-restricted$/);
    await heading(page, 'Access restricted');
  } finally {
    await context.close();
  }
});

test('visitors from an allowed country are not redirected', async ({ page }) => {
  const ipInfo = page.waitForResponse((r) => r.url().includes('/api/nocore_api/v1/ip-info'));
  await page.goto('/swap');
  const res = await ipInfo;
  const body = (await res.json()) as { code: number; data: { country_code: string } };
  expect(body.code).toBe(0);
  expect(['CU', 'IR', 'KP', 'SY', 'RU', 'CN']).not.toContain(body.data.country_code);
  await heading(page, 'Swap');
  await expect(page).toHaveURL(/\/swap$/);
});

test('the app is served under its Content-Security-Policy and cannot be framed', async ({ page, request }) => {
  const res = await request.get('/');
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-frame-options']).toBe('DENY');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  // A page of another origin that frames the bridge gets an empty frame, never the app.
  await page.goto('/');
  await page.setContent(`<iframe id="f" src="${new URL('/', page.url()).href}"></iframe>`);
  const frame = page.frameLocator('#f');
  await expect(frame.getByRole('heading', { name: 'Bridge' })).toHaveCount(0);
});
