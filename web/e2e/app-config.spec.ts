import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures/test';

// One build serves any deployment: this same web/dist, served by a second perch on the same devnet
// whose config_dir has its own routes.json (USDT removed, ETH's first fee tier 25 bps, ETH's
// minimum 0.002), shows that deployment's routes; the suite's perch (the repository's config/)
// still shows the repository's. The second perch runs no maker: it only serves the app and quotes.

const ROOT = new URL('../..', import.meta.url).pathname;
const BIN = process.env.PERCH_BIN_OVERRIDE ?? process.env.PERCH_BIN ?? join(ROOT, 'build/server/perch');
const GEOIP = 'server/geoip/node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

interface RouteEntry {
  token: string;
  min: string;
  fee_tiers: { up_to: string; bps: number }[];
}

let dir = '';
let perch: ChildProcess | null = null;
let other = '';

function deploymentConfig(): string {
  const config = join(dir, 'config');
  cpSync(join(ROOT, 'config'), config, { recursive: true });
  const file = JSON.parse(readFileSync(join(config, 'routes.json'), 'utf8')) as { routes: RouteEntry[] };
  file.routes = file.routes.filter((r) => r.token !== 'USDT');
  const eth = file.routes.find((r) => r.token === 'ETH');
  if (!eth?.fee_tiers[0]) throw new Error('config/routes.json has no ETH route');
  eth.fee_tiers[0].bps = 25;
  eth.min = '0.002';
  writeFileSync(join(config, 'routes.json'), JSON.stringify(file, null, 2));
  return config;
}

/** Starts perch with the edited config_dir on a port it picks; resolves to its URL. */
function startPerch(configDir: string): Promise<string> {
  const configFile = join(dir, 'perch.json');
  const state = process.env.PERCH_DEVNET_STATE;
  if (!state) throw new Error('PERCH_DEVNET_STATE is not set (run through e2e-one.sh or make test)');
  writeFileSync(
    configFile,
    JSON.stringify({ host: '127.0.0.1', port: 0, database_url: `sqlite:${join(dir, 'perch.db')}`, chain_profile: state, config_dir: configDir, web_root: 'web/dist', geoip_db: GEOIP, access_log: false }),
  );
  perch = spawn(BIN, ['serve', '--config', configFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`perch did not start:\n${out}`)), 60_000);
    const read = (chunk: Buffer): void => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^:]+:\d+) \(/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    perch?.stdout?.on('data', read);
    perch?.stderr?.on('data', read);
    perch?.on('exit', (code) => reject(new Error(`perch exited (${code}):\n${out}`)));
  });
}

test.beforeAll(async () => {
  test.skip(!existsSync(BIN), `no perch binary at ${BIN}`);
  dir = mkdtempSync(join(tmpdir(), 'perch-app-config-'));
  other = await startPerch(deploymentConfig());
});

test.afterAll(() => {
  perch?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the docs' fee tables are the deployment's routes, not the build's", async ({ page }) => {
  await page.goto(`${other}/docs/fees`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fees', exact: true })).toBeVisible();
  const eth = page.getByTestId('fees-ETH');
  await expect(eth.getByRole('row').nth(1)).toContainText('0.25%');
  await expect(page.getByTestId('fees-USDC')).toBeVisible();
  await expect(page.getByTestId('fees-USDT')).toHaveCount(0);
  // The suite's perch, same build, the repository's config/: USDT is listed, ETH starts at 0.1%.
  await page.goto('/docs/fees');
  await expect(page.getByTestId('fees-USDT')).toBeVisible();
  await expect(page.getByTestId('fees-ETH').getByRole('row').nth(1)).toContainText('0.1%');
});

test("the bridge card names the deployment's limits", async ({ page }) => {
  await page.goto(`${other}/?from=8453&to=42161`);
  await expect(page.getByTestId('bridge-limits')).toHaveText('Min 0.002 · Max 5 ETH');
  await page.goto('/?from=8453&to=42161');
  await expect(page.getByTestId('bridge-limits')).toHaveText('Min 0.001 · Max 5 ETH');
});
