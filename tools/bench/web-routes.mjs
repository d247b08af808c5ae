// The front end's weight and speed per main route, measured in headless Chromium against a running
// perch: the gzip bytes (level 9, like scripts/web-size.sh) of the JavaScript and CSS a cold load of
// the route requests before its first render (its <h1> is in the page) and by the time the network
// is idle (chunks loaded after the render: the wallet runtime, Swagger UI), and its Largest
// Contentful Paint (median of 5 cold loads). Budgets: / at most 200 KB of JavaScript by network
// idle (a visitor without a wallet: no wallet runtime), every route at most 300 KB before its first
// render; LCP under 1 s.
// Usage: node web-routes.mjs http://127.0.0.1:8080 [route ...]
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const ROUTES = process.argv.length > 3 ? process.argv.slice(3) : [
  '/', '/swap', '/rewards', '/history', '/portfolio', '/tracker', '/ecosystem', '/deploy', '/faucet',
  '/query', '/points', '/owlympics', '/docs', '/docs/api',
];
const RUNS = 5;
const KB = 1024;
const budgetOf = (route) => (route === '/' ? 200 * KB : 300 * KB);
/** / is held to its budget by network idle too: nothing may be fetched behind the visitor's back. */
const idleBudgetOf = (route) => (route === '/' ? 200 * KB : Infinity);

const browser = await chromium.launch({
  executablePath: process.env.PERCH_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

/** One cold load: a fresh context (empty cache), every same-origin script and stylesheet counted. */
async function load(route) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const bodies = new Map();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    // A body still arriving when the context closes is not counted (and must not crash the run).
    if ((type === 'script' || type === 'stylesheet') && res.url().startsWith(base)) bodies.set(res.url(), res.body().then((b) => ({ type, b }), () => null));
  });
  await page.addInitScript(() => {
    window.__lcp = 0;
    window.__rendered = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The first render: the moment the route's <h1> enters the document (seen in the page, not
    // by polling from here, so that a chunk requested just after it is not counted as first).
    new MutationObserver((_, observer) => {
      if (!document.querySelector('h1')) return;
      window.__rendered = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(base + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const firstUrls = new Set(await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => e.startTime <= window.__rendered).map((e) => e.name)));
  const lcp = await page.evaluate(() => window.__lcp);
  const sizes = { js: 0, css: 0, allJs: 0, allCss: 0 };
  for (const [url, body] of bodies) {
    const got = await body;
    if (!got) continue;
    const { type, b } = got;
    const first = firstUrls.has(url);
    const n = gzipSync(b, { level: 9 }).length;
    if (first) sizes[type === 'script' ? 'js' : 'css'] += n;
    sizes[type === 'script' ? 'allJs' : 'allCss'] += n;
  }
  await context.close();
  return { ...sizes, lcp };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let over = 0;
console.log('gzip KB of JS and CSS before the first render | by network idle; LCP p50 of 5 cold loads');
console.log('route                   JS     CSS |     JS    CSS |    LCP');
for (const route of ROUTES) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await load(route));
  const { js, css, allJs, allCss } = runs[0];
  const lcp = median(runs.map((r) => r.lcp));
  const flags = [
    js > budgetOf(route) ? `OVER ${budgetOf(route) / KB} KB` : '',
    allJs > idleBudgetOf(route) ? `OVER ${idleBudgetOf(route) / KB} KB by idle` : '',
    lcp >= 1000 ? 'LCP >= 1 s' : '',
  ].filter(Boolean).join(', ');
  if (flags) over += 1;
  const kb = (n) => (n / KB).toFixed(1).padStart(6);
  console.log(`${route.padEnd(20)} ${kb(js)} ${kb(css)} | ${kb(allJs)} ${kb(allCss)} | ${lcp.toFixed(0).padStart(4)} ms ${flags}`);
}
await browser.close();
process.exit(over ? 1 : 0);
