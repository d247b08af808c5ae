// swap-revert: a bridge-and-swap's destination swap is paid for by the user (issue 32, section 7).
// Before, the quote charged the flat `dtc` (a plain transfer's gas) while the maker paid the
// multi-hop swap's gas, and a swap that an attacker made revert on chain was refunded in full: the
// maker paid the reverted swap's gas, the attacker got the deposit back, as often as they liked.
//   N  an honest ETH (Base) -> USDC (Arbitrum) deposit built by build_tx: the quote's
//      `swap.gas_fee_wei` is what the payout keeps (the bridged amount less what the maker sends
//      the executor), and it is more than nothing;
//   A  the attacker's deposit asks for a tight minimum (10 bps under the quote). Arbitrum stops
//      mining while the maker signs and broadcasts its swap payout; a whale's 50 ETH swap along the quote's
//      own paths, sent with a higher tip, is mined first in the same block (Hardhat's
//      mempool orders by fee), so the payout reverts (InsufficientOutput). The order is refunded
//      once, at the user's cost: refund = deposit - the refund's gas (50 000 x its max fee, as
//      for every refund) - the gas the reverted payout burned (gasUsed x effectiveGasPrice), the
//      reason says what was kept back, and the maker's loss on the order is bounded: what it
//      received covers the refund, its gas and the reverted swap's gas.
// Arbitrum's base fee is pinned at zero first (an idle devnet's falls 12.5 % a block), so the
// node's gas price holds between the quote and the payout, as the equality in N needs.
import { encodeFunctionData, parseAbi, parseUnits } from "viem";
import { refundL1Bound } from "../lib/op-fee.mjs";

const SRC = 8453;
const DST = 42161;
const AMOUNT = "0.05";
const FINAL_WITHIN_MS = 120000;

const executorAbi = parseAbi([
  "struct Hop { address pool; uint8 kind; address tokenIn; address tokenOut; uint24 fee; }",
  "struct SwapPath { uint256 amountIn; Hop[] hops; }",
  "function execute(address tokenIn, address tokenOut, uint256 amountIn, SwapPath[] paths, uint256 minAmountOut, address recipient, uint256 deadline) payable",
]);

/** A whale's 50 ETH trade along the very paths of the victim's quote (the maker computes the same route at payout time). */
function frontRun(t, route, whale) {
  const total = parseUnits("50", 18);
  const paths = route.map((leg) => ({
    amountIn: (total * BigInt(leg.share_bps)) / 10000n,
    hops: leg.hops.map((h) => ({ pool: h.pool, kind: h.venue === "uniswap-v3" ? 3 : 2, tokenIn: h.token_in, tokenOut: h.token_out,
      fee: h.venue === "uniswap-v3" ? Number(h.fee_ppm) : 0 })),
  }));
  const value = paths.reduce((sum, p) => sum + p.amountIn, 0n);
  const data = encodeFunctionData({ abi: executorAbi, functionName: "execute",
    args: [t.d.ZERO, t.state.contracts.USDC, value, paths, 1n, whale, 4000000000n] });
  return { data, value };
}

async function api(t, path, body) {
  const res = await fetch(`${t.perchUrl}/api/${path}`, body
    ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
    : undefined);
  return { status: res.status, body: await res.json() };
}

async function poolsReady(t) {
  for (const until = Date.now() + 120000; Date.now() < until; await t.sleep(500)) {
    const r = await api(t, "swap_api/v1/chains").catch(() => null);
    if (r?.body?.data?.chains?.some((c) => c.chain_id === DST && c.ready)) return;
  }
  throw new Error(`swap-revert: the pools of chain ${DST} were not read within 120 s`);
}

/** build_tx of an ETH -> USDC bridge-and-swap of AMOUNT. */
async function built(t, sender, recipient, slippage) {
  const r = await api(t, "bridge_api/v1/build_tx", { from_chain_id: SRC, to_chain_id: DST, token: "ETH", amount: AMOUNT,
    sender, recipient, to_token: t.state.contracts.USDC, slippage_bps: slippage });
  if (r.body.code !== 0) throw new Error(`build_tx: ${r.status} ${r.body.msg}`);
  return r.body.data;
}

async function sendBuilt(t, from, tx) {
  return t.d.rpc(t.rpcOf(SRC), "eth_sendTransaction", [{ from, to: tx.to, data: tx.data, value: t.d.hex(BigInt(tx.value)), gas: t.d.hex(300000) }]);
}

async function waitState(t, hash, states, ms = FINAL_WITHIN_MS) {
  let o = null;
  for (const until = Date.now() + ms; Date.now() < until; await t.sleep(200)) {
    o = await t.d.order(t.perchUrl, SRC, hash).catch(() => null);
    if (o && states.includes(o.state)) return o;
  }
  return o;
}

async function honestSwap(t) {
  const { d, log, check } = t;
  const sender = await d.freshAccount(t.rpcOf(SRC), t.nextAccount(), 1n);
  const recipient = t.freshAddress();
  const b = await built(t, sender, recipient, 500);
  const swap = b.quote.swap;
  const quoted = swap?.gas_fee_wei === undefined ? -1n : BigInt(swap.gas_fee_wei);
  const hash = await sendBuilt(t, sender, b.deposit);
  const o = await waitState(t, hash, ["completed", "refunded", "failed"]);
  let charged = -1n;
  if (o?.state === "completed") {
    const payout = await d.rpc(t.rpcOf(DST), "eth_getTransactionByHash", [o.dst_tx_hash]);
    charged = BigInt(o.receive_amount) - BigInt(payout.value);
  }
  log(`swap-revert: N quoted swap gas ${quoted} wei (${swap?.gas_fee ?? "-"} ETH, ${swap?.gas_units ?? "-"} gas at ${swap?.gas_price_wei ?? "-"} wei), ` +
    `the payout kept ${charged} wei of the ${o?.receive_amount} bridged (${o?.state})`);
  check(o?.state === "completed" && quoted > 0n && charged === quoted,
    `swap-revert: a bridge-and-swap quote's gas_fee (${quoted} wei) is what its payout charged (${charged} wei)`);
}

async function revertedSwap(t) {
  const { d, log, check } = t;
  const src = t.rpcOf(SRC);
  const dst = t.rpcOf(DST);
  const attacker = await d.freshAccount(src, t.nextAccount(), 1n);
  const recipient = t.freshAddress();
  const whale = await d.freshAccount(dst, t.nextAccount(), 1000n);
  const b = await built(t, attacker, recipient, 10);
  const front = frontRun(t, b.quote.swap.route, whale);
  const amount = parseUnits(AMOUNT, 18);
  const pendingOnDst = async () => {
    const [p, l] = await Promise.all(["pending", "latest"].map((tag) => d.rpc(dst, "eth_getTransactionCount", [t.maker, tag])));
    return Number(p) - Number(l);
  };

  await d.rpc(dst, "evm_setIntervalMining", [0]);
  let hash;
  let whaleHash;
  try {
    hash = await sendBuilt(t, attacker, b.deposit);
    const paying = await waitState(t, hash, ["paying", "completed", "refunding", "refunded"], 60000);
    for (const until = Date.now() + 30000; Date.now() < until && (await pendingOnDst()) === 0; ) await t.sleep(100);
    log(`swap-revert: A is ${paying?.state}, ${await pendingOnDst()} maker transaction(s) in Arbitrum's mempool; the whale swaps 50 ETH first`);
    const gwei = 10n ** 9n;
    whaleHash = await d.rpc(dst, "eth_sendTransaction", [{ from: whale, to: t.state.swap.executor, data: front.data, value: d.hex(front.value), gas: d.hex(3000000),
      maxFeePerGas: d.hex(500n * gwei), maxPriorityFeePerGas: d.hex(200n * gwei) }]);
    await d.rpc(dst, "evm_mine", []);
  } finally {
    await d.rpc(dst, "evm_setIntervalMining", [1000]);
  }
  const whaleReceipt = await d.waitReceipt(dst, whaleHash);
  const o = await waitState(t, hash, ["refunded", "failed", "completed"]);
  const payouts = t.sql(`SELECT m.mined_hash AS h, m.state AS s FROM maker_txs m JOIN bridge_orders o ON o.id = m.order_id ` +
    `WHERE m.kind = 'payout' AND o.src_tx_hash = '${hash}'`);
  const reverted = payouts[0]?.h ? await d.rpc(dst, "eth_getTransactionReceipt", [payouts[0].h]) : null;
  const burned = reverted ? d.gasCost(reverted) : 0n;
  log(`swap-revert: the whale's swap ${whaleReceipt.status} in block ${Number(whaleReceipt.blockNumber)} at ${Number(whaleReceipt.transactionIndex)}, ` +
    `the payout ${reverted?.status} in block ${Number(reverted?.blockNumber)} at ${Number(reverted?.transactionIndex)}`);
  const refunds = t.sql(`SELECT m.id FROM maker_txs m JOIN bridge_orders o ON o.id = m.order_id WHERE m.kind = 'refund' AND o.src_tx_hash = '${hash}'`);
  let back = -1n;
  let refundCap = 0n;
  let refundPaid = 0n;
  if (o?.refund_tx_hash) {
    const refund = await d.rpc(src, "eth_getTransactionByHash", [o.refund_tx_hash]);
    back = BigInt(refund.value);
    // On an OP-stack source (Base) the refund keeps back the bound of its L1 data fee too.
    refundCap = 50000n * BigInt(refund.maxFeePerGas) + (await refundL1Bound(src, refund, amount));
    refundPaid = d.gasCost(await d.waitReceipt(src, o.refund_tx_hash));
  }
  const expected = amount - refundCap - burned;
  const makerNet = amount - back - refundPaid - burned;
  log(`swap-revert: A ${o?.state} (${o?.reason}); payout ${reverted?.status === "0x0" ? "reverted" : reverted?.status} burning ${burned} wei ` +
    `(${reverted ? BigInt(reverted.gasUsed) : 0n} gas); deposit ${amount}, refund ${back} (expected ${amount} - ${refundCap} - ${burned} = ${expected}); ` +
    `maker's net on the order ${makerNet} wei`);
  check(o?.state === "refunded" && reverted?.status === "0x0" && refunds.length === 1,
    `swap-revert: a swap payout made to revert on chain is refunded once (${o?.state}, payout ${reverted?.status}, ${refunds.length} refund)`);
  check(burned > 0n && back === expected,
    `swap-revert: the refund is the deposit less the refund's gas (${refundCap}) and the reverted swap's gas (${burned}): ${back} (expected ${expected})`);
  check(/burned/.test(o?.reason ?? ""), `swap-revert: the order's reason says what was kept back (${o?.reason})`);
  check(makerNet >= 0n, `swap-revert: the maker's loss on the attack is bounded: it keeps ${makerNet} wei (>= 0) after the refund and both gases`);
}

export async function run(t) {
  await t.startPerch(t.writeConfig("faults-swap-revert"));
  try {
    await poolsReady(t);
    // The quote and the payout value the gas at the node's price of their moment: an idle devnet's
    // base fee falls 12.5 % a block, so it is pinned at zero (empty blocks keep it there) and the
    // price is the tip alone, the same for both, as on a chain whose price holds for a few seconds.
    await t.d.rpc(t.rpcOf(DST), "hardhat_setNextBlockBaseFeePerGas", ["0x0"]);
    await t.sleep(6000); // two blocks, and past perch's 5 s gas price cache
    await honestSwap(t);
    await revertedSwap(t);
  } finally {
    await t.killPerch("SIGTERM");
  }
}
