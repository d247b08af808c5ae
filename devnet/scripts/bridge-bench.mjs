#!/usr/bin/env node
// Bridge benchmarks on a running devnet with the real perch binary (maker on):
//   latency     N deposits one after another (8453 → 42161); for each, the blocks between the
//               deposit's block and the payout's block, from block timestamps (1 s blocks).
//   throughput  M deposits at once from fresh accounts (8453 → 42161); payouts per second from
//               the first payout block to the last, and a double-pay check (maker nonce delta
//               = M, every recipient holds exactly its receive amount).
//   node scripts/bridge-bench.mjs --state-dir DIR --perch BIN --port N [--latency 30] [--burst 1000]
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as d from "./lib/bridge-driver.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const stateDir = path.resolve(args["state-dir"]);
const state = JSON.parse(fs.readFileSync(path.join(stateDir, "state.json"), "utf8"));
const port = Number(args.port ?? 8282);
const latencyCount = Number(args.latency ?? 30);
const burst = Number(args.burst ?? 1000);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const perchUrl = `http://127.0.0.1:${port}`;
const rpcOf = (id) => state.chains.find((c) => c.chain_id === id).rpc_url;
const depositor = state.contracts.Depositor;
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const SRC = 8453;
const DST = 42161;

const config = path.join(stateDir, "bench-perch.json");
fs.writeFileSync(config, JSON.stringify({
  host: "127.0.0.1", port, database_url: `sqlite:${path.join(stateDir, "bench.db")}`,
  chain_profile: path.join(stateDir, "state.json"), maker_key_file: "devnet/maker.key",
  web_root: "web/dist", access_log: false, maker: { enabled: true },
}));
const out = fs.openSync(path.join(stateDir, "bench-perch.log"), "a");
const perch = spawn(path.resolve(args.perch), ["serve", "--config", config], { cwd: root, stdio: ["ignore", out, out] });
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${perchUrl}/api/health`)).ok) break;
  } catch {
    if (i > 300) throw new Error("perch did not start");
  }
  await sleep(100);
}

async function blockOf(url, hash) {
  const r = await d.waitReceipt(url, hash, 120000);
  const b = await d.rpc(url, "eth_getBlockByNumber", [r.blockNumber, false]);
  return { number: Number(r.blockNumber), ts: Number(b.timestamp) };
}
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
let seq = 1;
const fresh = () => "0x" + (0xbe7c4000000000n + BigInt(Date.now() % 100000) * 100000n + BigInt(seq++)).toString(16).padStart(40, "0");

// ---- latency ----
const sender = await d.freshAccount(rpcOf(SRC), 900001, 100n);
const lat = [];
for (let i = 0; i < latencyCount; i++) {
  const hash = await d.sendDeposit(rpcOf(SRC), { from: sender, depositor, amount: 10n ** 16n, dst: DST, recipient: fresh() });
  const src = await blockOf(rpcOf(SRC), hash);
  const [o] = await d.waitFinal(perchUrl, [{ chainId: SRC, hash }], 60000);
  if (o.state !== "completed") throw new Error(`latency order ${o.state}: ${o.reason}`);
  const dst = await blockOf(rpcOf(DST), o.dst_tx_hash);
  lat.push(dst.ts - src.ts);
}
console.log(`latency (deposit block → payout block, seconds = blocks at 1 s/block, n=${latencyCount}): ` +
  `p50 ${pct(lat, 50)}  p90 ${pct(lat, 90)}  p99 ${pct(lat, 99)}  max ${Math.max(...lat)}`);

// ---- throughput ----
const nonceBefore = Number(await d.rpc(rpcOf(DST), "eth_getTransactionCount", [state.maker, "latest"]));
const senders = [];
for (let i = 0; i < Math.ceil(burst / 10); i++) senders.push(await d.freshAccount(rpcOf(SRC), 910000 + i, 10n));
const deposits = await Promise.all(
  Array.from({ length: burst }, async (_, i) => {
    const from = senders[Math.floor(i / 10)];
    const recipient = fresh();
    const hash = await d.sendDeposit(rpcOf(SRC), { from, depositor, amount: 2n * 10n ** 15n, dst: DST, recipient, nonce: i % 10 });
    return { chainId: SRC, hash, recipient };
  }),
);
const orders = await d.waitFinal(perchUrl, deposits, 300000);
const payoutBlocks = new Map();
for (const o of orders) {
  if (o.state !== "completed") throw new Error(`burst order ${o.state}: ${o.reason}`);
}
const receipts = await Promise.all(orders.map((o) => d.waitReceipt(rpcOf(DST), o.dst_tx_hash)));
for (const r of receipts) payoutBlocks.set(r.blockNumber, (payoutBlocks.get(r.blockNumber) ?? 0) + 1);
const numbers = [...payoutBlocks.keys()].map(Number).sort((a, b) => a - b);
const first = await d.rpc(rpcOf(DST), "eth_getBlockByNumber", [d.hex(numbers[0]), false]);
const last = await d.rpc(rpcOf(DST), "eth_getBlockByNumber", [d.hex(numbers.at(-1)), false]);
const span = Number(last.timestamp) - Number(first.timestamp) + 1;
let exact = 0;
for (let i = 0; i < burst; i++) if ((await d.balanceOf(rpcOf(DST), deposits[i].recipient)) === BigInt(orders[i].receive_amount)) exact++;
const nonceAfter = Number(await d.rpc(rpcOf(DST), "eth_getTransactionCount", [state.maker, "latest"]));
console.log(`throughput (${burst} deposits at once, ${SRC} → ${DST}): ${burst} payouts in ${numbers.length} blocks over ${span} s = ` +
  `${(burst / span).toFixed(1)} payouts/s; max ${Math.max(...payoutBlocks.values())} in one block`);
console.log(`double pays: maker nonce +${nonceAfter - nonceBefore} for ${burst} orders; ${exact}/${burst} recipients exact`);
perch.kill("SIGTERM");
process.exit(nonceAfter - nonceBefore === burst && exact === burst ? 0 : 1);
