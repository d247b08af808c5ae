import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { build } from 'vite';
import { chromiumArgs } from '../playwright.config';
import { expect, test } from './fixtures/test';
import { BRIDGE_USER, rpc, rpcUrl, toRaw, waitForReceipt } from './fixtures/devnet-rpc';
import { installInjectedWallet, readDevnetState, WALLET_NAME, walletChains } from './fixtures/injected-wallet';

// The embeddable widget on a partner's page (docs/examples/widget.html), served from another
// origin than perch (http://localhost:9321, answered by this test from the repository's files):
// the React component from widget/dist (`make widget`), and the iframe the loader script
// (perch-widget.js, from perch) inserts. One real bridge through the React widget on the devnet.
// Perch must allow the partner's origin (cors_origins: http://localhost:9321 in the e2e perch's
// config; PERCH_CORS_ORIGINS=http://localhost:9321 for a perch started otherwise): its API from
// the partner's page, and framing of /embed/bridge by it (a site perch does not list cannot).

// localhost: Chromium lets a page reach perch on 127.0.0.1 only from a secure context (private
// network access), which http://localhost is; a public partner site reaches a public perch.
// Nothing listens on this port: the test answers its requests.
const PARTNER = 'http://localhost:9321';
/** A site perch does not list in cors_origins. */
const STRANGER = 'http://localhost:9322';
const ROOT = resolve(import.meta.dirname, '../..');
const WIDGET_DIST = join(ROOT, 'widget/dist');
const PERCH = process.env.PERCH_URL ?? 'http://127.0.0.1:8080';
const FROM = 8453;
const TO = 42161;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/**
 * React for the page's import map: what a CDN (esm.sh) would serve, built here from web's own
 * React (one shared chunk, so react-dom and the widget use the same React). No network in tests.
 */
async function buildReactVendor(dir: string): Promise<void> {
  const require = createRequire(join(ROOT, 'web/package.json'));
  const entries: Record<string, string> = {};
  for (const [name, spec] of [
    ['react', 'react'],
    ['jsx-runtime', 'react/jsx-runtime'],
    ['react-dom', 'react-dom'],
    ['react-dom-client', 'react-dom/client'],
  ] as const) {
    const names = Object.keys(require(spec) as object).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
    const file = join(dir, `${name}.entry.js`);
    // By absolute path: the entries live in a temporary directory with no node_modules above it.
    writeFileSync(file, `import * as M from ${JSON.stringify(require.resolve(spec))};\nexport default M;\nexport const { ${names.join(', ')} } = M;\n`);
    entries[name] = file;
  }
  await build({
    configFile: false,
    logLevel: 'warn',
    root: join(ROOT, 'web'),
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    publicDir: false,
    build: { outDir: join(dir, 'out'), emptyOutDir: true, minify: false, lib: { entry: entries, formats: ['es'], fileName: (_f, name) => `${name}.js` } },
  });
}

const ESM_SH: Record<string, string> = {
  'https://esm.sh/react@19': 'react.js',
  'https://esm.sh/react@19/jsx-runtime': 'jsx-runtime.js',
  'https://esm.sh/react-dom@19': 'react-dom.js',
  'https://esm.sh/react-dom@19/client': 'react-dom-client.js',
};

/** The partner's site (the repository's files) and the CDN's React. */
async function servePartner(page: Page, vendorDir: string): Promise<void> {
  await page.route(`${PARTNER}/**`, (route: Route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(ROOT, decodeURIComponent(path));
    if (!file.startsWith(ROOT) || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, contentType: TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
  });
  // The entries' shared chunks by one absolute URL each: relative to react@19/ and react-dom@19/
  // they would be two URLs, so two module instances, so two Reacts.
  const VENDOR = 'https://esm.sh/__perch-vendor/';
  const script = (file: string) => ({
    status: 200,
    contentType: 'text/javascript',
    headers: { 'Access-Control-Allow-Origin': '*' },
    body: readFileSync(join(vendorDir, 'out', file), 'utf8').replace(/from "\.\//g, `from "${VENDOR}`),
  });
  await page.route('https://esm.sh/**', (route: Route) => {
    const url = route.request().url();
    const entry = ESM_SH[url];
    if (entry) return route.fulfill(script(entry));
    const chunk = url.startsWith(VENDOR) ? url.slice(VENDOR.length) : '';
    if (/^[\w.-]+\.js$/.test(chunk) && existsSync(join(vendorDir, 'out', chunk))) return route.fulfill(script(chunk));
    return route.fulfill({ status: 404, body: 'not found' });
  });
}

/** A page of `origin` (answered by the test) that frames perch's /embed/bridge and nothing else. */
async function serveFramingPage(page: Page, origin: string): Promise<void> {
  await page.route(`${origin}/**`, (route: Route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><title>frames perch</title><iframe id="card" src="${PERCH}/embed/bridge?theme=dark" width="480" height="680"></iframe>` }),
  );
}

/** The URL of the page's one child frame now (a refused frame ends on Chromium's error page). */
function childFrameUrl(page: Page): string {
  return page.frames().find((f) => f !== page.mainFrame())?.url() ?? '';
}

test.use({
  // The partner's page is answered by the test, so Chromium cannot know it is local and holds it
  // to the rule for public pages: no requests to loopback (local network access). A public
  // partner site reaches a public perch; here perch is on 127.0.0.1, so the check is off.
  launchOptions: {
    executablePath: process.env.PERCH_CHROMIUM ?? '/usr/bin/chromium',
    args: [...chromiumArgs, '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights,BlockInsecurePrivateNetworkRequests'],
  },
});

test.describe('the embeddable widget on a partner page', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.use({ viewport: { width: 1400, height: 1000 } });
  test.setTimeout(180_000);
  let vendorDir = '';

  test.beforeAll(async () => {
    if (!existsSync(join(WIDGET_DIST, 'perch-widget.js'))) throw new Error('widget/dist is missing: run `make widget` (or `cd web && npm run build:widget`) first');
    vendorDir = mkdtempSync(join(tmpdir(), 'perch-widget-react-'));
    await buildReactVendor(vendorDir);
  });
  test.afterAll(() => {
    if (vendorDir) rmSync(vendorDir, { recursive: true, force: true });
  });

  test('React and iframe embeds show the card; a real bridge through the React widget pays exactly the quote', async ({ page }) => {
    const state = readDevnetState();
    await installInjectedWallet(page, { chains: walletChains(state), account: BRIDGE_USER, chainId: FROM });
    await servePartner(page, vendorDir);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => {
      pageErrors.push(e.message);
      console.log(`[widget e2e] page error: ${e.message}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') console.log(`[widget e2e] console: ${m.text()}`);
    });
    const apiOrigins = new Set<string>();
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiOrigins.add(new URL(r.url()).origin);
    });

    const embedAnswer = page.waitForResponse((r) => r.url().startsWith(`${PERCH}/embed/bridge`));
    await page.goto(`${PARTNER}/docs/examples/widget.html?perch=${encodeURIComponent(PERCH)}&from=${FROM}&to=${TO}`);

    // The iframe: the loader put /embed/bridge of perch in #perch-iframe, the card alone, dark;
    // perch's own answer lets the partner frame it (no header rewritten on the way).
    const frameEl = page.locator('#perch-iframe iframe[data-perch-widget]');
    await expect(frameEl).toHaveAttribute('src', `${PERCH}/embed/bridge?theme=dark&from=${FROM}&to=${TO}`);
    const frame = page.frameLocator('#perch-iframe iframe[data-perch-widget]');
    await expect(frame.getByTestId('perch-widget')).toHaveAttribute('data-theme', 'dark');
    await expect(frame.getByRole('button', { name: 'From: Base' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'To: Arbitrum' })).toBeVisible();
    await expect(frame.getByTestId('bridge-send')).toBeVisible();
    await expect(frame.locator('header')).toHaveCount(0);
    const embedHeaders = (await embedAnswer).headers();
    expect(embedHeaders['x-frame-options']).toBeUndefined();
    expect(embedHeaders['content-security-policy']).toContain(`frame-ancestors ${PARTNER};`);

    // The React embed: the same card, light, its networks from the config.
    const widget = page.locator('#perch-react [data-testid="perch-widget"]');
    await expect(widget).toHaveAttribute('data-theme', 'light');
    await expect(widget.getByRole('button', { name: 'From: Base' })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'To: Arbitrum' })).toBeVisible();
    // The widget's stylesheet keeps to the widget: the partner's page gets none of its variables.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary'))).toBe('');
    expect(await widget.evaluate((el) => getComputedStyle(el).getPropertyValue('--primary'))).not.toBe('');
    // The network icons are perch's (/icons/...): loaded from perch, not from the partner's site.
    const icon = widget.getByRole('button', { name: 'From: Base' }).locator('img');
    await expect(icon).toHaveAttribute('src', `${PERCH}/icons/networks/base.svg`);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 15_000 }).toBeGreaterThan(0);

    // Connect the page's wallet through the widget's own wallet list.
    const send = widget.getByTestId('bridge-send');
    await expect(send).toHaveText('Connect Wallet');
    await send.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: `Connect ${WALLET_NAME}` }).click();
    await expect(widget.getByTestId('bridge-balance')).toHaveText(/^Balance: [0-9.]+ ETH$/, { timeout: 30_000 });

    await widget.getByLabel('Amount').fill('0.02');
    await expect(send).toHaveText('Bridge', { timeout: 30_000 });
    const receive = ((await widget.getByTestId('quote-receive').textContent()) ?? '').replace(' ETH', '').trim();
    expect(receive).toMatch(/^\d+(\.\d+)?$/);
    await send.click();

    const tracker = widget.getByTestId('bridge-tracker');
    await expect(tracker).toBeVisible({ timeout: 30_000 });
    await expect(tracker.getByTestId('step-completed')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await expect(tracker.getByTestId('tracker-result')).toHaveText(`${receive} ETH received.`);
    const payoutHash = (await tracker.getByTestId('step-completed').locator('[data-tx-hash]').getAttribute('data-tx-hash')) ?? '';
    expect(payoutHash).toMatch(/^0x[0-9a-f]{64}$/);

    // Exact: the recipient's balance across the payout's block rose by the quoted amount (read at
    // the block, so other tests' transactions with this account elsewhere cannot blur it).
    const dst = rpcUrl(state, TO);
    const receipt = await waitForReceipt(dst, payoutHash);
    expect(receipt.status).toBe('0x1');
    const block = BigInt(receipt.blockNumber);
    const balanceAt = async (n: bigint): Promise<bigint> => BigInt(await rpc<string>(dst, 'eth_getBalance', [BRIDGE_USER, `0x${n.toString(16)}`]));
    expect((await balanceAt(block)) - (await balanceAt(block - 1n))).toBe(toRaw(receive, 18));

    // The React widget talked to perch across origins (CORS), never to the partner's server.
    expect([...apiOrigins]).toEqual([PERCH]);
    expect(pageErrors).toEqual([]);
  });

  test('perch lets the partner frame /embed/bridge, and a site it does not list is refused', async ({ page }) => {
    // The same page from both origins: the listed partner's frame shows the card ...
    await serveFramingPage(page, PARTNER);
    await page.goto(`${PARTNER}/frames.html`);
    await expect(page.frameLocator('#card').getByTestId('bridge-send')).toBeVisible({ timeout: 30_000 });
    expect(childFrameUrl(page)).toBe(`${PERCH}/embed/bridge?theme=dark`);

    // ... the stranger's is blocked by the browser (frame-ancestors), so no card renders there.
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('frame-ancestors')) refusals.push(m.text());
    });
    await serveFramingPage(page, STRANGER);
    await page.goto(`${STRANGER}/frames.html`);
    await expect.poll(() => childFrameUrl(page), { timeout: 30_000 }).toBe('chrome-error://chromewebdata/');
    await expect(page.frameLocator('#card').getByTestId('perch-widget')).toHaveCount(0);
    expect(refusals.join('\n')).toContain(`frame-ancestors ${PARTNER}`);
  });
});
