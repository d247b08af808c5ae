import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

// axe-core on every main route in both themes: no serious or critical WCAG 2 A/AA violation.
const ROUTES = [
  '/', '/swap', '/rewards', '/history', '/portfolio', '/tracker', '/ecosystem', '/deploy', '/faucet',
  '/query', '/maker', '/tracker/soneium-og', '/points', '/owlympics', '/soneium-badge', '/docs', '/docs/fees',
];
const THEMES = ['light', 'dark'] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function blockingViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary ?? ''}`));
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => {
        localStorage.setItem('perch-theme', JSON.stringify({ state: { theme: value }, version: 1 }));
      }, theme);
    });

    for (const route of ROUTES) {
      test(`${route} has no serious or critical violation`, async ({ page }) => {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // Let lazy chunks and first queries settle so that axe sees the page a user sees.
        await page.waitForLoadState('networkidle');
        expect(await blockingViolations(page), `${route} in ${theme}`).toEqual([]);
      });
    }

    test('the wallet modal and the network list have no serious or critical violation', async ({ page }) => {
      await page.goto('/');
      await page.locator('header').getByTestId('connect-wallet').click();
      await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
      expect(await blockingViolations(page, '.modal'), `wallet modal in ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('.swap-card').getByRole('button', { name: /^To:/ }).click();
      await expect(page.getByRole('dialog', { name: 'To Network Or Exchange' }).getByTestId('network-42161')).toBeVisible();
      expect(await blockingViolations(page, '.modal'), `network list in ${theme}`).toEqual([]);
    });
  });
}
