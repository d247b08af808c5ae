// crash: deposits in flight through rounds of kill -9 and restart; every deposit ends completed or
// refunded exactly once, from chain balances (faults.mjs describes it in full).
import * as d from "../lib/bridge-driver.mjs";
import { check, inFlightAtKill, killPerch, log, maker, makerNonces, makerSettled, perchUrl, prepareDeposits, sendDeposits, sleep, startPerch, verifyOrders, writeConfig } from "../lib/fault-context.mjs";

// ---- scenarios ----
// Native ETH and USDC (ERC-20: approve, then deposit). Below-minimum deposits (every tenth) fall
// on routes 1, 3 and 5; a USDC one from chain 1 would cost more to refund (3 USDC) than it holds.
export const CRASH_ROUTES = [
  { src: 8453, dst: 42161, token: "ETH" }, { src: 42161, dst: 8453, token: "ETH" }, { src: 1, dst: 8453, token: "ETH" },
  { src: 8453, dst: 1, token: "ETH" }, { src: 1, dst: 42161, token: "USDC" }, { src: 42161, dst: 8453, token: "USDC" },
];

/** Polls perch for the first deposits' orders until one is paying; returns a random 0-500 ms. */
export async function untilPaying(deposits, timeoutMs) {
  const until = Date.now() + timeoutMs;
  const sample = deposits.slice(0, 24);
  while (Date.now() < until) {
    const orders = await Promise.all(sample.map((x) => d.order(perchUrl, x.chainId, x.hash).catch(() => null)));
    if (orders.some((o) => o?.state === "paying" || o?.state === "completed")) break;
    await sleep(30);
  }
  return Math.floor(Math.random() * 500);
}

export async function crashRounds() {
  const config = writeConfig("faults-crash");
  const noncesBefore = await makerNonces();
  const txsPerChain = {};
  const kills = [];
  await startPerch(config);
  for (let round = 1; round <= 3; round++) {
    const prepared = await prepareDeposits(200, CRASH_ROUTES);
    const t0 = Date.now();
    const sending = sendDeposits(prepared).then((x) => {
      log(`round ${round}: the nodes accepted all 200 deposits at +${Date.now() - t0} ms`);
      return x;
    });
    // 2 or 3 kills. The first at a random moment 0-500 ms after perch shows one of the round's
    // orders as paying (payout signed and stored), so every round kills into payouts in flight
    // by construction, not by luck; the others 200-2000 ms after each restart.
    const count = 2 + Math.floor(Math.random() * 2);
    for (let k = 1; k <= count; k++) {
      const wait = k === 1 ? await untilPaying(await sending, 20000) : 200 + Math.floor(Math.random() * 1800);
      await sleep(wait);
      await killPerch("SIGKILL");
      const at = Date.now() - t0;
      const seen = await inFlightAtKill();
      kills.push({ round, k, at, ...seen });
      log(`round ${round}: kill -9 #${k} at +${at} ms (${k === 1 ? `${wait} ms after the first order was paying` : `${wait} ms after the restart`}): ` +
        `orders final ${seen.final - (round - 1) * 200}, confirming ${seen.confirming}, queued ${seen.queued}, ` +
        `paying ${seen.paying}, refunding ${seen.refunding}; maker txs stored pending ${seen.pendingTxs}, ` +
        `not mined ${seen.unminedTxs}, never broadcast ${seen.unbroadcastTxs}`);
      await sleep(300);
      await startPerch(config);
    }
    const deposits = await sending;
    const orders = await d.waitFinal(perchUrl, deposits, 180000);
    log(`round ${round}: all 200 final ${Date.now() - t0} ms after the first deposit`);
    const counts = await verifyOrders(deposits, orders, `crash round ${round}`);
    for (const [id, n] of Object.entries(counts)) txsPerChain[id] = (txsPerChain[id] ?? 0) + n;
  }
  const unmined = kills.filter((k) => k.unminedTxs > 0);
  const moving = kills.filter((k) => k.unminedTxs > 0 || k.queued + k.paying > 0);
  check(unmined.length > 0,
    `crash: ${kills.length} kills, ${moving.length} with payouts in flight (${unmined.length} with signed, stored, unmined ` +
      `maker transactions: ${unmined.reduce((s, k) => s + k.unminedTxs, 0)} in all, ` +
      `${kills.reduce((s, k) => s + k.unbroadcastTxs, 0)} never broadcast; ` +
      `${kills.filter((k) => k.queued + k.paying > 0).length} with orders queued or paying)`);
  await makerSettled("crash");
  const noncesAfter = await makerNonces();
  const extra = Object.keys(noncesAfter).map((id) => noncesAfter[id] - noncesBefore[id] - (txsPerChain[id] ?? 0));
  check(extra.every((x) => x === 0), `crash: maker nonces grew by exactly the payouts + refunds per chain (extra: ${extra.join(",")})`);
  await killPerch("SIGTERM");
}
