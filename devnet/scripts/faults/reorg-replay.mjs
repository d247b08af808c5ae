// Attack: make the maker pay one deposit twice with a reorganisation (issue 32, section 3).
// A deposit is paid; the source chain is reverted to before it (evm_revert) and the very same
// signed deposit is mined again, this time behind another transaction's log, so that its block-wide
// log index differs. A maker that names orders by that index reads the re-mined deposit as a new
// one and pays again. Verdicts from the chains: the recipient holds exactly one payout and the
// maker's nonce on the destination grew by exactly one.
import { encodeFunctionData, parseAbi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const depositAbi = parseAbi([
  "function deposit(address token, uint256 amount, uint256 dstChainId, string recipient, uint256 channel) payable",
]);
const mintAbi = parseAbi(["function mint(address to, uint256 amount)"]);
const GWEI = 10n ** 9n;

export async function run(t) {
  const { d, check, log, sleep } = t;
  const [src, dst] = [8453, 42161];
  const url = t.rpcOf(src);
  const amount = 3n * 10n ** 15n;
  const recipient = t.freshAddress();
  // The depositor signs its own transaction, so the same bytes can be sent again after the revert.
  const account = privateKeyToAccount(generatePrivateKey());
  await d.rpc(url, "hardhat_setBalance", [account.address, d.hex(10n ** 18n)]);
  const raw = await account.signTransaction({
    type: "eip1559", chainId: src, nonce: 0, to: t.depositor, value: amount, gas: 200000n,
    maxFeePerGas: 50n * GWEI, maxPriorityFeePerGas: GWEI,
    data: encodeFunctionData({ abi: depositAbi, functionName: "deposit", args: [d.ZERO, amount, BigInt(dst), recipient, 0n] }),
  });

  await t.startPerch(t.writeConfig("faults-reorg-replay"));
  const noncesBefore = await t.makerNonces();
  const snapshot = await d.rpc(url, "evm_snapshot");
  const hash = await d.rpc(url, "eth_sendRawTransaction", [raw]);
  const first = await d.waitReceipt(url, hash);
  let o = null;
  for (let i = 0; i < 240 && o?.state !== "completed"; i++) {
    o = await d.order(t.perchUrl, src, hash).catch(() => null);
    if (o?.state !== "completed") await sleep(250);
  }
  const paidOnce = o?.state === "completed" ? BigInt(o.receive_amount) : 0n;
  check(paidOnce > 0n && (await d.balanceOf(t.rpcOf(dst), recipient)) === paidOnce,
    `reorg-replay: the deposit was paid (${o?.state}, ${paidOnce} wei to the recipient)`);

  // The revert takes the deposit off the source chain; blocks are mined by hand until the replay
  // is in, so that the other transaction and the deposit share one block, the other one first.
  let remined = null;
  await d.rpc(url, "evm_setIntervalMining", [0]);
  try {
    await d.rpc(url, "evm_revert", [snapshot]);
    log(`reorg-replay: reverted chain ${src} to before the deposit (it was in block ${Number(first.blockNumber)})`);
    const usdc = t.state.contracts.USDC;
    await d.rpc(url, "eth_sendTransaction", [{
      from: t.state.accounts.deployer, to: usdc, gas: d.hex(100000), maxFeePerGas: d.hex(100n * GWEI), maxPriorityFeePerGas: d.hex(10n * GWEI),
      data: encodeFunctionData({ abi: mintAbi, functionName: "mint", args: [t.freshAddress(), 1000n] }),
    }]);
    // (A node that put the reverted transaction back into its pool has it already: same bytes.)
    await d.rpc(url, "eth_sendRawTransaction", [raw]).catch((e) => {
      if (!/known/i.test(e.message)) throw e;
    });
    await d.rpc(url, "evm_mine");
    remined = await d.waitReceipt(url, hash, 10000);
  } finally {
    await d.rpc(url, "evm_setIntervalMining", [t.state.block_time_ms ?? 1000]);
  }
  const depositLog = (r) => r.logs.find((l) => l.address.toLowerCase() === t.depositor.toLowerCase())?.logIndex;
  const [before, after] = [depositLog(first), depositLog(remined)];
  check(remined.status === "0x1" && remined.blockHash !== first.blockHash && after !== undefined && after !== before,
    `reorg-replay: the same signed deposit was mined again in another block at another log index (${Number(before)} -> ${Number(after)})`);

  // Perch's watcher must have read past the re-mined block, then a second payout (were there one)
  // has a few more blocks to land.
  const reminedAt = Number(remined.blockNumber);
  const until = Date.now() + 60000;
  let cursor = 0;
  while (Date.now() < until) {
    cursor = t.sql(`SELECT next_block FROM watch_cursors WHERE chain_id = ${src}`)[0]?.next_block ?? 0;
    if (cursor > reminedAt + 2) break;
    await sleep(250);
  }
  check(cursor > reminedAt, `reorg-replay: perch read the source chain past the re-mined block ${reminedAt} (its cursor: ${cursor})`);
  let held = 0n;
  for (let i = 0; i < 40; i++) {
    held = await d.balanceOf(t.rpcOf(dst), recipient);
    if (held > paidOnce) break;
    await sleep(250);
  }
  check(held === paidOnce, `reorg-replay: the recipient holds exactly one payout (${held} wei; one is ${paidOnce})`);
  const noncesAfter = await t.makerNonces();
  check(noncesAfter[dst] - noncesBefore[dst] === 1,
    `reorg-replay: the maker sent exactly one transaction on ${dst} (nonce +${noncesAfter[dst] - noncesBefore[dst]})`);
  const rows = t.sql(`SELECT order_key, state FROM bridge_orders WHERE src_tx_hash = '${hash.toLowerCase()}'`);
  check(rows.length === 1, `reorg-replay: perch holds one order for the deposit (${rows.map((r) => `${r.order_key} ${r.state}`).join(", ")})`);
  await t.killPerch("SIGTERM");
}
