import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

// On a 390×844 phone, in both languages: the portfolio chart's dollar axis reads in the compact
// form ($1.2M) and every label stays inside the chart; its tooltip shows the full figure with
// thousands separators; the check-in calendar's month title sits on one line between its arrows.
// The chart's days are daily snapshots written into the e2e perch's SQLite file (what its
// snapshot job would have taken on those days) and served by the real portfolio API.

const PHONE = { width: 390, height: 844 };
const LANGUAGES = [
  { lang: 'en', addressLabel: 'Address to view', checkIn: 'Check-in', checkInTitle: 'Daily Check-in', chartTitle: 'Value over time' },
  { lang: 'zh', addressLabel: '要查看的地址', checkIn: '签到', checkInTitle: '每日签到', chartTitle: '价值走势' },
] as const;
/** Totals large enough that a plain dollar figure would not fit the axis: $1,234,567.89 … */
const DAY_CENTS = [123_456_789, 187_654_321, 245_678_912, 312_345_678, 298_765_432];

function seedSnapshots(db: string, address: string): string[] {
  const days = DAY_CENTS.map((_, i) => new Date(Date.now() - (DAY_CENTS.length - i) * 86_400_000).toISOString().slice(0, 10));
  const rows = days.map((day, i) => `INSERT INTO portfolio_snapshots (address, day, total_usd_cents, taken_at) VALUES ('${address}', '${day}', ${DAY_CENTS[i]}, ${Math.floor(Date.now() / 1000)});`);
  execFileSync('sqlite3', ['-cmd', '.timeout 5000', db, `BEGIN; ${rows.join(' ')} COMMIT;`]);
  return days;
}

async function useLanguage(page: Page, lang: string): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('perch-language', JSON.stringify({ state: { language: l }, version: 1 })), lang);
}

/** The element's box lies within the other's (1 px of rounding allowed). */
async function expectInside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  expect(a, what).not.toBeNull();
  expect(b, what).not.toBeNull();
  if (!a || !b) return;
  expect(a.x, `${what}: left edge`).toBeGreaterThanOrEqual(b.x - 1);
  expect(a.x + a.width, `${what}: right edge`).toBeLessThanOrEqual(b.x + b.width + 1);
}

/** Nothing on the page is wider than the phone. */
async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe('charts and calendar fit a 390×844 phone', () => {
  test.use({ viewport: PHONE });

  for (const l of LANGUAGES) {
    test(`${l.lang}: the portfolio chart's compact dollar axis stays inside the chart, its tooltip has separators`, async ({ page }) => {
      test.skip(!process.env.PERCH_E2E_DB, 'PERCH_E2E_DB is not set (no e2e perch)');
      const address = `0x${randomBytes(20).toString('hex')}`;
      seedSnapshots(process.env.PERCH_E2E_DB ?? '', address);
      await useLanguage(page, l.lang);
      await page.goto('/portfolio');
      await page.getByLabel(l.addressLabel).fill(address);

      const chart = page.getByTestId('portfolio-history');
      // The dollar axis's labels (recharts draws every axis label in one layer: the dates are the other axis).
      const ticks = chart.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: '$' });
      await expect(ticks.first()).toBeVisible({ timeout: 20_000 });
      const labels = (await ticks.allTextContents()).map((s) => s.trim());
      expect(labels.length).toBeGreaterThanOrEqual(3);
      // Compact: a short number with its unit (K, M, B; 万/亿 in Chinese), never the full figure.
      for (const label of labels) expect(label).toMatch(/^(US)?\$\d{1,3}(\.\d)?([KMB万亿])?$/);
      expect(labels.some((s) => /[M万亿]$/.test(s))).toBe(true);
      const n = await ticks.count();
      for (let i = 0; i < n; i++) await expectInside(ticks.nth(i), chart, `axis label ${labels[i]}`);
      await expectNoSideScroll(page);

      // The tooltip of a day in the middle: its full total with thousands separators and cents.
      const surface = chart.locator('.recharts-surface');
      await surface.scrollIntoViewIfNeeded();
      const box = await surface.boundingBox();
      expect(box).not.toBeNull();
      if (box) await surface.hover({ position: { x: box.width / 2, y: box.height / 2 } });
      const tooltip = chart.locator('.recharts-tooltip-wrapper');
      const full = DAY_CENTS.map((c) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(c / 100));
      await expect(tooltip).toContainText(/\$\d{1,3}(,\d{3})+\.\d{2}/);
      const shown = /\$\d{1,3}(,\d{3})+\.\d{2}/.exec((await tooltip.textContent()) ?? '')?.[0];
      expect(full).toContain(shown);
      await expectInside(tooltip.locator('.recharts-default-tooltip'), page.locator('body'), 'tooltip');
    });

    test(`${l.lang}: the check-in calendar's month title fits on one line between its arrows`, async ({ page }) => {
      await useLanguage(page, l.lang);
      await page.goto('/');
      await page.locator('header').getByRole('button', { name: l.checkIn, exact: true }).click();
      const modal = page.getByRole('dialog', { name: l.checkInTitle });
      const title = modal.getByTestId('calendar-month');
      await expect(title).toHaveText(l.lang === 'en' ? /^[A-Z][a-z]+ \d{4}$/ : /^\d{4}年\d{1,2}月$/);
      // Walk back through the months (the longest English one, September, among them): each fits.
      for (let step = 0; step < 12; step++) {
        const fit = await title.evaluate((el) => {
          const style = getComputedStyle(el);
          const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
          const r = el.getBoundingClientRect();
          const head = el.parentElement;
          return { oneLine: r.height <= line * 1.5, clipped: !head || head.scrollWidth > head.clientWidth + 1, text: el.textContent };
        });
        expect(fit.oneLine, `"${fit.text}" on one line`).toBe(true);
        expect(fit.clipped, `"${fit.text}" not clipped`).toBe(false);
        const [prev, next] = [modal.locator('.calendar__head button').first(), modal.locator('.calendar__head button').last()];
        const [t, p, x] = [await title.boundingBox(), await prev.boundingBox(), await next.boundingBox()];
        expect(t && p && x).toBeTruthy();
        if (t && p && x) {
          expect(p.x + p.width, `"${fit.text}" clear of the previous-month arrow`).toBeLessThanOrEqual(t.x + 1);
          expect(t.x + t.width, `"${fit.text}" clear of the next-month arrow`).toBeLessThanOrEqual(x.x + 1);
        }
        await expectInside(title, modal, `"${fit.text}" inside the dialog`);
        if (await prev.isDisabled()) break;
        await prev.click();
      }
      await expectNoSideScroll(page);
    });
  }
});
