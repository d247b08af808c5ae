#!/usr/bin/env node
// Bridge fault tests against a running devnet and the real perch binary (DESIGN §7):
//   crash   kill -9 of perch at a random moment during 200 concurrent deposits, restarted; three
//           rounds. Every deposit must end completed or refunded exactly once: each fresh
//           recipient holds exactly its order's receive amount, every refund returned funds to
//           its sender, and the maker's nonce on each chain grew by exactly the number of payouts
//           and refunds made there (a double payment would need one more transaction).
//   reorg   a deposit mined and then removed by evm_snapshot / evm_revert before its
//           confirmations: the order is dropped and nothing is paid.
//   outage  the destination node stopped (SIGSTOP) for 30 s with deposits in flight: every order
//           completes after it returns.
//   stuck   the destination stops mining for 20 s with payouts in its mempool: perch re-signs
//           them at a higher fee (same nonces), and when blocks resume exactly one version of
//           each is mined.
//
//   node scripts/faults.mjs --state-dir DIR --perch BIN --port N [--only crash,reorg,outage]
// Prints "ok"/"FAIL" lines and a summary "faults: N passed, M failed"; exits 1 on any failure.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as d from "./lib/bridge-driver.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const stateDir = path.resolve(args["state-dir"] ?? "");
const state = JSON.parse(fs.readFileSync(path.join(stateDir, "state.json"), "utf8"));
const perchBin = path.resolve(args.perch ?? "../build/server/perch");
const port = Number(args.port ?? 8196);
const only = (args.only ?? "crash,reorg,outage,stuck").split(",");
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const perchUrl = `http://127.0.0.1:${port}`;
const rpcOf = (id) => state.chains.find((c) => c.chain_id === id).rpc_url;
const nodeOf = (id) => state.chains.find((c) => c.chain_id === id);
const depositor = state.contracts.Depositor;
const maker = state.maker;
const ETH = 10n ** 18n;
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const log = (...a) => console.log(`[faults ${new Date().toISOString().slice(11, 23)}]`, ...a);

let passed = 0;
let failed = 0;
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (ok) passed++;
  else failed++;
}

// ---- perch as a child process ----
let perch = null;
let dbPath = "";
function writeConfig(name) {
  dbPath = path.join(stateDir, `${name}.db`);
  fs.rmSync(dbPath, { force: true });
  const config = {
    host: "127.0.0.1", port, database_url: `sqlite:${dbPath}`, chain_profile: path.join(stateDir, "state.json"),
    maker_key_file: "devnet/maker.key", web_root: "web/dist", access_log: false,
    maker: { enabled: true, poll_ms: 200, speedup_after_ms: 12000 },
  };
  const file = path.join(stateDir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(config));
  return file;
}
async function startPerch(configFile, env = {}) {
  const out = fs.openSync(path.join(stateDir, "perch-faults.log"), "a");
  perch = spawn(perchBin, ["serve", "--config", configFile], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", out, out] });
  const until = Date.now() + 30000;
  for (;;) {
    try {
      const r = await fetch(`${perchUrl}/api/health`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error("perch did not start");
    await sleep(100);
  }
}
function killPerch(signal = "SIGKILL") {
  const p = perch;
  perch = null;
  if (!p) return Promise.resolve();
  return new Promise((ok) => {
    p.once("exit", ok);
    p.kill(signal);
  });
}

// ---- helpers ----
let accountSeq = Date.now() % 1_000_000 * 1000;
const freshAddress = () => "0x" + (0xfa017000000000n + BigInt(accountSeq++)).toString(16).padStart(40, "0");
async function makerNonces() {
  const out = {};
  for (const c of state.chains) out[c.chain_id] = Number(await d.rpc(c.rpc_url, "eth_getTransactionCount", [maker, "latest"]));
  return out;
}

/** `n` deposits from fresh senders to fresh recipients; about one in ten is below the minimum. */
async function depositBatch(n, routes) {
  const senders = [];
  for (let i = 0; i < n; i++) {
    const [src] = routes[i % routes.length];
    senders.push({ src, from: await d.freshAccount(rpcOf(src), accountSeq++, 1n) });
  }
  return Promise.all(
    senders.map(async ({ src, from }, i) => {
      const [, dst] = routes[i % routes.length];
      const belowMin = i % 10 === 9;
      const amount = belowMin ? 5n * 10n ** 14n : 2n * 10n ** 15n + BigInt(i) * 10n ** 13n;
      const recipient = freshAddress();
      const hash = await d.sendDeposit(rpcOf(src), { from, depositor, amount, dst, recipient, channel: 0 });
      return { chainId: src, dst, hash, from, recipient, amount, belowMin };
    }),
  );
}

/** Checks each final order against the chains: exact amounts received or refunded. */
async function verifyOrders(deposits, orders, label) {
  let exact = 0;
  let refunds = 0;
  const perChain = {};
  const bump = (id) => (perChain[id] = (perChain[id] ?? 0) + 1);
  for (let i = 0; i < deposits.length; i++) {
    const dep = deposits[i];
    const o = orders[i];
    if (dep.belowMin) {
      if (o.state !== "refunded" || !o.refund_tx_hash) continue;
      const r = await d.rpc(rpcOf(dep.chainId), "eth_getTransactionByHash", [o.refund_tx_hash]);
      if (r && r.to.toLowerCase() === dep.from.toLowerCase() && BigInt(r.value) > 0n && BigInt(r.value) < dep.amount) refunds++;
      bump(dep.chainId);
    } else {
      if (o.state !== "completed") continue;
      const got = await d.balanceOf(rpcOf(dep.dst), dep.recipient);
      if (got === BigInt(o.receive_amount) && got > 0n) exact++;
      bump(dep.dst);
    }
  }
  const wantPaid = deposits.filter((x) => !x.belowMin).length;
  const wantRefunds = deposits.length - wantPaid;
  check(exact === wantPaid, `${label}: ${exact}/${wantPaid} recipients hold exactly their receive amount`);
  check(refunds === wantRefunds, `${label}: ${refunds}/${wantRefunds} below-minimum deposits refunded to their senders`);
  return perChain;
}

// ---- scenarios ----
async function crashRounds() {
  const config = writeConfig("faults-crash");
  const routes = [[8453, 42161], [42161, 8453], [1, 8453], [8453, 1]];
  const noncesBefore = await makerNonces();
  const txsPerChain = {};
  await startPerch(config);
  for (let round = 1; round <= 3; round++) {
    const t0 = Date.now();
    const deposits = await depositBatch(200, routes);
    const killAfter = 200 + Math.floor(Math.random() * 3500);
    await sleep(killAfter);
    await killPerch("SIGKILL");
    log(`round ${round}: 200 deposits sent, perch killed -9 ${killAfter} ms later`);
    await sleep(300);
    await startPerch(config);
    const orders = await d.waitFinal(perchUrl, deposits, 180000);
    log(`round ${round}: all final ${Date.now() - t0} ms after the first deposit`);
    const counts = await verifyOrders(deposits, orders, `crash round ${round}`);
    for (const [id, n] of Object.entries(counts)) txsPerChain[id] = (txsPerChain[id] ?? 0) + n;
  }
  await sleep(3000); // anything wrongly sent twice would be mined by now
  const noncesAfter = await makerNonces();
  const extra = Object.keys(noncesAfter).map((id) => noncesAfter[id] - noncesBefore[id] - (txsPerChain[id] ?? 0));
  check(extra.every((x) => x === 0), `crash: maker nonces grew by exactly the payouts + refunds per chain (extra: ${extra.join(",")})`);
  await killPerch("SIGTERM");
}

async function reorg() {
  const config = writeConfig("faults-reorg");
  await startPerch(config, { PERCH_MAKER_CONFIRMATIONS: "6" });
  const src = 8453;
  const url = rpcOf(src);
  const noncesBefore = await makerNonces();
  const snapshot = await d.rpc(url, "evm_snapshot");
  const from = await d.freshAccount(url, accountSeq++, 1n);
  const recipient = freshAddress();
  const hash = await d.sendDeposit(url, { from, depositor, amount: 3n * 10n ** 15n, dst: 42161, recipient });
  await d.waitReceipt(url, hash);
  let seen = null;
  for (let i = 0; i < 50 && !seen; i++) {
    seen = await d.order(perchUrl, src, hash);
    if (!seen) await sleep(100);
  }
  check(seen?.state === "confirming", `reorg: the deposit is seen as confirming before its 6 confirmations (${seen?.state})`);
  await d.rpc(url, "evm_revert", [snapshot]);
  log("reorg: reverted the source chain to before the deposit");
  let o = null;
  for (let i = 0; i < 60; i++) {
    o = await d.order(perchUrl, src, hash);
    if (o && o.state !== "confirming") break;
    await sleep(250);
  }
  check(o?.state === "dropped", `reorg: the order is dropped once its block is gone (${o?.state}: ${o?.reason})`);
  await sleep(2000);
  check((await d.balanceOf(rpcOf(42161), recipient)) === 0n, "reorg: the recipient received nothing");
  const noncesAfter = await makerNonces();
  check(noncesAfter[42161] === noncesBefore[42161], "reorg: the maker sent no transaction on the destination");
  await killPerch("SIGTERM");
}

async function outage() {
  const config = writeConfig("faults-outage");
  await startPerch(config);
  const dst = 42161;
  const deposits = await depositBatch(20, [[8453, dst], [1, dst]]);
  const node = nodeOf(dst);
  process.kill(node.pid, "SIGSTOP");
  log(`outage: destination node ${dst} (pid ${node.pid}) stopped for 30 s`);
  await sleep(30000);
  process.kill(node.pid, "SIGCONT");
  log("outage: destination node continued");
  const t0 = Date.now();
  const orders = await d.waitFinal(perchUrl, deposits, 120000);
  log(`outage: all final ${Date.now() - t0} ms after the node came back`);
  await verifyOrders(deposits, orders, "outage");
  await killPerch("SIGTERM");
}

async function stuck() {
  const config = writeConfig("faults-stuck");
  await startPerch(config);
  const dst = 8453;
  const url = rpcOf(dst);
  const noncesBefore = await makerNonces();
  await d.rpc(url, "evm_setIntervalMining", [0]);
  log(`stuck: chain ${dst} stopped mining`);
  const deposits = await depositBatch(10, [[42161, dst], [1, dst]]);
  await sleep(20000);
  await d.rpc(url, "evm_setIntervalMining", [state.block_time_ms ?? 1000]);
  log("stuck: mining resumed");
  const orders = await d.waitFinal(perchUrl, deposits, 120000);
  const counts = await verifyOrders(deposits, orders, "stuck");
  const logText = fs.readFileSync(path.join(stateDir, "perch-faults.log"), "utf8");
  check(/sped up to max fee/.test(logText), "stuck: perch re-signed the stuck payouts at a higher fee");
  const paidHashes = new Set(orders.filter((o) => o.state === "completed").map((o) => o.dst_tx_hash));
  check(paidHashes.size === orders.filter((o) => o.state === "completed").length, "stuck: each order names one payout");
  const noncesAfter = await makerNonces();
  check(noncesAfter[dst] - noncesBefore[dst] === (counts[dst] ?? 0),
    `stuck: maker nonce on ${dst} grew by exactly its ${counts[dst] ?? 0} payouts (${noncesAfter[dst] - noncesBefore[dst]})`);
  await killPerch("SIGTERM");
}

try {
  if (only.includes("crash")) await crashRounds();
  if (only.includes("reorg")) await reorg();
  if (only.includes("outage")) await outage();
  if (only.includes("stuck")) await stuck();
} catch (e) {
  check(false, `fault tests stopped: ${e.message}`);
} finally {
  await killPerch("SIGKILL");
}
console.log(`faults: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
