import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

// The docs under /docs against the real perch: fee tiers from config/routes.json, networks from the
// catalog API, the API reference from /api/openapi.json, and the footer links that lead there.

interface RoutesConfig {
  routes: { token: string; enabled: boolean; fee_tiers: { up_to: string; bps: number }[]; dtc: Record<string, string> }[];
}
const routes = (JSON.parse(readFileSync(new URL('../../config/routes.json', import.meta.url), 'utf8')) as RoutesConfig).routes;

const PAGES: [string, string][] = [
  ['/docs', 'Overview'],
  ['/docs/bridge', 'How to bridge'],
  ['/docs/exchange', 'Bridge to an exchange'],
  ['/docs/swap', 'Swap'],
  ['/docs/fees', 'Fees'],
  ['/docs/times', 'Expected times'],
  ['/docs/refunds', 'Refunds and stuck transfers'],
  ['/docs/networks', 'Networks and tokens'],
  ['/docs/points', 'Points rules'],
  ['/docs/faq', 'FAQ'],
  ['/docs/brand-kit', 'Brand kit'],
  ['/docs/audit', 'Audit'],
];

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
}

test('every docs page opens with its title, prose and the docs navigation', async ({ page }) => {
  // Thirteen page loads in one test: the default 30 s ran out at load 10 in a clean-clone run.
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const [path, title] of PAGES) {
    await open(page, path, title);
    await expect(page.locator('.docs__body').locator('p, li').first()).not.toBeEmpty();
    await expect(page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: title, exact: true })).toHaveClass(/active/);
  }
  // Swap is live: the page describes the route over Uniswap V2/V3 pools, slippage and approve-then-swap.
  await open(page, '/docs/swap', 'Swap');
  await expect(page.getByText('Swap is not live yet.')).toHaveCount(0);
  const body = page.locator('.docs__body');
  await expect(body.getByRole('heading', { name: 'Route' })).toBeVisible();
  await expect(body.getByRole('heading', { name: 'Slippage' })).toBeVisible();
  await expect(body).toContainText('Uniswap V3');
  await expect(body).toContainText('(5 % unless you change it)');
  await expect(body.getByRole('listitem').filter({ hasText: 'Approve' })).toContainText('then it asks you to sign the swap');
  expect(errors).toEqual([]);
});

test('fees show every tier and DTC of config/routes.json', async ({ page, request }) => {
  const chains = (await (await request.get('/api/bridge_api/v1/get-all-chains')).json()) as { data: { list: { chain_id: number; chain_name: string }[] } };
  const ethereum = chains.data.list.find((c) => c.chain_id === 1)?.chain_name ?? 'missing';
  await open(page, '/docs/fees', 'Fees');
  for (const route of routes.filter((r) => r.enabled)) {
    const section = page.getByTestId(`fees-${route.token}`);
    // The shared percent form: at most two decimals, no trailing zeros, no space (10 bps is 0.1%).
    for (const tier of route.fee_tiers) {
      await expect(section.getByRole('cell', { name: `${Number((tier.bps / 100).toFixed(2))}%`, exact: true }).first()).toBeVisible();
      if (tier.up_to) await expect(section.getByRole('cell', { name: `up to ${tier.up_to} ${route.token}`, exact: true })).toBeVisible();
    }
    for (const value of Object.values(route.dtc)) {
      await expect(section.getByRole('cell', { name: `${value} ${route.token}`, exact: true }).first()).toBeVisible();
    }
  }
  // Destination names come from the catalog once it loads.
  await expect(page.getByTestId('fees-ETH').getByRole('cell', { name: ethereum, exact: true })).toBeVisible();
});

test('networks table lists the catalog', async ({ page, request }) => {
  const body = (await (await request.get('/api/bridge_api/v1/get-all-chains')).json()) as {
    data: { list: { chain_id: number; chain_name: string; disabled: boolean }[] };
  };
  const chains = body.data.list.filter((c) => !c.disabled && ![61022, 8086].includes(c.chain_id));
  expect(chains.length).toBeGreaterThan(0);
  await open(page, '/docs/networks', 'Networks and tokens');
  const table = page.getByTestId('networks-table');
  await expect(table.getByRole('row')).toHaveCount(chains.length + 1);
  const base = table.getByRole('row').filter({ has: page.getByRole('cell', { name: '8453', exact: true }) });
  await expect(base).toContainText(chains.find((c) => c.chain_id === 8453)?.chain_name ?? 'missing');
  await expect(base).toContainText('USDC');
});

test('audit shows the fault figures of docs/benchmarks.md; brand kit offers the logo and colours', async ({ page, request }) => {
  await open(page, '/docs/audit', 'Audit');
  await expect(page.getByTestId('audit-figures').getByRole('heading', { name: 'Bridge fault tests' })).toBeVisible();
  await expect(page.getByTestId('audit-figures')).toContainText('passed, 0 failed');

  await open(page, '/docs/brand-kit', 'Brand kit');
  const logo = page.getByRole('link', { name: 'Download perch.svg' });
  await expect(logo).toHaveAttribute('download', '');
  const svg = await request.get((await logo.getAttribute('href')) ?? '');
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  await expect(page.getByTestId('brand-colours')).toContainText('#7c5cff');
});

test('API reference renders every route of /api/openapi.json', async ({ page, request }) => {
  const doc = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, object> };
  const paths = Object.keys(doc.paths);
  expect(paths).toContain('/api/bridge_api/v1/quote');
  await open(page, '/docs/api', 'API & SDK');
  const ui = page.getByTestId('api-reference');
  await expect(ui.locator('.opblock').first()).toBeVisible({ timeout: 20_000 });
  const count = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  await expect(ui.locator('.opblock')).toHaveCount(count);
  // An operation opens with its parameters and its error codes.
  const quote = ui.locator('.opblock').filter({ hasText: '/api/bridge_api/v1/quote' });
  await quote.locator('.opblock-summary').click();
  await expect(quote.getByText('from_chain_id').first()).toBeVisible();
  await expect(quote.locator('.response').filter({ hasText: /^\s*400/ }).first()).toBeVisible();
});

test('the footer links lead to the docs pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  for (const [name, path, title] of [
    ['Docs', '/docs', 'Overview'],
    ['API&SDK', '/docs/api', 'API & SDK'],
    ['Brand kit', '/docs/brand-kit', 'Brand kit'],
    ['Audit', '/docs/audit', 'Audit'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    await open(page, path, title);
  }
});

test('docs and the API reference work under the Content-Security-Policy perch sends', async ({ page }) => {
  // fixtures/test fails the test on any violation; here the policy must also be really there.
  const doc = await page.goto('/docs/api');
  expect(doc?.headers()['content-security-policy'] ?? '').toContain("script-src 'self';");
  await expect(page.getByRole('heading', { level: 1, name: 'API & SDK' })).toBeVisible();
  await expect(page.getByTestId('api-reference').locator('.opblock').first()).toBeVisible({ timeout: 20_000 });
  await page.goto('/docs/fees');
  await expect(page.getByTestId('fees-ETH')).toBeVisible();
});
