// Lighthouse (npm `lighthouse`, Debian's Chromium) on the main routes of a running perch: the
// performance, accessibility, best-practices and SEO scores, desktop preset (and mobile with
// LIGHTHOUSE_MOBILE=1). Usage: node lighthouse.mjs http://127.0.0.1:8080 [route ...]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const routes = process.argv.length > 3 ? process.argv.slice(3) : ['/', '/rewards', '/swap'];
const mobile = process.env.LIGHTHOUSE_MOBILE === '1';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.PERCH_CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
let low = 0;
console.log(`lighthouse ${mobile ? 'mobile (default throttling)' : 'desktop preset'}: ${CATEGORIES.join(' / ')}`);
try {
  for (const route of routes) {
    const result = await lighthouse(base + route, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      mobile ? undefined : desktopConfig);
    const { categories, audits } = result.lhr;
    const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
    low += scores.filter((s) => s < 95).length;
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    console.log(`${route.padEnd(12)} ${scores.join(' / ')}  LCP ${audits['largest-contentful-paint'].displayValue}${failing.length ? `  failing: ${failing.join(', ')}` : ''}`);
  }
} finally {
  await chrome.kill();
}
process.exit(low ? 1 : 0);
