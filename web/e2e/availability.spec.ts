import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { BRIDGE_USER } from './fixtures/devnet-rpc';
import { connectWallet, openPicker } from './fixtures/bridge-ui';
import { readDevnetState } from './fixtures/injected-wallet';

// The app offers only what this deployment can do: networks without a route are disabled with the
// reason in the pickers, the airdrop page's buttons lead only to routes that exist, the deploy page
// lists only the networks it can deploy to, and a bridge on a real route still goes through.
// "A network without a route" is read from the server's app-config at run time, not named here, so
// the spec holds whatever routes the deployment serves.

interface RouteRow {
  token: string;
  chains: number[];
  enabled: boolean;
  to_chains?: number[];
  to_token?: string;
}
interface AppConfigRow {
  routes: RouteRow[];
  cross_routes: RouteRow[];
  checkin: { chain_id: number };
  run_chain_ids?: number[];
}
interface ChainRow {
  chain_id: number;
  chain_name: string;
  is_testnet: boolean;
  disabled: boolean;
  flags: { evm: boolean; bitcoin: boolean; non_evm: boolean };
  rpc_urls?: string[];
}

async function data<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), path).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

const readConfig = (request: APIRequestContext) => data<AppConfigRow>(request, '/api/bridge_api/v1/app-config');
const readChains = async (request: APIRequestContext) => (await data<{ list: ChainRow[] }>(request, '/api/bridge_api/v1/get-all-chains')).list;

const liveRoutes = (c: AppConfigRow): RouteRow[] => [...c.routes, ...c.cross_routes].filter((r) => r.enabled);
const run = (c: AppConfigRow, id: number): boolean => !c.run_chain_ids || c.run_chain_ids.includes(id);
const leaves = (c: AppConfigRow, id: number): boolean => run(c, id) && liveRoutes(c).some((r) => r.chains.includes(id));
const reaches = (c: AppConfigRow, id: number): boolean => run(c, id) && liveRoutes(c).some((r) => (r.to_chains ?? r.chains).includes(id));
const listed = (c: ChainRow): boolean => !c.disabled && !c.is_testnet;
/** Why a network cannot be picked: a chain this server does not run says so first (app-config's run_chain_ids). */
const noRouteReason = (c: AppConfigRow, chain: ChainRow, side: 'from' | 'to'): string =>
  run(c, chain.chain_id) ? `This bridge has no route ${side} ${chain.chain_name}.` : `This deployment does not run ${chain.chain_name}.`;

/** An EVM network of the list that no route leaves or reaches here (Taiko when it is one). */
function unroutedNetwork(config: AppConfigRow, chains: ChainRow[]): ChainRow {
  const candidates = chains.filter((c) => listed(c) && c.flags.evm && !leaves(config, c.chain_id) && !reaches(config, c.chain_id));
  const pick = candidates.find((c) => c.chain_id === 167000) ?? candidates[0];
  if (!pick) throw new Error('every EVM network of the list has a route: nothing to check');
  return pick;
}

/** Whether /deploy lists a network: EVM, enabled, with an RPC, run by the server (or, when it does not say, named by a route or the check-in). */
const deployable = (config: AppConfigRow, c: ChainRow): boolean =>
  c.flags.evm &&
  !c.disabled &&
  (c.rpc_urls ?? []).length > 0 &&
  (config.run_chain_ids
    ? config.run_chain_ids.includes(c.chain_id)
    : liveRoutes(config).some((r) => r.chains.includes(c.chain_id) || (r.to_chains ?? []).includes(c.chain_id)) || config.checkin.chain_id === c.chain_id);

/** The admin API's quests (the activity popup's): created for one test, hidden after it. */
async function withQuests(request: APIRequestContext, quests: { order: number; maintitle: string; link: string }[], body: () => Promise<void>): Promise<void> {
  const headers = { 'X-Admin-Token': process.env.PERCH_ADMIN_TOKEN ?? '' };
  const ids: number[] = [];
  try {
    for (const q of quests) {
      const res = await request.post('/api/admin/api/quests', { headers, data: { ...q, status: 1, subtitle: 'availability e2e' } });
      expect(res.ok(), await res.text()).toBe(true);
      ids.push(((await res.json()) as { data: { id: number } }).data.id);
    }
    await body();
  } finally {
    for (const id of ids) await request.post(`/api/admin/api/quests/${id}/hide`, { headers });
  }
}

test.describe('the app offers only what this deployment can do', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('pickers: a network without a route is disabled with the reason; non-EVM sources say bridging from them is not offered', async ({ page }) => {
    const config = await readConfig(page.request);
    const chains = await readChains(page.request);
    const none = unroutedNetwork(config, chains);
    const source = chains.find((c) => listed(c) && c.flags.evm && leaves(config, c.chain_id));
    if (!source) throw new Error('no EVM network with a route');
    await page.goto('/');

    let dialog = await openPicker(page, 'From');
    const row = dialog.getByTestId(`network-${none.chain_id}`);
    await expect(row.getByRole('button')).toBeDisabled();
    await expect(dialog.getByTestId(`network-reason-${none.chain_id}`)).toHaveText(noRouteReason(config, none, 'from'));
    // Every non-EVM network no route leaves (Starknet, Fuel, Bitcoin, BenFen...) says so plainly.
    const nonEvm = chains.filter((c) => listed(c) && !c.flags.evm && !leaves(config, c.chain_id));
    expect(nonEvm.length).toBeGreaterThan(0);
    for (const c of nonEvm) {
      await expect(dialog.getByTestId(`network-${c.chain_id}`).getByRole('button')).toBeDisabled();
      await expect(dialog.getByTestId(`network-reason-${c.chain_id}`)).toHaveText(`Bridging from ${c.chain_name} is not offered here. Its wallet still connects.`);
    }
    // The offered networks come first: the first row is one with a route.
    const firstId = Number((await dialog.locator('li[data-testid^="network-"]').first().getAttribute('data-testid'))?.replace('network-', ''));
    expect(leaves(config, firstId)).toBe(true);
    await dialog.getByTestId(`network-${source.chain_id}`).getByRole('button').click();
    await expect(dialog).toBeHidden();

    dialog = await openPicker(page, 'To');
    await expect(dialog.getByTestId(`network-${none.chain_id}`).getByRole('button')).toBeDisabled();
    await expect(dialog.getByTestId(`network-reason-${none.chain_id}`)).toHaveText(noRouteReason(config, none, 'to'));
    await expect(dialog.getByTestId(`network-reason-${source.chain_id}`)).toHaveText(`${source.chain_name} is already the source.`);
    console.log(`[availability] no route: ${none.chain_name} (${none.chain_id}); non-EVM sources not offered: ${nonEvm.map((c) => c.chain_name).join(', ')}`);
  });

  test("airdrop page: each 'Bridge to X' either leads to a bridge that has the route, or is disabled with the reason", async ({ page }) => {
    const config = await readConfig(page.request);
    await page.goto('/layerzero-airdrop');
    const buttons = page.locator('[data-testid^="bridge-to-button-"]');
    await expect(buttons).toHaveCount(4);
    const ids = (await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))).map((t) => Number(t.replace('bridge-to-button-', '')));
    expect(ids).toContain(167000);
    for (const id of ids) {
      const button = page.getByTestId(`bridge-to-button-${id}`);
      if (reaches(config, id)) {
        await expect(button).toBeEnabled();
        await expect(page.getByTestId(`bridge-to-reason-${id}`)).toHaveCount(0);
      } else {
        await expect(button).toBeDisabled();
        await expect(page.getByTestId(`bridge-to-reason-${id}`)).toHaveText(/^This bridge has no route to .+\.$/);
        await expect(button).toHaveAccessibleDescription(/^This bridge has no route to /);
      }
    }
    // Taiko: wherever its button leads, the card never answers that the route cannot be bridged.
    const taiko = page.getByTestId('bridge-to-button-167000');
    if (reaches(config, 167000)) {
      await taiko.click();
      await expect(page).toHaveURL(/\/\?to=167000$/);
      await expect(page.locator('.swap-card').getByRole('button', { name: /^To:/ })).toHaveAttribute('data-chain-id', '167000');
      const dialog = await openPicker(page, 'From');
      await dialog.locator('li[data-testid^="network-"] button:enabled').first().click();
      await page.getByLabel('Amount').fill('0.01');
      await expect(page.getByTestId('bridge-send')).not.toHaveText(/cannot be bridged on this route/);
    } else {
      await expect(taiko).toBeDisabled();
      await taiko.click({ force: true });
      await expect(page).toHaveURL(/\/layerzero-airdrop$/);
    }
  });

  test('an old link ?to= (or ?from=) naming a network without a route does not preselect it: the card says why, the picker shows it disabled', async ({ page }) => {
    const config = await readConfig(page.request);
    const chains = await readChains(page.request);
    const none = unroutedNetwork(config, chains);
    const reachable = chains.find((c) => listed(c) && c.flags.evm && reaches(config, c.chain_id) && c.chain_id !== none.chain_id);
    if (!reachable) throw new Error('no EVM network a route reaches');
    const card = page.locator('.swap-card');

    await page.goto(`/?to=${none.chain_id}`);
    const notice = page.getByTestId('preset-refused-to');
    await expect(notice).toHaveText(`${noRouteReason(config, none, 'to')} The link's network was left unchosen: pick one that can be bridged.`);
    await expect(card.getByRole('button', { name: /^To:/ })).toHaveAccessibleName('To: Select Network');
    // Where the user goes next, the same network is disabled with the same reason.
    const dialog = await openPicker(page, 'To');
    await expect(dialog.getByTestId(`network-${none.chain_id}`).getByRole('button')).toBeDisabled();
    await expect(dialog.getByTestId(`network-reason-${none.chain_id}`)).toHaveText(noRouteReason(config, none, 'to'));
    await expect(notice).toHaveCount(0);

    // ?from= a network without a route, ?to= one with: From is left unchosen (said so), To is kept.
    await page.goto(`/?from=${none.chain_id}&to=${reachable.chain_id}`);
    await expect(page.getByTestId('preset-refused-from')).toHaveText(`${noRouteReason(config, none, 'from')} The link's network was left unchosen: pick one that can be bridged.`);
    await expect(card.getByRole('button', { name: /^From:/ })).toHaveAccessibleName('From: Select Network');
    await expect(card.getByRole('button', { name: /^To:/ })).toHaveAccessibleName(`To: ${reachable.chain_name}`);
    await expect(page.getByTestId('preset-refused-to')).toHaveCount(0);
    // Nowhere does the card answer that the route cannot be bridged.
    await expect(page.getByText(/cannot be bridged on this route/)).toHaveCount(0);
  });

  test('deploy page: only the networks this deployment can deploy to', async ({ page }) => {
    test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
    const state = readDevnetState();
    const config = await readConfig(page.request);
    const chains = await readChains(page.request);
    const expected = chains.filter((c) => deployable(config, c)).map((c) => c.chain_id).sort((a, b) => a - b);
    await page.goto('/deploy');
    const rows = page.locator('[data-testid^="deploy-network-"]');
    await expect(rows.first()).toBeVisible();
    const shown = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))).map((t) => Number(t.replace('deploy-network-', ''))).sort((a, b) => a - b);
    expect(shown).toEqual(expected);
    // Every chain the devnet runs can be deployed to; the list is a handful, not the 80 EVM networks of the catalog.
    for (const c of state.chains) if (chains.find((x) => x.chain_id === c.chain_id)?.flags.evm) expect(shown).toContain(c.chain_id);
    expect(shown).not.toContain(unroutedNetwork(config, chains).chain_id);
    expect(shown.length).toBeLessThan(chains.filter((c) => c.flags.evm).length);
    await expect(page.getByTestId('deploy-networks-note')).toHaveText('Only the networks this deployment runs are listed.');
    console.log(`[availability] deploy page: ${shown.length} networks (${shown.join(', ')}) of ${chains.filter((c) => c.flags.evm).length} EVM networks listed`);
  });

  test("activity popup: a quest that leads into the bridge links there only where a route reaches its network, else it says why", async ({ page }) => {
    test.skip(!process.env.PERCH_ADMIN_TOKEN, 'PERCH_ADMIN_TOKEN is not set (no admin API to add quests with)');
    const config = await readConfig(page.request);
    const chains = await readChains(page.request);
    const none = unroutedNetwork(config, chains);
    const reachable = chains.find((c) => listed(c) && c.flags.evm && reaches(config, c.chain_id) && c.chain_id !== none.chain_id);
    if (!reachable) throw new Error('no EVM network a route reaches');
    const title = (c: ChainRow) => `Bridge to ${c.chain_name} (e2e ${c.chain_id})`;
    // Ordered before the config's quests: the popup shows the first three running ones.
    const quests = [none, reachable].map((c, i) => ({ order: i - 1000, maintitle: title(c), link: `/?to=${c.chain_id}` }));
    await withQuests(page.request, quests, async () => {
      await page.goto('/');
      await page.getByTestId('points-badge').hover();
      const popup = page.getByTestId('activity-popup');
      await expect(popup).toBeVisible();
      const refused = popup.getByTestId('activity-quest-0');
      await expect(refused).toContainText(title(none));
      await expect(refused.getByTestId('quest-reason-0')).toHaveText(noRouteReason(config, none, 'to'));
      await expect(refused.getByRole('link')).toHaveCount(0);
      const link = popup.getByTestId('activity-quest-1').getByRole('link', { name: title(reachable) });
      await expect(link).toHaveAttribute('href', `/?to=${reachable.chain_id}`);
      await link.click();
      await expect(page.locator('.swap-card').getByRole('button', { name: /^To:/ })).toHaveAccessibleName(`To: ${reachable.chain_name}`);
      await expect(page.getByTestId('preset-refused-to')).toHaveCount(0);
    });
  });

  test("badge pages: each 'Deploy' task links to a deploy page that lists its network, or says why", async ({ page }) => {
    test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
    const config = await readConfig(page.request);
    const chains = await readChains(page.request);
    // Account #3 (read only here): it deploys nowhere in the e2e suite, so every deploy task is open.
    await connectWallet(page, readDevnetState(), 1);
    for (const [slug, path] of [['soneium-badge', '/soneium-badge'], ['bob-spice', '/drop/bob-spice'], ['scrollbadge', '/scrollbadge']] as const) {
      const badge = await data<{ tasks: { kind: string; chain_id: number; done: boolean }[] }>(page.request, `/api/badge_api/v1/badges/${slug}?address=${BRIDGE_USER}`);
      const task = badge.tasks.find((t) => t.kind === 'deploy');
      const chain = chains.find((c) => c.chain_id === task?.chain_id);
      if (!task || !chain) throw new Error(`${slug}: no deploy task on a listed network`);
      expect(task.done, slug).toBe(false);
      await page.goto(path);
      const row = page.getByTestId('badge-task-deploy');
      await expect(row).toBeVisible();
      if (deployable(config, chain)) {
        const link = row.getByRole('link', { name: 'Deploy' });
        await expect(link).toHaveAttribute('href', '/deploy');
        await expect(row.getByTestId(`deploy-to-reason-${chain.chain_id}`)).toHaveCount(0);
        await link.click();
        await expect(page.getByTestId(`deploy-network-${chain.chain_id}`)).toBeVisible();
      } else {
        const why = config.run_chain_ids ? `This deployment does not run ${chain.chain_name}.` : `Contracts cannot be deployed to ${chain.chain_name} here.`;
        await expect(row.getByTestId(`deploy-to-reason-${chain.chain_id}`)).toHaveText(why);
        await expect(row.getByRole('link', { name: 'Deploy' })).toHaveCount(0);
      }
      console.log(`[availability] ${slug}: deploy on ${chain.chain_name} ${deployable(config, chain) ? 'linked' : 'refused with the reason'}`);
    }
  });

  test("rewards page: a campaign's 'Deploy on X' tier links to /deploy only where the deploy page lists X", async ({ page }) => {
    const config = await readConfig(page.request);
    const chains = await readChains(page.request);
    interface CampaignRow { id: number; status: number; invisible: boolean; end_time: number; tasks: { conditions: { deploy_count?: number; chain?: number } }[] }
    const campaigns = (await data<{ list: CampaignRow[] }>(page.request, '/api/campaign_api/v1/campaigns')).list;
    const now = Date.now() / 1000;
    const tiers = campaigns
      .filter((c) => c.status === 1 && !c.invisible && (!c.end_time || c.end_time > now))
      .flatMap((c) => c.tasks.map((task, i) => ({ campaign: c.id, i, chainId: task.conditions.chain ?? 0, deploy: (task.conditions.deploy_count ?? 0) > 0 })))
      .filter((x) => x.deploy);
    expect(tiers.length).toBeGreaterThan(0);
    await page.goto('/rewards');
    for (const tier of tiers) {
      const chain = chains.find((c) => c.chain_id === tier.chainId);
      if (!chain) throw new Error(`campaign ${tier.campaign}: deploy tier on ${tier.chainId}, not a listed network`);
      const row = page.getByTestId(`campaign-${tier.campaign}-task-${tier.i}`);
      await expect(row).toContainText(`Deploy a contract on ${chain.chain_name}`);
      if (deployable(config, chain)) {
        await expect(row.getByRole('link', { name: `Deploy a contract on ${chain.chain_name}` })).toHaveAttribute('href', '/deploy');
      } else {
        await expect(row.getByTestId(`deploy-to-reason-${chain.chain_id}`)).toHaveText(/^(This deployment does not run|Contracts cannot be deployed to) /);
        await expect(row.getByRole('link')).toHaveCount(0);
      }
    }
  });

  test('a bridge on a real route still goes through', async ({ page }) => {
    test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
    test.setTimeout(150_000);
    const state = readDevnetState();
    const config = await readConfig(page.request);
    const [from, to] = [8453, 42161];
    expect(liveRoutes(config).some((r) => r.token === 'ETH' && !r.to_token && r.chains.includes(from) && r.chains.includes(to))).toBe(true);
    await connectWallet(page, state, from);
    let dialog = await openPicker(page, 'From');
    await dialog.getByTestId(`network-${from}`).getByRole('button').click();
    await expect(page.locator('header').getByTestId('connect-wallet')).toHaveAttribute('data-chain-id', String(from));
    dialog = await openPicker(page, 'To');
    await expect(dialog.getByTestId(`network-${to}`).getByRole('button')).toBeEnabled();
    await dialog.getByTestId(`network-${to}`).getByRole('button').click();
    await expect(page.getByTestId('bridge-token')).toHaveAccessibleName('Token to bridge: ETH');
    await page.getByLabel('Amount').fill('0.01');
    const send = page.getByTestId('bridge-send');
    await expect(send).toHaveText('Bridge', { timeout: 30_000 });
    await send.click();
    const tracker = page.getByTestId('bridge-tracker');
    await expect(tracker).toBeVisible({ timeout: 30_000 });
    await expect(tracker.getByTestId('step-completed')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    await expect(tracker.getByTestId('tracker-result')).toHaveText(/^[0-9.]+ ETH received\.$/);
  });
});
