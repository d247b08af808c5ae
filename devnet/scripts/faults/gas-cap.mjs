// gas-cap: the maker's fees and gas on a real chain (issue 28, section 4). A destination whose base
// fee spiked to 50 gwei stops mining while a payout waits there; the chain's fee cap
// (maker.gas.max_fee_gwei) is 60 gwei.
//   - the payout is signed at no more than the cap (twice the base fee plus the tip would be
//     101 gwei), with the node's gas estimate plus 20 % (25 200 for a plain transfer) instead of
//     the fixed 50 000;
//   - its speed-ups stop at the cap: one log line and perch_maker_fee_capped_nonces say so, and the
//     nonce is kept (re-broadcast, never dropped or cancelled);
//   - pending longer than maker.gas.stuck_after_ms (4 s here), the nonce is one log line and
//     perch_maker_stuck_nonces;
//   - once the chain mines again (the base fee falls under the cap) the order completes once, the
//     maker's nonce grows by exactly one, and both metrics return to 0.
// Before this control: fixed gas limits, fees of 2x the base fee whatever it was, speed-ups by 25 %
// without the base fee and no cap, and nothing said a nonce was stuck.
import fs from "node:fs";
import path from "node:path";

const SRC = 42161;
const DST = 1;
const GWEI = 10n ** 9n;
const CAP_GWEI = 60n;
const ADMIN = "gas-cap-admin-token-0123456789";

async function metric(t, name) {
  const res = await fetch(`${t.perchUrl}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } });
  const text = await res.text();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{chain="${DST}"}`));
  return line ? Number(line.split(" ").pop()) : 0;
}

export async function run(t) {
  const { d, log, check, sleep } = t;
  const dst = t.rpcOf(DST);
  const configFile = t.writeConfig("faults-gas-cap");
  const config = JSON.parse(fs.readFileSync(configFile, "utf8"));
  config.admin_token = ADMIN;
  config.maker.speedup_after_ms = 1000;
  config.maker.gas = { max_fee_gwei: { [DST]: Number(CAP_GWEI) }, stuck_after_ms: 4000 };
  fs.writeFileSync(configFile, JSON.stringify(config));
  const logFile = path.join(t.stateDir, "perch-faults.log");
  const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;

  const noncesBefore = await t.makerNonces();
  await t.startPerch(configFile);
  const deposits = await t.prepareDeposits(1, t.ethRoutes([[SRC, DST]]));
  let capped = 0;
  let stuck = 0;
  await d.rpc(dst, "evm_setIntervalMining", [0]);
  try {
    await d.rpc(dst, "hardhat_setNextBlockBaseFeePerGas", [d.hex(50n * GWEI)]);
    await d.rpc(dst, "evm_mine", []);
    await sleep(3000); // past perch's fee cache: the payout is priced on the spike
    await t.sendDeposits(deposits);
    let o = null;
    for (const until = Date.now() + 60000; Date.now() < until && o?.state !== "paying"; await sleep(200))
      o = await d.order(t.perchUrl, SRC, deposits[0].hash).catch(() => null);
    log(`gas-cap: the order is ${o?.state} while chain ${DST} waits at a 50 gwei base fee`);
    for (const until = Date.now() + 20000; Date.now() < until && !(capped === 1 && stuck >= 1); await sleep(500)) {
      capped = await metric(t, "perch_maker_fee_capped_nonces");
      stuck = await metric(t, "perch_maker_stuck_nonces");
    }
    await sleep(3000); // a few more rounds: each event must still be said once
  } finally {
    await d.rpc(dst, "evm_setIntervalMining", [t.state.block_time_ms ?? 1000]);
  }
  const orders = await d.waitFinal(t.perchUrl, deposits, 120000);
  const o = orders[0];
  check(o?.state === "completed", `gas-cap: the payout held at the cap completed once mining resumed (${o?.state})`);
  const counts = await t.verifyOrders(deposits, orders, "gas-cap");
  const tx = o?.dst_tx_hash ? await d.rpc(dst, "eth_getTransactionByHash", [o.dst_tx_hash]) : null;
  const maxFee = tx ? BigInt(tx.maxFeePerGas) : -1n;
  const gas = tx ? Number(tx.gas) : -1;
  log(`gas-cap: payout nonce ${tx ? Number(tx.nonce) : "-"} max fee ${maxFee} wei, gas limit ${gas}`);
  check(tx && maxFee <= CAP_GWEI * GWEI, `gas-cap: the payout's max fee ${maxFee} is within the ${CAP_GWEI} gwei cap`);
  check(gas >= 25200 && gas < 30000, `gas-cap: the payout's gas limit is the node's estimate + 20 % (${gas}: Hardhat estimates 21 001 for a plain transfer; not the fixed 50000)`);
  check(capped === 1, `gas-cap: perch_maker_fee_capped_nonces was 1 while the nonce waited at the cap (${capped})`);
  check(stuck >= 1, `gas-cap: perch_maker_stuck_nonces counted the stuck nonce (${stuck})`);
  const text = fs.readFileSync(logFile, "utf8").slice(logStart);
  const nonce = tx ? Number(tx.nonce) : -1;
  const capLines = text.split("\n").filter((l) => l.includes(`chain ${DST} nonce ${nonce}: a replacement would pass the max fee cap`)).length;
  const stuckLines = text.split("\n").filter((l) => l.includes(`chain ${DST} nonce ${nonce} is stuck`)).length;
  check(capLines === 1, `gas-cap: the cap was logged once for the nonce (${capLines} lines)`);
  check(stuckLines === 1, `gas-cap: the stuck nonce was logged once, not per poll (${stuckLines} lines)`);
  await t.makerSettled("gas-cap");
  const afterCapped = await metric(t, "perch_maker_fee_capped_nonces");
  const afterStuck = await metric(t, "perch_maker_stuck_nonces");
  check(afterCapped === 0 && afterStuck === 0, `gas-cap: both metrics are 0 once the nonce is mined (${afterCapped}, ${afterStuck})`);
  await t.killPerch("SIGTERM");
  const noncesAfter = await t.makerNonces();
  check(noncesAfter[DST] - noncesBefore[DST] === (counts[DST] ?? 0),
    `gas-cap: the maker's nonce on ${DST} grew by exactly its ${counts[DST] ?? 0} payout(s) (${noncesAfter[DST] - noncesBefore[DST]})`);
}
