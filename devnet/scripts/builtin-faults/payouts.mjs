// revert, reorg, outage, stuck: one payout or deposit meets a fault of the chain (a reverting
// recipient, a reorganisation, a frozen node, a node that stops mining); faults.mjs describes each.
import fs from "node:fs";
import path from "node:path";
import * as d from "../lib/bridge-driver.mjs";
import { refundL1Bound } from "../lib/op-fee.mjs";
import { check, depositBatch, depositor, ethRoutes, freshAddress, killPerch, log, maker, makerNonces, makerSettled, nextAccount, nodeOf, perchUrl, prepareDeposits, root, rpcOf, sendDeposits, sleep, sql, startPerch, state, stateDir, verifyOrders, writeConfig } from "../lib/fault-context.mjs";

export async function revertedPayout() {
  const config = writeConfig("faults-revert");
  await startPerch(config);
  const [src, dst] = [8453, 42161];
  const artifact = JSON.parse(fs.readFileSync(path.join(root, "devnet/artifacts/RejectingReceiver.json"), "utf8"));
  const owner = await d.freshAccount(rpcOf(dst), nextAccount(), 1n);
  const deploy = await d.rpc(rpcOf(dst), "eth_sendTransaction", [{ from: owner, data: artifact.bytecode, gas: d.hex(300000) }]);
  const rejecter = (await d.waitReceipt(rpcOf(dst), deploy)).contractAddress;
  const noncesBefore = await makerNonces();
  const [x] = await sendDeposits((await prepareDeposits(1, ethRoutes([[src, dst]]))).map((p) => ({ ...p, recipient: rejecter })));
  const [o] = await d.waitFinal(perchUrl, [x], 90000);
  // The payout's gas estimate reverts (the contract rejects ETH): it is never sent, and once the
  // estimates have said so for maker.gas.unsignable_refund_after_ms the deposit is refunded.
  check(o?.state === "refunded" && /cannot be sent on the destination/.test(o.reason),
    `revert: the order to a contract that rejects ETH is refunded (${o?.state}: ${o?.reason})`);
  check(!o?.dst_tx_hash && (await d.balanceOf(rpcOf(dst), rejecter)) === 0n,
    "revert: its payout was never sent (its estimate reverted), and the contract got nothing");
  const receipt = await d.waitReceipt(rpcOf(src), x.hash);
  const back = (await d.balanceOf(rpcOf(src), x.from)) - (x.ethBefore - x.amount - d.gasCost(receipt));
  const refund = o?.refund_tx_hash ? await d.rpc(rpcOf(src), "eth_getTransactionByHash", [o.refund_tx_hash]) : null;
  const cost = x.amount - back;
  // The refund's deduction covers its own gas at the fee cap it was first signed with (perch's
  // table). It is priced with the fixed 50,000 limit while the transaction is signed with the
  // estimated one, so the deduction is at least the signed limit's cost (exact again once the
  // deduction uses the estimate).
  const [first] = sql("SELECT a.max_fee_per_gas AS fee FROM maker_tx_attempts a JOIN maker_txs m ON m.id = a.maker_tx_id " +
    "WHERE m.kind = 'refund' ORDER BY a.id LIMIT 1");
  // Base is an OP-stack chain: the deduction holds the bound of the refund's L1 data fee besides.
  const l1 = refund ? await refundL1Bound(rpcOf(src), refund, x.amount) : 0n;
  const signed = first && refund ? BigInt(refund.gas) * BigInt(first.fee) + l1 : -1n;
  const fixed = first ? 50000n * BigInt(first.fee) + l1 : -1n;
  check(refund?.to.toLowerCase() === x.from.toLowerCase() && BigInt(refund.value) === back && cost > 0n && cost >= signed && cost <= fixed,
    `revert: the depositor got back ${back} of ${x.amount} wei: the amount minus the refund's cost, ${cost} wei ` +
      `(at least its signed gas limit x fee cap ${signed}, at most 50,000 x fee cap ${fixed}, each with its L1 fee's bound ${l1})`);
  const noncesAfter = await makerNonces();
  check(noncesAfter[dst] - noncesBefore[dst] === 0 && noncesAfter[src] - noncesBefore[src] === 1,
    `revert: the maker sent no payout on ${dst} and one refund on ${src} (nonces +${noncesAfter[dst] - noncesBefore[dst]}, +${noncesAfter[src] - noncesBefore[src]})`);
  await killPerch("SIGTERM");
}

export async function reorg() {
  const config = writeConfig("faults-reorg");
  await startPerch(config, { PERCH_MAKER_CONFIRMATIONS: "6" });
  const src = 8453;
  const url = rpcOf(src);
  const noncesBefore = await makerNonces();
  const snapshot = await d.rpc(url, "evm_snapshot");
  const from = await d.freshAccount(url, nextAccount(), 1n);
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
  await makerSettled("reorg");
  check((await d.balanceOf(rpcOf(42161), recipient)) === 0n, "reorg: the recipient received nothing");
  const noncesAfter = await makerNonces();
  check(noncesAfter[42161] === noncesBefore[42161], "reorg: the maker sent no transaction on the destination");
  await killPerch("SIGTERM");
}

export async function outage() {
  const config = writeConfig("faults-outage");
  await startPerch(config);
  const dst = 42161;
  const deposits = await depositBatch(20, [[8453, dst], [1, dst]]);
  const node = nodeOf(dst);
  // SIGSTOP freezes the node instead of killing it: a Hardhat node keeps its chain in memory
  // only (Hardhat 3 has no state dump / load over RPC, only a Solidity-test cheatcode), so a
  // killed node would come back as a fresh chain without the maker's funds, nonces or the
  // Depositor; and the devnet runner stops the whole devnet when one of its nodes exits. A frozen
  // node is what perch meets when an RPC endpoint hangs: connections open, no answers, timeouts.
  // A chain that shares its process with others (scripts/hardhat-host.mjs) is frozen alone through
  // the host: its requests and WebSocket messages wait unanswered for the 30 s, the other chains go on.
  const shared = state.chains.some((c) => c.chain_id !== dst && c.pid === node.pid);
  if (shared) await fetch(`${node.rpc_url}/__devnet/freeze?ms=30000`, { method: "POST" }).then((r) => check(r.ok, "outage: host froze the chain"));
  else process.kill(node.pid, "SIGSTOP");
  log(`outage: destination node ${dst} (pid ${node.pid}${shared ? ", frozen in its host" : ""}) stopped for 30 s`);
  await sleep(30000);
  if (!shared) process.kill(node.pid, "SIGCONT");
  log("outage: destination node continued");
  const t0 = Date.now();
  const orders = await d.waitFinal(perchUrl, deposits, 120000);
  log(`outage: all final ${Date.now() - t0} ms after the node came back`);
  await verifyOrders(deposits, orders, "outage");
  await killPerch("SIGTERM");
}

export async function stuck() {
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
