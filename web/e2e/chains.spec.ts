import { expect, test } from './fixtures/test';
import type { Page } from '@playwright/test';
import { BRIDGE_USER, nativeBalance, rpc, rpcUrl, toRaw, tokenBalance } from './fixtures/devnet-rpc';
import { bridgeOnDevnet, chooseRoute, connectWallet, depositHashOf, quotedReceive, trackToCompleted } from './fixtures/bridge-ui';
import { readDevnetState } from './fixtures/injected-wallet';
import { getActivity, numberText } from './fixtures/tracker-api';
import { program, scoreOf } from './fixtures/journey';

// The networks the devnet added for issue 29 (config/devnet.json): an OP-stack chain (Optimism),
// chains run as plain L1s (Linea, Scroll) and zkSync Era, bridged (ETH, and USDC where the real
// network has it) through the UI with real transactions (account #3 signs; perch's maker pays
// out), and the tracker programmes of those chains answering from perch's own indexer. Needs
// perch with the maker and the indexer on (PERCH_URL) and the devnet (PERCH_DEVNET_STATE).

const OPTIMISM = 10;
const LINEA = 59144;
const SCROLL = 534352;
const ZKSYNC = 324;
/** The OP-stack GasPriceOracle predeploy: code there only on an `op` chain. */
const GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000F';

/** Bridges through the card and follows the tracker to 'Completed'; returns the quoted receive amount and the deposit hash. */
async function bridge(page: Page, from: number, to: number, amount: string, token = 'ETH'): Promise<{ receive: string; depositHash: string }> {
  await chooseRoute(page, { from, to, token }, '[0-9.,]+');
  await page.getByLabel('Amount').fill(amount);
  const send = page.getByTestId('bridge-send');
  await expect(send).toHaveText('Bridge', { timeout: 20_000 });
  const receive = await quotedReceive(page, token);
  await send.click();
  const depositHash = await depositHashOf(await trackToCompleted(page, receive, token));
  return { receive, depositHash };
}

test.describe('bridging on the networks the devnet added', () => {
  bridgeOnDevnet();

  test('ETH Optimism (op) → Linea (l1): the Linea balance rises by exactly the quoted receive amount', async ({ page }) => {
    const state = readDevnetState();
    // Optimism runs Hardhat's `op` chain type (OP-stack predeploys), Linea a plain L1.
    expect(await rpc<string>(rpcUrl(state, OPTIMISM), 'eth_getCode', [GAS_PRICE_ORACLE, 'latest'])).not.toBe('0x');
    expect(await rpc<string>(rpcUrl(state, LINEA), 'eth_getCode', [GAS_PRICE_ORACLE, 'latest'])).toBe('0x');
    await connectWallet(page, state, OPTIMISM);
    const dst = rpcUrl(state, LINEA);
    const before = await nativeBalance(dst, BRIDGE_USER);
    const { receive, depositHash } = await bridge(page, OPTIMISM, LINEA, '0.02');
    expect(await nativeBalance(dst, BRIDGE_USER) - before).toBe(toRaw(receive, 18));
    // The deposit was mined on the OP-stack chain: its receipt has the OP-stack L1 fee fields, and
    // the devnet's op chains charge an L1 fee (devnet/scripts/lib/op-fee.mjs sets its scalars).
    const receipt = await rpc<{ status: string; l1Fee?: string }>(rpcUrl(state, OPTIMISM), 'eth_getTransactionReceipt', [depositHash]);
    expect(receipt.status).toBe('0x1');
    expect(receipt).toHaveProperty('l1Fee');
    expect(BigInt(receipt.l1Fee ?? '0x0')).toBeGreaterThan(0n);
  });

  test('ETH Scroll → zkSync Era: the zkSync balance rises by exactly the quoted receive amount', async ({ page }) => {
    const state = readDevnetState();
    await connectWallet(page, state, SCROLL);
    const dst = rpcUrl(state, ZKSYNC);
    const before = await nativeBalance(dst, BRIDGE_USER);
    const { receive } = await bridge(page, SCROLL, ZKSYNC, '0.015');
    expect(await nativeBalance(dst, BRIDGE_USER) - before).toBe(toRaw(receive, 18));
  });

  test('USDC zkSync Era → Linea (approve, then deposit): the Linea USDC balance rises by exactly the quoted receive amount', async ({ page }) => {
    const state = readDevnetState();
    const usdc = state.contracts.USDC;
    if (!usdc) throw new Error('no USDC in the devnet state');
    await connectWallet(page, state, ZKSYNC);
    const dst = rpcUrl(state, LINEA);
    const before = await tokenBalance(dst, usdc, BRIDGE_USER);
    const { receive } = await bridge(page, ZKSYNC, LINEA, '12', 'USDC');
    expect(await tokenBalance(dst, usdc, BRIDGE_USER) - before).toBe(toRaw(receive, 6));
  });

  test('the Scroll Marks, Linea LXP and Zora programmes answer from this server\'s indexer', async ({ page }) => {
    const state = readDevnetState();
    const scrollHead = Number(BigInt(await rpc<string>(rpcUrl(state, SCROLL), 'eth_blockNumber', [])));
    // Scroll Marks: the score the programme's rules give for the deposit this spec sent on Scroll.
    let figures: Awaited<ReturnType<typeof getActivity>>['addresses'][number]['chains'][number] | undefined;
    await expect
      .poll(async () => {
        const activity = await getActivity(page, [BRIDGE_USER], [SCROLL]);
        figures = activity.addresses[0]?.chains[0];
        return (activity.chains[0]?.indexed_block ?? -1) >= scrollHead && (figures?.tx_count ?? 0) > 0;
      }, { timeout: 30_000, intervals: [250] })
      .toBe(true);
    if (!figures) throw new Error('no Scroll figures');
    const expected = scoreOf(program('scrollmarks'), figures);
    expect(expected).toBeGreaterThan(0);
    await page.goto(`/tracker/scrollmarks?address=${BRIDGE_USER}`);
    await expect(page.getByTestId('score-value')).toHaveText(numberText(expected), { timeout: 20_000 });
    await expect(page.getByText(/is not indexed by this server/)).toHaveCount(0);
    // Linea LXP and Zora: indexed too (a score, no refusal), whatever the address did there.
    for (const id of ['lxp', 'zora-airdrop']) {
      const res = await page.request.get(`/api/tracker_api/v1/score?program=${id}&address=${BRIDGE_USER}`);
      expect(res.status(), id).toBe(200);
      await page.goto(`/tracker/${id}?address=${BRIDGE_USER}`);
      await expect(page.getByTestId('score-value')).toHaveText(/^[0-9.,]+$/, { timeout: 20_000 });
      await expect(page.getByText(/is not indexed by this server/)).toHaveCount(0);
    }
  });
});
