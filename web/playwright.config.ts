import { defineConfig, devices } from '@playwright/test';

// The lead's script starts the real perch server (web/dist + /api) and the devnet, then runs
// `npm run e2e`. No browser download: Debian's chromium drives the tests.
const baseURL = process.env.PERCH_URL ?? 'http://127.0.0.1:8080';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Sized for a loaded 2-core machine (make test beside make run, or a build): a passing test
  // never waits for these, a failing one says what it waited for.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    // A trace costs about a quarter of a test's time (DOM snapshots at every step): on only when
    // asked (PERCH_E2E_TRACE=1 make test-e2e); a failure always leaves its screenshot.
    trace: process.env.PERCH_E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        browserName: 'chromium',
        headless: true,
        launchOptions: {
          executablePath: process.env.PERCH_CHROMIUM ?? '/usr/bin/chromium',
          args: chromiumArgs,
        },
      },
    },
  ],
});
