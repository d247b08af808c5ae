// refund-flood: deposits of a worthless token must never freeze the refunds of a chain (issue 32,
// section 2). An attacker deploys an ERC-20 of its own on an L2 (cents of gas each) and makes 300
// deposits of it through the Depositor; then someone makes a below-minimum ETH deposit on the same
// chain. The ETH deposit must be refunded within 60 s (from perch's order API and from the
// sender's balance), and the 300 worthless deposits must be recorded with their reason in a final
// state, with no payout or refund ever signed for them (none in perch's database, the maker still
// holds every worthless token it was sent).
import fs from "node:fs";
import path from "node:path";
import { encodeDeployData, encodeFunctionData, parseAbi } from "viem";

const FLOOD = 300;
const SRC = 8453;
const DST = 42161;
const REFUND_WITHIN_MS = 60000;
const tokenAbi = parseAbi([
  "function mint(address to, uint256 amount)",
  "function approve(address spender, uint256 amount) returns (bool)",
]);
const depositorAbi = parseAbi([
  "function deposit(address token, uint256 amount, uint256 dstChainId, string recipient, uint256 channel) payable",
]);

/** Sends `txs` from one account with consecutive nonces, in JSON-RPC batches; returns the hashes. */
async function sendAll(t, url, from, txs) {
  let nonce = Number(await t.d.rpc(url, "eth_getTransactionCount", [from, "pending"]));
  const calls = txs.map((tx) => ["eth_sendTransaction", [{ from, ...tx, nonce: t.d.hex(nonce++) }]]);
  return t.d.rpcBatch(url, calls, 100);
}

/** The orders of `hashes` on `chainId` as perch has them now (null: not seen yet). */
async function ordersOf(t, chainId, hashes) {
  const out = [];
  for (let i = 0; i < hashes.length; i += 50) {
    const page = hashes.slice(i, i + 50);
    out.push(...(await Promise.all(page.map((h) => t.d.order(t.perchUrl, chainId, h).catch(() => null)))));
  }
  return out;
}

async function deployWorthlessToken(t, url, owner) {
  const artifact = JSON.parse(fs.readFileSync(path.join(t.root, "devnet/artifacts/TestToken.json"), "utf8"));
  const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: ["Worthless", "WRTH", 18] });
  const hash = await t.d.rpc(url, "eth_sendTransaction", [{ from: owner, data, gas: t.d.hex(3_000_000) }]);
  const receipt = await t.d.waitReceipt(url, hash);
  if (receipt.status !== "0x1") throw new Error("the worthless token's deployment reverted");
  return receipt.contractAddress;
}

export async function run(t) {
  const { check, log, sleep, d } = t;
  const url = t.rpcOf(SRC);
  await t.startPerch(t.writeConfig("faults-refund-flood"));

  // The attacker's own token, 300 deposits of one unit each (approve once, then deposit, batched).
  const attacker = await d.freshAccount(url, t.nextAccount(), 10n);
  const token = await deployWorthlessToken(t, url, attacker);
  const unit = 10n ** 18n;
  const setup = await sendAll(t, url, attacker, [
    { to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: "mint", args: [attacker, unit * BigInt(FLOOD)] }), gas: d.hex(100000) },
    { to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [t.depositor, unit * BigInt(FLOOD)] }), gas: d.hex(100000) },
  ]);
  for (const h of setup) if ((await d.waitReceipt(url, h)).status !== "0x1") throw new Error("worthless token setup reverted");
  const makerBefore = await d.balanceOf(url, t.maker, token);
  const deposits = Array.from({ length: FLOOD }, () => ({
    to: t.depositor,
    data: encodeFunctionData({ abi: depositorAbi, functionName: "deposit", args: [token, unit, BigInt(DST), t.freshAddress(), 0n] }),
    gas: d.hex(200000),
  }));
  const floodHashes = await sendAll(t, url, attacker, deposits);
  // One sender, consecutive nonces: once the last is mined, all are.
  await d.waitReceipt(url, floodHashes.at(-1), 120000);
  const receipts = await d.rpcBatch(url, floodHashes.map((h) => ["eth_getTransactionReceipt", [h]]));
  check(receipts.every((r) => r?.status === "0x1"), `refund-flood: ${FLOOD} deposits of a worthless token mined on chain ${SRC}`);

  // Every one of them confirmed and judged by perch before the honest deposit comes (counted in
  // perch's database, read-only; the verdicts below come from its order API).
  const tokenLower = token.toLowerCase();
  let judged = 0;
  for (const until = Date.now() + 60000; Date.now() < until; await sleep(500)) {
    judged = t.sql(`SELECT COUNT(*) AS n FROM bridge_orders WHERE token_address = '${tokenLower}' AND state <> 'confirming'`)[0].n;
    if (judged === FLOOD) break;
  }
  log(`refund-flood: ${judged}/${FLOOD} worthless deposits judged: ` +
    JSON.stringify(t.sql(`SELECT state, COUNT(*) AS n FROM bridge_orders WHERE token_address = '${tokenLower}' GROUP BY state`)));

  // The honest user: a below-minimum ETH deposit on the same chain, owed its refund.
  const from = await d.freshAccount(url, t.nextAccount(), 1n);
  const amount = 5n * 10n ** 14n;
  const before = await d.balanceOf(url, from);
  const hash = await d.sendDeposit(url, { from, depositor: t.depositor, amount, dst: DST, recipient: t.freshAddress() });
  const receipt = await d.waitReceipt(url, hash);
  const minedAt = Date.now();
  let honest = null;
  while (Date.now() - minedAt < REFUND_WITHIN_MS) {
    honest = await d.order(t.perchUrl, SRC, hash).catch(() => null);
    if (honest && ["refunded", "failed", "completed"].includes(honest.state)) break;
    await sleep(250);
  }
  const took = Date.now() - minedAt;
  log(`refund-flood: the below-minimum ETH deposit is ${honest?.state} ${took} ms after its block (${honest?.reason})`);
  check(honest?.state === "refunded" && took <= REFUND_WITHIN_MS,
    `refund-flood: behind ${FLOOD} worthless deposits, a below-minimum ETH deposit is refunded within ${REFUND_WITHIN_MS / 1000} s ` +
      `(${honest?.state} after ${took} ms)`);
  const refund = honest?.refund_tx_hash ? await d.rpc(url, "eth_getTransactionByHash", [honest.refund_tx_hash]) : null;
  if (refund) await d.waitReceipt(url, honest.refund_tx_hash);
  const back = (await d.balanceOf(url, from)) - (before - amount - d.gasCost(receipt));
  check(refund !== null && refund.to.toLowerCase() === from.toLowerCase() && BigInt(refund.value) === back && back > 0n && back < amount,
    `refund-flood: the sender's balance rose by exactly its one refund transfer, 0 < ${back} < ${amount} wei`);

  // The worthless deposits: recorded, with their reason, final, never paid and never refunded.
  const flood = await ordersOf(t, SRC, floodHashes);
  const rejected = flood.filter((o) => o?.state === "rejected" && /does not list this token/.test(o.reason) && !o.dst_tx_hash && !o.refund_tx_hash);
  check(rejected.length === FLOOD,
    `refund-flood: ${rejected.length}/${FLOOD} worthless deposits are recorded as rejected with their reason ` +
      `(states ${JSON.stringify(countBy(flood, (o) => o?.state ?? "unseen"))}; reason: ${flood[0]?.reason})`);
  const keys = flood.filter(Boolean).map((o) => `'${o.order_key}'`).join(",");
  const signed = keys ? t.sql(`SELECT COUNT(*) AS n FROM maker_txs m JOIN bridge_orders o ON o.id = m.order_id WHERE o.order_key IN (${keys})`)[0].n : -1;
  const makerAfter = await d.balanceOf(url, t.maker, token);
  check(signed === 0 && makerAfter === makerBefore + unit * BigInt(FLOOD),
    `refund-flood: no payout or refund was ever signed for them (${signed} maker transactions; the maker holds all ${FLOOD} worthless units)`);
  await t.killPerch("SIGTERM");
}

function countBy(xs, key) {
  const out = {};
  for (const x of xs) out[key(x)] = (out[key(x)] ?? 0) + 1;
  return out;
}
