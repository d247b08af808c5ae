// What the fault scenarios share (faults.mjs's built-in ones in scripts/builtin-faults/, and the
// context it hands the attacks in scripts/faults/): the command line, the devnet's state.json, perch
// as a child process with its SQLite file, deposits planned, sent and checked against chain
// balances, and the maker's nonces.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as d from "./bridge-driver.mjs";

export const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
export const stateDir = path.resolve(args["state-dir"] ?? "");
export const state = JSON.parse(fs.readFileSync(path.join(stateDir, "state.json"), "utf8"));
export const perchBin = path.resolve(args.perch ?? "../build/server/perch");
export const port = Number(args.port ?? 8196);
// Attack scenarios live in scripts/faults/<name>.mjs, each exporting `run(t)` with the context below.
export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");
export const perchUrl = `http://127.0.0.1:${port}`;
export const rpcOf = (id) => state.chains.find((c) => c.chain_id === id).rpc_url;
export const nodeOf = (id) => state.chains.find((c) => c.chain_id === id);
export const depositor = state.contracts.Depositor;
export const maker = state.maker;
export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
export const log = (...a) => console.log(`[faults ${new Date().toISOString().slice(11, 23)}]`, ...a);

export let passed = 0;
export let failed = 0;
export function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (ok) passed++;
  else failed++;
}

// ---- perch as a child process ----
export let perch = null;
export let dbPath = "";
// The perch of these tests serves no web app (a missing web_root): gzipping web/dist at each
// start would only slow the restarts the scenarios time.
export function writeConfig(name) {
  dbPath = path.join(stateDir, `${name}.db`);
  fs.rmSync(dbPath, { force: true });
  const config = {
    host: "127.0.0.1", port, database_url: `sqlite:${dbPath}`, chain_profile: path.join(stateDir, "state.json"),
    maker_key_file: "devnet/maker.key", web_root: path.join(stateDir, "no-web-app"), access_log: false,
    // A payout whose estimate keeps reverting is refunded unsent after 10 s (the least allowed;
    // 5 min by default), so the revert scenario's refund comes within its wait.
    maker: { enabled: true, poll_ms: 200, speedup_after_ms: 12000, gas: { unsignable_refund_after_ms: 10000 } },
    ...(state.solana ? { solana: { maker_key_file: "devnet/solana-maker.key" } } : {}),
  };
  const file = path.join(stateDir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(config));
  return file;
}
export async function startPerch(configFile, env = {}) {
  const out = fs.openSync(path.join(stateDir, "perch-faults.log"), "a");
  // The quote key signs the firm quotes of cross-asset routes (ETH <-> SOL).
  const keys = { PERCH_QUOTE_SIGNER_KEY_FILE: "devnet/quote-signer.key" };
  perch = spawn(perchBin, ["serve", "--config", configFile], { cwd: root, env: { ...process.env, ...keys, ...env }, stdio: ["ignore", out, out] });
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
export function killPerch(signal = "SIGKILL") {
  const p = perch;
  perch = null;
  if (!p) return Promise.resolve();
  return new Promise((ok) => {
    p.once("exit", ok);
    p.kill(signal);
  });
}

// ---- helpers ----
export let accountSeq = Date.now() % 1_000_000 * 1000;
export const freshAddress = () => "0x" + (0xfa017000000000n + BigInt(accountSeq++)).toString(16).padStart(40, "0");
export async function makerNonces() {
  const out = {};
  for (const c of state.chains) out[c.chain_id] = Number(await d.rpc(c.rpc_url, "eth_getTransactionCount", [maker, "latest"]));
  return out;
}
export const tokenAddress = (symbol) => (symbol === "ETH" ? d.ZERO : state.contracts[symbol]);
export const group = (xs, key) => xs.reduce((m, x) => m.set(key(x), [...(m.get(key(x)) ?? []), x]), new Map());

/**
 * Waits until nothing the maker signed is in flight: on every chain its pending nonce equals its
 * mined one, and (when `stored`) perch's database holds no pending maker transaction, three checks
 * in a row a second apart (two blocks). A payout wrongly sent twice is then mined and counted by
 * the nonce checks that follow, however slow the machine. Throws past the deadline.
 */
export async function makerSettled(label, { stored = true, timeoutMs = 60000 } = {}) {
  let quiet = 0;
  for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(1000)) {
    const inFlight = await Promise.all(state.chains.map(async (c) => {
      const [pending, latest] = await Promise.all(["pending", "latest"].map((tag) => d.rpc(c.rpc_url, "eth_getTransactionCount", [maker, tag])));
      return Number(pending) - Number(latest);
    }));
    const unsettled = stored ? sql("SELECT COUNT(*) AS n FROM maker_txs WHERE state = 'pending'")[0].n : 0;
    quiet = inFlight.every((n) => n === 0) && unsettled === 0 ? quiet + 1 : 0;
    if (quiet >= 3) return;
  }
  throw new Error(`${label}: the maker still had transactions in flight after ${timeoutMs / 1000} s`);
}

/** Balances of (url, owner, token) triples, batched per chain and token. */
export async function balancesOf(items) {
  const out = new Array(items.length);
  const indexed = items.map((it, i) => ({ ...it, i }));
  for (const list of group(indexed, (it) => `${it.url} ${it.token}`).values()) {
    const values = await d.balancesOf(list[0].url, list.map((it) => it.owner), list[0].token);
    list.forEach((it, k) => (out[it.i] = values[k]));
  }
  return out;
}

/**
 * Plans `n` deposits over `routes` ({src, dst, token}): fresh funded senders (ETH; USDC minted and
 * approved beforehand), fresh recipients, every tenth below the route's minimum (none with
 * `belowMin: false`). Reads the balances the final check starts from.
 */
export async function prepareDeposits(n, routes, { belowMin: someBelowMin = true } = {}) {
  const deposits = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const { src, dst, token } = routes[i % routes.length];
      const belowMin = someBelowMin && i % 10 === 9;
      const amount = token === "ETH"
        ? (belowMin ? 5n * 10n ** 14n : 2n * 10n ** 15n + BigInt(i) * 10n ** 13n)
        : (belowMin ? 500_000n : 5_000_000n + BigInt(i) * 10_000n); // USDC has 6 decimals
      const from = await d.freshAccount(rpcOf(src), accountSeq++, 1n);
      return { chainId: src, dst, token, tokenAddr: tokenAddress(token), from, recipient: freshAddress(), amount, belowMin };
    }),
  );
  const tokenDeps = deposits.filter((x) => x.token !== "ETH");
  const setup = await Promise.all(
    tokenDeps.flatMap((x) => [
      d.mint(rpcOf(x.chainId), { deployer: state.accounts.deployer, token: x.tokenAddr, to: x.from, amount: x.amount }),
      d.approve(rpcOf(x.chainId), { from: x.from, token: x.tokenAddr, spender: depositor, amount: x.amount }),
    ]),
  );
  for (let i = 0; i < setup.length; i++) {
    const r = await d.waitReceipt(rpcOf(tokenDeps[i >> 1].chainId), setup[i]);
    if (r.status !== "0x1") throw new Error("token setup transaction reverted");
  }
  const ethBefore = await balancesOf(deposits.map((x) => ({ url: rpcOf(x.chainId), owner: x.from, token: d.ZERO })));
  const tokenBefore = await balancesOf(deposits.map((x) => ({ url: rpcOf(x.chainId), owner: x.from, token: x.tokenAddr })));
  const recipientBefore = await balancesOf(deposits.map((x) => ({ url: rpcOf(x.dst), owner: x.recipient, token: x.tokenAddr })));
  deposits.forEach((x, i) => Object.assign(x, { ethBefore: ethBefore[i], tokenBefore: tokenBefore[i], recipientBefore: recipientBefore[i] }));
  return deposits;
}

/** Sends every planned deposit at once; resolves when the nodes have accepted them all. */
export async function sendDeposits(deposits) {
  await Promise.all(
    deposits.map(async (x) => {
      x.hash = await d.sendDeposit(rpcOf(x.chainId), { from: x.from, depositor, token: x.tokenAddr, amount: x.amount, dst: x.dst, recipient: x.recipient, channel: x.channel ?? 0 });
    }),
  );
  return deposits;
}

/** ETH-only routes from [src, dst] pairs (the outage and stuck scenarios). */
export const ethRoutes = (pairs) => pairs.map(([src, dst]) => ({ src, dst, token: "ETH" }));
export const depositBatch = async (n, pairs) => sendDeposits(await prepareDeposits(n, ethRoutes(pairs)));

/** The token amount `data` of an ERC-20 transfer(to, amount) sends to `to`, or null. */
export function transferTo(data, to) {
  if (!data?.startsWith("0xa9059cbb") || data.length !== 138) return null;
  return BigInt("0x" + data.slice(34, 74)) === BigInt(to) ? BigInt("0x" + data.slice(74)) : null;
}

/**
 * Checks each final order against chain balances. A valid deposit: the recipient's balance rose
 * by exactly the receive amount and the sender got nothing back. A below-minimum one: the
 * recipient got nothing and the sender got back exactly what the one refund transaction sent,
 * more than 0 and less than the deposit (its cost is kept). Returns payouts + refunds per chain.
 */
export async function verifyOrders(deposits, orders, label) {
  const receipts = await Promise.all(deposits.map((x) => d.waitReceipt(rpcOf(x.chainId), x.hash)));
  const ethAfter = await balancesOf(deposits.map((x) => ({ url: rpcOf(x.chainId), owner: x.from, token: d.ZERO })));
  const tokenAfter = await balancesOf(deposits.map((x) => ({ url: rpcOf(x.chainId), owner: x.from, token: x.tokenAddr })));
  const recipientAfter = await balancesOf(deposits.map((x) => ({ url: rpcOf(x.dst), owner: x.recipient, token: x.tokenAddr })));
  let paid = 0;
  let refunded = 0;
  const bad = [];
  const perChain = {};
  const bump = (id) => (perChain[id] = (perChain[id] ?? 0) + 1);
  for (let i = 0; i < deposits.length; i++) {
    const x = deposits[i];
    const o = orders[i];
    const gas = d.gasCost(receipts[i]);
    const native = x.token === "ETH";
    const received = recipientAfter[i] - x.recipientBefore;
    // What came back to the sender beyond the deposit and its gas, in the deposited token.
    const back = native ? ethAfter[i] - (x.ethBefore - x.amount - gas) : tokenAfter[i] - (x.tokenBefore - x.amount);
    const noEthBack = native || ethAfter[i] === x.ethBefore - gas;
    if (o?.state === "completed") bump(x.dst);
    if (o?.state === "refunded") bump(x.chainId);
    if (!x.belowMin) {
      if (o?.state === "completed" && received === BigInt(o.receive_amount) && received > 0n && back === 0n && noEthBack) paid++;
      else bad.push(`${x.chainId}:${x.hash} ${o?.state} received ${received} back ${back}`);
      continue;
    }
    const r = o?.state === "refunded" ? await d.rpc(rpcOf(x.chainId), "eth_getTransactionByHash", [o.refund_tx_hash]) : null;
    const sent = !r ? null : native ? (r.to.toLowerCase() === x.from.toLowerCase() ? BigInt(r.value) : null) : transferTo(r.input, x.from);
    if (received === 0n && sent !== null && back === sent && back > 0n && back < x.amount && noEthBack) refunded++;
    else bad.push(`${x.chainId}:${x.hash} ${o?.state} received ${received} back ${back} refund tx sent ${sent}`);
  }
  const wantPaid = deposits.filter((x) => !x.belowMin).length;
  const wantRefunds = deposits.length - wantPaid;
  check(paid === wantPaid, `${label}: ${paid}/${wantPaid} recipients' balances rose by exactly their receive amount, nothing back to the senders`);
  check(refunded === wantRefunds, `${label}: ${refunded}/${wantRefunds} below-minimum deposits refunded once (the sender's balance rose by the refund transfer, 0 < refund < deposit; the recipient got nothing)`);
  for (const b of bad.slice(0, 5)) log(`${label}: unexpected: ${b}`);
  return perChain;
}

/**
 * What perch had in flight when it was killed, from its SQLite file (read-only, perch is dead so
 * it holds exactly what was committed) and the chains: orders per in-flight state; maker
 * transactions stored as pending, those of them not mined (nonce at or above the maker's mined
 * count, read right after the kill), and of those the ones no node has seen (signed and stored,
 * never broadcast).
 */
export async function inFlightAtKill() {
  const mined = await makerNonces();
  const states = Object.fromEntries(sql("SELECT state, COUNT(*) AS n FROM bridge_orders GROUP BY state").map((r) => [r.state, r.n]));
  const attempts = sql(
    "SELECT m.id, m.chain_id, m.nonce, a.tx_hash FROM maker_txs m JOIN maker_tx_attempts a ON a.maker_tx_id = m.id " +
      "WHERE m.state = 'pending'",
  );
  const unmined = attempts.filter((a) => a.nonce >= mined[a.chain_id]);
  const known = new Set();
  for (const [chainId, list] of group(unmined, (a) => a.chain_id)) {
    const txs = await d.rpcBatch(rpcOf(chainId), list.map((a) => ["eth_getTransactionByHash", [a.tx_hash]]));
    list.forEach((a, k) => txs[k] && known.add(a.id));
  }
  const count = (xs) => new Set(xs.map((a) => a.id)).size;
  return {
    final: (states.completed ?? 0) + (states.refunded ?? 0), confirming: states.confirming ?? 0, queued: states.queued ?? 0, paying: states.paying ?? 0, refunding: states.refunding ?? 0,
    pendingTxs: count(attempts), unminedTxs: count(unmined), unbroadcastTxs: count(unmined.filter((a) => !known.has(a.id))),
  };
}
export function sql(query) {
  const out = execFileSync("sqlite3", ["-readonly", "-json", dbPath, query], { encoding: "utf8" });
  return out.trim() ? JSON.parse(out) : [];
}

/** The next fresh account's number (d.freshAccount): each call a new one. */
export const nextAccount = () => accountSeq++;
