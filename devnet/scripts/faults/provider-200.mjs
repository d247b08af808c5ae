// provider-200: 200 deposits both ways between Base and Arbitrum (ETH and USDC), perch reading both
// chains only through a provider that does everything an ordinary load-balanced provider does
// (issue 28, section 6): the faults of lagging-provider (backends 0-3 blocks behind, a 5-block
// eth_getLogs cap, 429 with Retry-After, rate limits inside a 200, 502/503 with HTML, resets,
// truncated bodies, 30-120 ms latency, no WebSocket, gas estimates that revert on a backend behind)
// plus a 5-call batch cap and hung requests.
// Perch is killed -9 once while the first half is being paid and stays away while the second half
// is deposited. Every amount is valid: every deposit must be paid exactly once and none refunded,
// from chain balances (each recipient's balance rose by exactly its receive amount, nothing came
// back to a sender); the maker's nonce on each chain grows by exactly its payouts.
import { behindProxy, proxyStats } from "../lib/proxied.mjs";
import { checkMakerNonces, statesOf } from "../lib/verdicts.mjs";

const BASE = 8453;
const ARB = 42161;
const DEPOSITS = 200;
const ROUTES = [
  { src: BASE, dst: ARB, token: "ETH" }, { src: ARB, dst: BASE, token: "ETH" },
  { src: BASE, dst: ARB, token: "USDC" }, { src: ARB, dst: BASE, token: "USDC" },
];

// Seeded, so that a failure can be run again. From the 20th request on, each kind that has not come
// by chance is forced once (a hang among them), so the guard at the end cannot depend on luck.
const PROVIDER_FAULTS = [
  "--seed", "200", "--latency", "30-120", "--p429", "0.06", "--retry-after", "1", "--p-in-body", "0.02",
  "--log-range", "5", "--batch-max", "5", "--p5xx", "0.02", "--p-reset", "0.01", "--p-truncate", "0.01",
  "--p-hang", "0.002", "--hang-ms", "15000", "--backends", "3", "--lag", "0-3", "--each-fault-by", "20",
  "--p-estimate-revert", "0.05",
];
const KINDS = ["lagged_answers", "http_429", "in_body_rate_limits", "log_range_refusals", "batch_refusals", "html_5xx",
  "resets", "truncated", "hangs", "estimate_reverts"];

export async function run(t) {
  const { check, log, sleep, d } = t;
  const started = Date.now();
  const chains = { [BASE]: [t.port + 41, t.rpcOf(BASE)], [ARB]: [t.port + 42, t.rpcOf(ARB)] };
  await behindProxy(t, chains, "provider-200", PROVIDER_FAULTS, async (configFile) => {

    const noncesBefore = await t.makerNonces();
    await t.startPerch(configFile);
    const deposits = await t.prepareDeposits(DEPOSITS, ROUTES, { belowMin: false });
    const t0 = Date.now();
    await t.sendDeposits(deposits.slice(0, DEPOSITS / 2));
    // Killed while the first half is being paid (once perch has signed a payout of it); away
    // while the second half is deposited.
    const paying = () => t.sql("SELECT COUNT(*) AS n FROM bridge_orders WHERE state IN ('paying', 'completed')")[0].n;
    for (const until = Date.now() + 60000; Date.now() < until && paying() === 0;) await sleep(100);
    await sleep(200);
    await t.killPerch("SIGKILL");
    const atKill = Object.fromEntries(t.sql("SELECT state, COUNT(*) AS n FROM bridge_orders GROUP BY state").map((r) => [r.state, r.n]));
    log(`provider-200: kill -9 at +${Date.now() - t0} ms: orders ${JSON.stringify(atKill)}`);
    await t.sendDeposits(deposits.slice(DEPOSITS / 2));
    await sleep(5000);
    await t.startPerch(configFile);
    const orders = await d.waitFinal(t.perchUrl, deposits, 300000);
    const finalMs = Date.now() - t0;
    const states = statesOf(orders);
    log(`provider-200: all final ${finalMs} ms after the first deposit: ${JSON.stringify(states)}`);
    const begun = (atKill.paying ?? 0) + (atKill.completed ?? 0);
    check(begun > 0 && (atKill.completed ?? 0) < DEPOSITS / 2,
      `provider-200: perch was killed in the middle of paying the first half (${JSON.stringify(atKill)})`);
    check(states.completed === DEPOSITS,
      `provider-200: all ${DEPOSITS} valid deposits (ETH and USDC, Base <-> Arbitrum) completed through the provider, none refunded, failed or dropped (${JSON.stringify(states)})`);
    const perChain = await t.verifyOrders(deposits, orders, "provider-200");
    await checkMakerNonces(t, "provider-200", noncesBefore, perChain, "its payouts");
    const rows = t.sql("SELECT COUNT(*) AS n FROM bridge_orders")[0].n;
    check(rows === DEPOSITS, `provider-200: perch holds one order per deposit (${rows} for ${DEPOSITS})`);
    // The proxy really did what a provider does, on both chains together: otherwise this proves nothing.
    const stats = await Promise.all([BASE, ARB].map((id) => proxyStats(chains[id][0])));
    stats.forEach((s, i) => log(`provider-200: proxy in front of chain ${[BASE, ARB][i]}: ${JSON.stringify(s)}`));
    const seen = KINDS.filter((k) => stats.every((s) => (s[k] ?? 0) > 0) || (k === "batch_refusals" && stats.some((s) => s[k] > 0)));
    check(seen.length === KINDS.length,
      `provider-200: the proxy lagged, throttled, capped, broke and hung perch's reads (${seen.join(", ")} of ${KINDS.join(", ")})`);
    log(`provider-200: wall time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}
