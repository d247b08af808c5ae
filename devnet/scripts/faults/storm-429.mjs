// storm-429: the provider throttles the account for 60 s (every request to Base and Arbitrum answered
// HTTP 429 with Retry-After, the proxy's storm_ms) while deposits are being paid and more arrive
// (issue 28, sections 3 and 6). Afterwards every deposit is paid exactly once, none refunded or
// failed (a 429 is a wait, never a refusal), and during the storm perch stays paced: a client that
// keeps hammering a provider that answers 429 gets its key banned. Perch's rate through the storm
// is compared with its own rate while paying deposits before it, both counted by the proxy.
import { behindProxy, proxyStats } from "../lib/proxied.mjs";
import { checkMakerNonces, statesOf } from "../lib/verdicts.mjs";

const BASE = 8453;
const ARB = 42161;
const CHAINS = [BASE, ARB];
const STORM_MS = 60000;
const RETRY_AFTER_S = 2;
const ROUTES = [
  { src: BASE, dst: ARB, token: "ETH" }, { src: ARB, dst: BASE, token: "ETH" },
  { src: BASE, dst: ARB, token: "USDC" }, { src: ARB, dst: BASE, token: "USDC" },
];
// Through the storm, at most this share of the rate perch had while paying before it.
const PACED_SHARE = 0.5;
// Through the storm, at most this many requests per Retry-After interval per chain.
const RETRY_ALLOWANCE = 1.5;

// On the binary before chain/rpc/budget's probe (perch-main21, 2026-11-29) the money held (60/60
// paid once) but the pace did not: 140 requests per chain in 59 s of "Retry-After: 2" (2.4/s, as
// while paying): the chain's one RpcClient held every caller until the wait ended, then all of them
// (head follower, payer, watcher, swap and pool indexers) sent at once. Now one call probes and the
// others wait for its answer: 32 requests in 59 s (0.54/s).

const post = (port, what, body = {}) =>
  fetch(`http://127.0.0.1:${port}/__proxy/${what}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export async function run(t) {
  const { check, log, sleep, d } = t;
  const started = Date.now();
  const chains = Object.fromEntries(CHAINS.map((id, i) => [id, [t.port + 51 + i, t.rpcOf(id)]]));
  const flags = ["--seed", "429", "--latency", "30-120", "--retry-after", String(RETRY_AFTER_S)];
  const stats = () => Promise.all(CHAINS.map((id) => proxyStats(chains[id][0])));
  const reset = () => Promise.all(CHAINS.map((id) => post(chains[id][0], "reset")));
  await behindProxy(t, chains, "storm-429", flags, async (configFile) => {
    const noncesBefore = await t.makerNonces();
    await t.startPerch(configFile);

    // Perch's normal rate: 12 s while 20 deposits are paid.
    const warm = await t.prepareDeposits(20, ROUTES, { belowMin: false });
    const during = await t.prepareDeposits(40, ROUTES, { belowMin: false });
    await reset();
    const w0 = Date.now();
    await t.sendDeposits(warm);
    await sleep(12000);
    const normal = await stats();
    const normalSeconds = (Date.now() - w0) / 1000;
    const normalRate = normal.map((s) => (s.requests ?? 0) / normalSeconds);
    CHAINS.forEach((id, i) => log(`storm-429: chain ${id} before the storm: ${normal[i].requests ?? 0} requests, ${normal[i].calls ?? 0} calls in ${normalSeconds.toFixed(1)} s (${normalRate[i].toFixed(2)} requests/s) ${JSON.stringify(normal[i].methods ?? {})}`));

    // The storm: 20 deposits sent a moment before it (their payouts in flight when it starts),
    // 20 more in its middle.
    await t.sendDeposits(during.slice(0, 20));
    await sleep(800);
    // The storm first, then (once every request from before it has been answered) the counts from
    // zero: every request counted falls inside the storm.
    await Promise.all(CHAINS.map((id) => post(chains[id][0], "config", { storm_ms: STORM_MS })));
    await sleep(500);
    await reset();
    const s0 = Date.now();
    const stormEnd = s0 + STORM_MS - 1500; // the last count a second before the storm ends
    log(`storm-429: storm on both chains for ${STORM_MS / 1000} s (Retry-After: ${RETRY_AFTER_S})`);
    // How the requests come: counted every 200 ms for 10 s (bursts of every waiting caller at
    // once, or one probe per Retry-After).
    const fine = [];
    for (let last = 0; Date.now() - s0 < 10000; await sleep(200)) {
      const n = (await proxyStats(chains[BASE][0])).requests ?? 0;
      if (n > last) fine.push(`+${((Date.now() - s0) / 1000).toFixed(1)} s: ${n - last}`);
      last = n;
    }
    log(`storm-429: chain ${BASE}, new requests in the storm's first 10 s (200 ms samples): ${fine.join(", ")}`);
    const series = [];
    let sentRest = false;
    while (Date.now() < stormEnd) {
      await sleep(Math.min(5000, stormEnd - Date.now()));
      if (!sentRest && Date.now() - s0 > 25000) {
        await t.sendDeposits(during.slice(20));
        sentRest = true;
      }
      series.push((await stats()).map((s) => s.requests ?? 0));
    }
    const storm = await stats();
    const stormSeconds = (Date.now() - s0) / 1000;
    const stormRate = storm.map((s) => (s.requests ?? 0) / stormSeconds);
    CHAINS.forEach((id, i) => log(`storm-429: chain ${id} in the storm: ${storm[i].requests ?? 0} requests (${storm[i].storm_429 ?? 0} answered 429) in ${stormSeconds.toFixed(1)} s = ${stormRate[i].toFixed(2)} requests/s; cumulative every 5 s: ${series.map((x) => x[i]).join(" ")}`));
    await sleep(Math.max(0, STORM_MS - (Date.now() - s0)) + 200);

    const all = [...warm, ...during];
    const orders = await d.waitFinal(t.perchUrl, all, 180000);
    const states = statesOf(orders);
    log(`storm-429: all final ${((Date.now() - s0) / 1000).toFixed(1)} s after the storm began: ${JSON.stringify(states)}`);
    check(states.completed === all.length,
      `storm-429: all ${all.length} deposits completed through a 60 s 429 storm, none refunded or failed (${JSON.stringify(states)})`);
    const perChain = await t.verifyOrders(all, orders, "storm-429");
    await checkMakerNonces(t, "storm-429", noncesBefore, perChain, "its payouts");
    // Nothing was served in the storm (a call is counted only when the node answers it); a request
    // still in its latency when counted has not been answered its 429 yet.
    check(storm.every((s) => (s.storm_429 ?? 0) > 0 && !s.calls),
      `storm-429: the proxy answered 429 and served nothing on both chains through the storm (${storm.map((s) => `${s.storm_429 ?? 0} of ${s.requests ?? 0} answered, ${s.calls ?? 0} calls served`).join("; ")})`);
    const paced = CHAINS.map((_, i) => stormRate[i] <= PACED_SHARE * normalRate[i]);
    check(paced.every(Boolean),
      `storm-429: perch slowed down through the storm: ${CHAINS.map((id, i) => `chain ${id} ${stormRate[i].toFixed(2)} requests/s against ${normalRate[i].toFixed(2)} before it`).join("; ")} (at most ${PACED_SHARE * 100} %)`);
    // Honouring Retry-After: about one request per chain per interval the provider named (a probe
    // after each wait), not one per waiting caller.
    const allowed = Math.ceil(RETRY_ALLOWANCE * stormSeconds / RETRY_AFTER_S);
    check(storm.every((s) => (s.requests ?? 0) <= allowed),
      `storm-429: perch honoured Retry-After: ${CHAINS.map((id, i) => `chain ${id} ${storm[i].requests ?? 0}`).join(", ")} requests in ${stormSeconds.toFixed(0)} s of "Retry-After: ${RETRY_AFTER_S}" (at most ${allowed})`);
    log(`storm-429: wall time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}
