import type { APIRequestContext } from '@playwright/test';
import { createWalletClient, http, type Chain } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { nativeBalance, rpc, rpcUrl, toRaw, waitForReceipt } from './fixtures/devnet-rpc';
import { readDevnetState, type DevnetState } from './fixtures/injected-wallet';
import { expect, test } from './fixtures/test';

// Issue 29's proof for the devnet smoke test: one ETH bridge from each network the devnet added and
// one to it, through perch's own API (quote, then build_tx) with the deposit signed locally by the
// sender's key (viem) and sent raw to the devnet node, paid out by perch's maker. Each sender and
// recipient is a fresh key, so these bridges (all in flight at once) and other specs never move a
// balance another one reads. Needs perch with the maker on (PERCH_URL) and the devnet (PERCH_DEVNET_STATE).

const BASE = 8453;
/** The nine networks the devnet gained for issue 29 (config/devnet.json). */
const NEW_CHAINS: { id: number; name: string }[] = [
  { id: 10, name: 'Optimism' },
  { id: 59144, name: 'Linea' },
  { id: 534352, name: 'Scroll' },
  { id: 324, name: 'zkSync Era' },
  { id: 167000, name: 'Taiko' },
  { id: 81457, name: 'Blast' },
  { id: 60808, name: 'BOB' },
  { id: 7777777, name: 'Zora' },
  { id: 57073, name: 'Ink' },
];
const AMOUNT = '0.003';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface QuoteData {
  from_chain_id: number;
  to_chain_id: number;
  send_amount: string;
  receive_amount: string;
  decimals: number;
}
interface BuildData {
  quote: QuoteData;
  approve: unknown;
  deposit: { chain_id: number; to: string; data: string; value: string };
}

async function api<T>(request: APIRequestContext, path: string, init?: { data: unknown }): Promise<Envelope<T>> {
  const res = init ? await request.post(path, { data: init.data }) : await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as Envelope<T>;
}

function devnetChain(state: DevnetState, id: number): Chain {
  const url = rpcUrl(state, id);
  return { id, name: `devnet ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } };
}

/** A new key with 1 ETH on `chainId` (set by the node; the key itself signs what it sends). */
async function fundedKey(state: DevnetState, chainId: number): Promise<`0x${string}`> {
  const key = generatePrivateKey();
  await rpc(rpcUrl(state, chainId), 'hardhat_setBalance', [privateKeyToAccount(key).address, `0x${(10n ** 18n).toString(16)}`]);
  return key;
}

/**
 * Quotes and builds ETH `from` → `to` through perch, signs and sends the deposit, follows the
 * order to `completed`, and checks the recipient got exactly the quoted receive amount.
 */
async function bridgeEth(request: APIRequestContext, state: DevnetState, from: number, to: number): Promise<void> {
  const key = await fundedKey(state, from);
  const sender = privateKeyToAccount(key);
  // A recipient nobody else pays: its balance moves only by this payout.
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const dst = rpcUrl(state, to);
  const before = await nativeBalance(dst, recipient);

  const quote = await api<QuoteData>(request, `/api/bridge_api/v1/quote?from_chain_id=${from}&to_chain_id=${to}&token=ETH&amount=${AMOUNT}`);
  expect(quote.code, `quote ${from}→${to}: ${quote.msg}`).toBe(0);
  const built = await api<BuildData>(request, '/api/bridge_api/v1/build_tx', {
    data: { from_chain_id: String(from), to_chain_id: String(to), token: 'ETH', amount: AMOUNT, sender: sender.address, recipient },
  });
  expect(built.code, `build_tx ${from}→${to}: ${built.msg}`).toBe(0);
  // build_tx quotes the same route the quote did: same amounts, to the unit.
  expect(built.data.quote.receive_amount).toBe(quote.data.receive_amount);
  expect(built.data.approve).toBeNull();
  expect(built.data.deposit.chain_id).toBe(from);
  expect(BigInt(built.data.deposit.value)).toBe(toRaw(AMOUNT, 18));

  const wallet = createWalletClient({ account: sender, chain: devnetChain(state, from), transport: http(rpcUrl(state, from)) });
  const hash = await wallet.sendTransaction({
    to: built.data.deposit.to as `0x${string}`,
    data: built.data.deposit.data as `0x${string}`,
    value: BigInt(built.data.deposit.value),
  });
  expect((await waitForReceipt(rpcUrl(state, from), hash)).status, `deposit ${from}→${to}`).toBe('0x1');

  let order: { state: string; receive_amount: string; dst_chain_id: number; recipient: string } | null = null;
  await expect
    .poll(
      async () => {
        order = (await api<typeof order>(request, `/api/bridge_api/v1/order?chain_id=${from}&tx_hash=${hash}`)).data;
        return order?.state;
      },
      { timeout: 45_000, intervals: [250], message: `order ${from}→${to} (${hash})` },
    )
    .toBe('completed');
  const done = order as unknown as { receive_amount: string; dst_chain_id: number; recipient: string };
  expect(done.dst_chain_id).toBe(to);
  expect(done.recipient.toLowerCase()).toBe(recipient.toLowerCase());
  const quoted = toRaw(quote.data.receive_amount, 18);
  expect(quoted).toBeGreaterThan(0n);
  expect(BigInt(done.receive_amount)).toBe(quoted);
  expect(await nativeBalance(dst, recipient) - before, `payout ${from}→${to}`).toBe(quoted);
}

test.describe('ETH from and to every network the devnet added, through perch\'s API', () => {
  test.skip(!process.env.PERCH_DEVNET_STATE, 'PERCH_DEVNET_STATE is not set (no devnet)');
  test.setTimeout(60_000);

  test('nine new networks, each → Base and Base → it, all in flight at once: every order completed, every payout the quoted receive amount to the unit', async ({ request }) => {
    const state = readDevnetState();
    const routes = NEW_CHAINS.flatMap((c) => [
      { name: `${c.name} (${c.id}) → Base`, from: c.id, to: BASE },
      { name: `Base → ${c.name} (${c.id})`, from: BASE, to: c.id },
    ]);
    const results = await Promise.allSettled(routes.map((r) => bridgeEth(request, state, r.from, r.to)));
    // Every failing route by name, not only the first one.
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`${routes[i]!.name}: ${String((r.reason as Error)?.message ?? r.reason)}`] : []));
    expect(failed).toEqual([]);
    expect(results).toHaveLength(18);
  });
});
