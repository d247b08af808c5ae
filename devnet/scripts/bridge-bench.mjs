#!/usr/bin/env node
// Bridge benchmarks on a running devnet with the real perch binary (maker on, 1 confirmation):
//   latency     for each destination chain (42161 ← 8453, 8453 ← 42161, 1 ← 8453; the three at
//               once), N deposits one after another. Latency in destination BLOCKS: the payout's
//               block number minus the destination's head at the moment the deposit's receipt
//               appeared on the source (polled every 25 ms). 1 = the payout is in the first
//               destination block mined after the deposit was included.
//   throughput  for W seconds, deposits offered at R per second to EACH destination (42161, 8453
//               and 1, each fed from the two other chains), all three at once. Per destination:
//               payouts mined / seconds from its first to its last payout block (by block
//               timestamps), payouts per block over the window, and how long it took to drain
//               after the last deposit. Zero double pays: each chain's maker nonce grew by exactly its
//               payouts, every recipient holds exactly its order's receive amount.
//   reaction    the maker's own histogram (deposit block seen → payout broadcast, in-process), read
//               from its log after each phase.
//   solana      (--solana N, when the devnet runs a Solana node) N deposits one after another each
//               way: ETH on 8453 -> SOL on Solana, and SOL on Solana -> ETH on 8453, built by
//               perch's build_tx (the Solana one signed here with @solana/kit as a wallet would).
//               Milliseconds from the deposit being included on its chain (EVM receipt; Solana
//               `confirmed`) to the payout being visible on the other (the recipient's balance at
//               Solana `confirmed`; the EVM head), polled every 25 ms. The maker reads Solana
//               deposits at `finalized` (4 slots of 400 ms here) and settles its payouts there.
//   provider  (--rpc-latency MS) perch reads every EVM chain through scripts/provider-proxy.mjs with
//               MS ms of latency on each request and no other fault, as behind a remote provider;
//               no WebSocket, so the head is polled (--head-feed is off). After the latency run,
//               --idle S seconds with nothing to do: requests and calls per second per chain, as the
//               proxy counts them (a provider bills each call of a batch). --rpc-ws on: the proxy
//               passes WebSocket through (without the latency) and the head feed is on.
//   node scripts/bridge-bench.mjs --state-dir DIR --perch BIN --port N [--latency 30] [--window 35] [--rate 100]
//     [--routes 8453:42161,42161:8453,8453:1] [--head-feed on|off] [--solana 20] [--rpc-latency 100 [--idle 30] [--rpc-ws on]]
//     (--window 0: latency only; --latency 0: no EVM latency)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { encodeFunctionData, parseAbi } from "viem";
import * as d from "./lib/bridge-driver.mjs";
import { proxiedProfile, proxyStats, startProxy } from "./lib/proxied.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const stateDir = path.resolve(args["state-dir"]);
const state = JSON.parse(fs.readFileSync(path.join(stateDir, "state.json"), "utf8"));
const port = Number(args.port ?? 8282);
const latencyCount = Number(args.latency ?? 30);
const windowSeconds = Number(args.window ?? 35);
const rate = Number(args.rate ?? 100);
const routeList = (args.routes ?? "8453:42161,42161:8453,8453:1").split(",").map((r) => r.split(":").map(Number));
const rpcLatency = Number(args["rpc-latency"] ?? 0);
const idleSeconds = Number(args.idle ?? 30);
// Through the proxy the feed is off unless --rpc-ws on: the proxy then passes WebSocket through to
// the node (the heads without the added latency).
const rpcWs = rpcLatency > 0 && args["rpc-ws"] === "on";
const headFeed = rpcLatency > 0 ? rpcWs : (args["head-feed"] ?? "on") !== "off";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const perchUrl = `http://127.0.0.1:${port}`;
const rpcOf = (id) => state.chains.find((c) => c.chain_id === id).rpc_url;
const depositor = state.contracts.Depositor;
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const log = (...a) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);
const DESTINATIONS = [
  { dst: 42161, sources: [8453, 1] },
  { dst: 8453, sources: [42161, 1] },
  { dst: 1, sources: [8453, 42161] },
];
const depositorAbi = parseAbi(["function deposit(address token, uint256 amount, uint256 dstChainId, string recipient, uint256 channel) payable"]);
const AMOUNT = 3n * 10n ** 15n; // above the 0.0015 ETH destination cost of chain 1

// A fresh database: it starts at each chain's head, so deposits other tools made on this devnet
// earlier are not this run's (nor paid twice).
for (const f of ["bench.db", "bench.db-wal", "bench.db-shm"]) fs.rmSync(path.join(stateDir, f), { force: true });
// --rpc-latency: every EVM chain behind the provider proxy (ports port+10...), perch's profile
// pointing at it; the bench itself reads the nodes directly.
const proxied = {};
let proxy = null;
if (rpcLatency > 0) {
  state.chains.forEach((c, i) => (proxied[c.chain_id] = [port + 10 + i, c.rpc_url]));
  const t = { root, stateDir, state, sleep };
  proxy = await startProxy(t, proxied, path.join(stateDir, "bench-proxy.log"), ["--latency", `${rpcLatency}-${rpcLatency}`, ...(rpcWs ? ["--ws", "1"] : [])]);
  process.on("exit", () => proxy.kill("SIGTERM"));
}
const profile = rpcLatency > 0 ? proxiedProfile({ state, stateDir }, proxied, "bench-proxied") : path.join(stateDir, "state.json");
const config = path.join(stateDir, "bench-perch.json");
fs.writeFileSync(config, JSON.stringify({
  host: "127.0.0.1", port, database_url: `sqlite:${path.join(stateDir, "bench.db")}`,
  chain_profile: profile, maker_key_file: "devnet/maker.key",
  web_root: "web/dist", access_log: false, maker: { enabled: true, head_feed: headFeed },
  ...(state.solana ? { solana: { maker_key_file: "devnet/solana-maker.key" } } : {}),
}));
const perchLog = path.join(stateDir, "bench-perch.log");
fs.rmSync(perchLog, { force: true });
const out = fs.openSync(perchLog, "a");
/** The maker's newest reaction-time line (it logs one per ten payouts). */
const reaction = () => fs.readFileSync(perchLog, "utf8").split("\n").filter((l) => l.includes("maker: reaction")).at(-1)?.replace(/^.*maker: reaction/, "reaction") ?? "no reaction line in the perch log";
const perch = spawn(path.resolve(args.perch), ["serve", "--config", config], { cwd: root, stdio: ["ignore", out, out] });
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${perchUrl}/api/health`)).ok) break;
  } catch {
    if (i > 300) throw new Error("perch did not start");
  }
  await sleep(100);
}

const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
let seq = 1;
const runTag = BigInt(Date.now() % 100000) * 1_000_000n;
const fresh = () => "0x" + (0xbe7c4000000000n + runTag + BigInt(seq++)).toString(16).padStart(40, "0");
let senderSeq = Number(runTag / 1000n);
const blockNumber = async (url) => Number(await d.rpc(url, "eth_blockNumber"));
const makerNonce = async (id) => Number(await d.rpc(rpcOf(id), "eth_getTransactionCount", [state.maker, "latest"]));

// ---- latency ----
async function latencyLoop(src, dst) {
  const sender = await d.freshAccount(rpcOf(src), senderSeq++, 100n);
  const blocks = [];
  for (let i = 0; i < latencyCount; i++) {
    const hash = await d.sendDeposit(rpcOf(src), { from: sender, depositor, amount: AMOUNT, dst, recipient: fresh() });
    let receipt = null;
    while (!(receipt = await d.rpc(rpcOf(src), "eth_getTransactionReceipt", [hash]))) await sleep(25);
    const headAtInclusion = await blockNumber(rpcOf(dst));
    const [o] = await d.waitFinal(perchUrl, [{ chainId: src, hash }], 60000);
    if (o.state !== "completed") throw new Error(`latency order ${o.state}: ${o.reason}`);
    const payout = await d.waitReceipt(rpcOf(dst), o.dst_tx_hash);
    blocks.push(Number(payout.blockNumber) - headAtInclusion);
  }
  return blocks;
}

// ---- Solana latency ----
const SOLANA = 83797601;
const solanaCount = Number(args.solana ?? 0);
const solRpc = (method, params = []) => d.rpc(state.solana.rpc_url, method, params);
async function buildTx(body) {
  const res = await fetch(`${perchUrl}/api/bridge_api/v1/build_tx`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`build_tx: ${json.msg}`);
  return json.data;
}
const poll = async (probe) => {
  for (;;) {
    const v = await probe();
    if (v) return v;
    await sleep(25);
  }
};
async function solanaLatency() {
  const kit = await import("@solana/kit");
  const { signerOf } = await import("../solana/keys.mjs");
  const user = await signerOf("user-7");
  const toSolana = [];
  const fromSolana = [];
  const evmSender = await d.freshAccount(rpcOf(8453), senderSeq++, 100n);
  for (let i = 0; i < solanaCount; i++) {
    // ETH on 8453 -> SOL: a fresh Solana recipient, visible once its balance is above 0.
    const { publicKey } = (await import("node:crypto")).generateKeyPairSync("ed25519");
    const recipient = kit.getBase58Decoder().decode(new Uint8Array(Buffer.from(publicKey.export({ format: "jwk" }).x, "base64url")));
    const built = await buildTx({ from_chain_id: "8453", to_chain_id: String(SOLANA), token: "ETH", amount: "0.003", sender: evmSender, recipient });
    const hash = await d.rpc(rpcOf(8453), "eth_sendTransaction", [{ from: evmSender, to: built.deposit.to, data: built.deposit.data, value: built.deposit.value }]);
    await poll(() => d.rpc(rpcOf(8453), "eth_getTransactionReceipt", [hash]));
    const t0 = performance.now();
    await poll(async () => BigInt((await solRpc("getBalance", [recipient, { commitment: "confirmed" }])).value) > 0n);
    toSolana.push(performance.now() - t0);

    // SOL -> ETH on 8453: signed here, visible once the EVM recipient's balance is above 0.
    const evmRecipient = fresh();
    const checksummed = (await import("viem")).getAddress(evmRecipient);
    const sol = await buildTx({ from_chain_id: String(SOLANA), to_chain_id: "8453", token: "SOL", amount: "0.2", sender: user.address, recipient: checksummed });
    const tx = kit.getTransactionDecoder().decode(Buffer.from(sol.solana_tx, "base64"));
    const signed = await kit.signTransaction([user.keyPair], tx);
    const signature = await solRpc("sendTransaction", [kit.getBase64EncodedWireTransaction(signed), { encoding: "base64" }]);
    await poll(async () => {
      const st = (await solRpc("getSignatureStatuses", [[signature]])).value[0];
      return st && st.confirmationStatus !== "processed";
    });
    const t1 = performance.now();
    await poll(async () => BigInt(await d.rpc(rpcOf(8453), "eth_getBalance", [evmRecipient, "latest"])) > 0n);
    fromSolana.push(performance.now() - t1);
  }
  const ms = (xs) => `p50 ${pct(xs, 50).toFixed(0)} ms  p90 ${pct(xs, 90).toFixed(0)} ms  max ${Math.max(...xs).toFixed(0)} ms`;
  console.log(`Solana bridge latency, deposit included -> payout visible, ${solanaCount} deposits each way one at a time ` +
    `(Solana slots ${state.solana.slot_ms} ms, finalized at +${state.solana.finalize_depth}; EVM 1 s blocks, 1 confirmation):`);
  console.log(`  8453 ETH -> Solana SOL (payout seen at confirmed): ${ms(toSolana)}`);
  console.log(`  Solana SOL (deposit confirmed) -> 8453 ETH: ${ms(fromSolana)}`);
}
if (solanaCount > 0) {
  if (!state.solana) throw new Error("--solana: the devnet runs no Solana node");
  await solanaLatency();
}
if (latencyCount <= 0 && windowSeconds <= 0) {
  perch.kill("SIGTERM");
  process.exit(0);
}

const pairs = latencyCount > 0 ? routeList : [];
const latencies = await Promise.all(pairs.map(([src, dst]) => latencyLoop(src, dst)));
const all = latencies.flat();
const share = (xs, n) => `${xs.filter((x) => x <= n).length}/${xs.length} (${((100 * xs.filter((x) => x <= n).length) / xs.length).toFixed(0)} %)`;
const summary = (xs) => `p50 ${pct(xs, 50)}  p90 ${pct(xs, 90)}  p99 ${pct(xs, 99)}  max ${Math.max(...xs)}  in 1 block ${share(xs, 1)}`;
if (pairs.length) {
  console.log(`latency in destination blocks (payout block − destination head when the deposit was included; ` +
    `1 confirmation, 1 s blocks, head feed ${headFeed ? "on" : "off"}${rpcLatency > 0 ? `, every RPC request through the provider proxy with ${rpcLatency} ms latency` : ""}), ` +
    `${latencyCount} deposits per route one at a time, ${pairs.length} route(s) at once:`);
  pairs.forEach(([src, dst], i) => console.log(`  ${src} → ${dst}: ${summary(latencies[i])}`));
  console.log(`  all ${all.length}: ${summary(all)}`);
  await sleep(300);
  console.log(`  maker ${reaction()}`);
}
if (rpcLatency > 0 && idleSeconds > 0) {
  // Idle: nothing to pay; a few seconds for the last payouts' receipts, then count.
  await sleep(5000);
  const ports = Object.values(proxied).map(([p]) => p);
  await Promise.all(ports.map((p) => fetch(`http://127.0.0.1:${p}/__proxy/reset`, { method: "POST" })));
  const heads = await Promise.all(state.chains.map((c) => blockNumber(c.rpc_url)));
  await sleep(idleSeconds * 1000);
  const stats = await Promise.all(ports.map((p) => proxyStats(p)));
  const blocks = await Promise.all(state.chains.map(async (c, i) => (await blockNumber(c.rpc_url)) - heads[i]));
  console.log(`idle through the provider proxy (${rpcLatency} ms latency, ${rpcWs ? "WebSocket passed through" : "no WebSocket"}), ${idleSeconds} s with nothing to pay:`);
  state.chains.forEach((c, i) => {
    const s = stats[i];
    const secs = s.seconds || idleSeconds;
    console.log(`  chain ${c.chain_id}: ${((s.calls ?? 0) / secs).toFixed(2)} calls/s, ${((s.requests ?? 0) / secs).toFixed(2)} requests/s ` +
      `(${s.calls ?? 0} calls in ${s.requests ?? 0} requests, ${secs.toFixed(1)} s, ${blocks[i]} blocks; ${JSON.stringify(s.methods ?? {})})`);
  });
}
if (windowSeconds <= 0) {
  perch.kill("SIGTERM");
  process.exit(0);
}

// ---- sustained throughput ----
// Senders per source chain, each sending consecutive nonces (the node queues them in order).
const SENDERS_PER_SOURCE = 40;
const senders = new Map();
for (const id of [1, 8453, 42161]) {
  const list = [];
  for (let i = 0; i < SENDERS_PER_SOURCE; i++) {
    const address = await d.freshAccount(rpcOf(id), senderSeq++, 1000n);
    list.push({ address, nonce: Number(await d.rpc(rpcOf(id), "eth_getTransactionCount", [address, "pending"])) });
  }
  senders.set(id, { list, next: 0 });
}
const noncesBefore = Object.fromEntries(await Promise.all([1, 8453, 42161].map(async (id) => [id, await makerNonce(id)])));

/** Sends `count` deposits src → dst in one JSON-RPC batch; returns them. */
async function sendBatch(src, dst, count) {
  const pool = senders.get(src);
  const planned = Array.from({ length: count }, () => {
    const s = pool.list[pool.next++ % pool.list.length];
    return { chainId: src, dst, recipient: fresh(), from: s.address, nonce: s.nonce++ };
  });
  const calls = planned.map((p) => ["eth_sendTransaction", [depositTx(p)]]);
  const hashes = await d.rpcBatch(rpcOf(src), calls);
  planned.forEach((p, i) => (p.hash = hashes[i]));
  return planned;
}
function depositTx({ from, dst, recipient, nonce }) {
  const data = encodeFunctionData({ abi: depositorAbi, functionName: "deposit", args: [d.ZERO, AMOUNT, BigInt(dst), recipient, 0n] });
  return { from, to: depositor, data, value: d.hex(AMOUNT), gas: d.hex(200000), nonce: d.hex(nonce) };
}

log(`throughput: offering ${rate} deposits/s to each of ${DESTINATIONS.map((x) => x.dst).join(", ")} for ${windowSeconds} s`);
const deposits = [];
const t0 = Date.now();
const sentTo = new Map(DESTINATIONS.map((x) => [x.dst, 0]));
while (Date.now() - t0 < windowSeconds * 1000) {
  const elapsed = (Date.now() - t0) / 1000;
  const sends = [];
  for (const { dst, sources } of DESTINATIONS) {
    const due = Math.floor(rate * elapsed) - sentTo.get(dst);
    if (due <= 0) continue;
    sentTo.set(dst, sentTo.get(dst) + due);
    // Split between the two sources.
    const half = Math.ceil(due / 2);
    sends.push(sendBatch(sources[0], dst, half));
    if (due - half > 0) sends.push(sendBatch(sources[1], dst, due - half));
  }
  for (const batch of await Promise.all(sends)) deposits.push(...batch);
  await sleep(100);
}
const sendSeconds = (Date.now() - t0) / 1000;
const lastSentAt = Date.now();
log(`throughput: ${deposits.length} deposits sent in ${sendSeconds.toFixed(1)} s; waiting for the payouts`);

// Completion: poll perch for every order (all final), then read the payouts' blocks.
const orders = await d.waitFinal(perchUrl, deposits, 600000);
const drainSeconds = (Date.now() - lastSentAt) / 1000;
const notCompleted = orders.filter((o) => o.state !== "completed");
let failedCheck = notCompleted.length > 0;
if (notCompleted.length) console.log(`${notCompleted.length} orders not completed, e.g. ${notCompleted[0].state}: ${notCompleted[0].reason}`);
console.log(`sustained payouts, ${rate} deposits/s offered to each destination for ${sendSeconds.toFixed(1)} s, the three at once ` +
  `(${deposits.length} deposits; all final ${drainSeconds.toFixed(1)} s after the last was sent):`);
for (const { dst } of DESTINATIONS) {
  const mine = deposits.map((x, i) => [x, orders[i]]).filter(([x]) => x.dst === dst);
  const receipts = await d.rpcBatch(rpcOf(dst), mine.map(([, o]) => ["eth_getTransactionReceipt", [o.dst_tx_hash]]));
  const perBlock = new Map();
  for (const r of receipts) perBlock.set(Number(r.blockNumber), (perBlock.get(Number(r.blockNumber)) ?? 0) + 1);
  const numbers = [...perBlock.keys()].sort((a, b) => a - b);
  const [first, last] = await d.rpcBatch(rpcOf(dst), [
    ["eth_getBlockByNumber", [d.hex(numbers[0]), false]],
    ["eth_getBlockByNumber", [d.hex(numbers.at(-1)), false]],
  ]);
  const span = Number(last.timestamp) - Number(first.timestamp) + 1;
  const counts = [];
  for (let b = numbers[0]; b <= numbers.at(-1); b++) counts.push(perBlock.get(b) ?? 0);
  const got = await d.balancesOf(rpcOf(dst), mine.map(([x]) => x.recipient));
  const exact = mine.filter(([, o], i) => got[i] === BigInt(o.receive_amount) && got[i] > 0n).length;
  const nonceGrowth = (await makerNonce(dst)) - noncesBefore[dst];
  const ok = exact === mine.length && nonceGrowth === mine.length;
  failedCheck ||= !ok;
  console.log(`  → ${dst}: ${mine.length} payouts in blocks ${numbers[0]}–${numbers.at(-1)} (${counts.length} blocks, ${span} s by ` +
    `their timestamps) = ${(mine.length / span).toFixed(1)} payouts/s; double pays: maker nonce +${nonceGrowth} for ` +
    `${mine.length} payouts, ${exact}/${mine.length} recipients exact${ok ? "" : "  ← FAIL"}`);
  console.log(`    payouts per block: ${counts.join(" ")}`);
}
console.log(`maker ${reaction()} (all payouts of the run)`);
perch.kill("SIGTERM");
process.exit(failedCheck ? 1 : 0);
