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

// Both themes render the same DOM; only colours differ. So each page is checked in full in the
// light theme, then reloaded in the dark theme (same browser context: the app's files come from
// its cache) and checked again for the rules that read colours.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Serious and critical axe violations: every WCAG 2 A/AA rule ('all') or the colour rules only. */
async function violations(page: Page, rules: 'all' | 'colour', include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const builder = rules === 'all' ? axe.withTags(TAGS) : axe.withRules(COLOUR_RULES);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary ?? ''}`));
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('perch-theme', JSON.stringify({ state: { theme: value }, version: 1 })), theme);
}

test.beforeEach(async ({ page }) => {
  // The first load is light; a later choice (useTheme) survives the reload.
  await page.addInitScript(() => {
    if (!localStorage.getItem('perch-theme')) localStorage.setItem('perch-theme', JSON.stringify({ state: { theme: 'light' }, version: 1 }));
  });
});

async function settled(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // Let lazy chunks and first queries settle so that axe sees the page a user sees.
  await page.waitForLoadState('networkidle');
}

for (const route of ROUTES) {
  test(`${route} has no serious or critical violation in either theme`, async ({ page }) => {
    await page.goto(route);
    await settled(page, 'light');
    expect(await violations(page, 'all'), `${route} in light`).toEqual([]);
    await useTheme(page, 'dark');
    await page.reload();
    await settled(page, 'dark');
    expect(await violations(page, 'colour'), `${route} in dark`).toEqual([]);
  });
}

test('the wallet modal and the network list have no serious or critical violation in either theme', async ({ page }) => {
  await page.goto('/');
  for (const theme of THEMES) {
    if (theme === 'dark') {
      await useTheme(page, theme);
      await page.reload();
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const rules = theme === 'light' ? 'all' : 'colour';
    await page.locator('header').getByTestId('connect-wallet').click();
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
    expect(await violations(page, rules, '.modal'), `wallet modal in ${theme}`).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('.swap-card').getByRole('button', { name: /^To:/ }).click();
    await expect(page.getByRole('dialog', { name: 'To Network Or Exchange' }).getByTestId('network-42161')).toBeVisible();
    expect(await violations(page, rules, '.modal'), `network list in ${theme}`).toEqual([]);
  }
});
