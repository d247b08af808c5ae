#!/usr/bin/env node
// Fills one devnet chain with a history for the activity indexer's benchmark (docs/benchmarks.md
// "Activity indexer"), then measures perch catching up on it.
//
//   load     node scripts/load-activity.mjs load --rpc URL --usdc ADDRESS [--txs 100000] [--accounts 1000]
//            Funds and impersonates `accounts` fresh addresses, mints them USDC (from Hardhat #0,
//            the test token's owner), then sends `txs` transactions among them in JSON-RPC
//            batches: 60 % native transfers, 25 % USDC transfers, 15 % contract calls
//            (USDC.approve). It mines with evm_mine between rounds (the interval miner keeps
//            going too) and prints the block range and how many transactions it holds.
//   measure  node scripts/load-activity.mjs measure --perch URL --chain ID --to BLOCK [--from BLOCK]
//            Polls perch's /api/health every 200 ms until the chain's indexed_block reaches `to`,
//            then prints blocks/s and transactions/s from the first block it saw indexed (the
//            transactions counted over the same blocks, read from the node named by --rpc).
import { encodeFunctionData, parseAbi } from "viem";
import { rpc, rpcBatch } from "./lib/nodes.mjs";

const [command, ...rest] = process.argv.slice(2);
const args = Object.fromEntries(
  rest.reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const DEPLOYER = "0xf39Fd6e51aad88f6f4ce6aB8827279cffFb92266";
const erc20 = parseAbi([
  "function mint(address to, uint256 amount)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function approve(address spender, uint256 amount) returns (bool)",
]);
const hex = (n) => "0x" + BigInt(n).toString(16);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A deterministic pseudo-random sequence, so two loads of one size send the same history.
let seed = 12345;
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * n);  // the high bits: the low ones cycle
};

async function batches(url, calls, size = 500) {
  for (let i = 0; i < calls.length; i += size) await rpcBatch(url, calls.slice(i, i + size), { timeoutMs: 120_000 });
}

// Mines until the node's mempool is empty.
async function drain(url) {
  for (;;) {
    const pending = await rpc(url, "eth_getBlockByNumber", ["pending", false]);
    if (!pending || pending.transactions.length === 0) return;
    await rpc(url, "evm_mine", [], { timeoutMs: 120_000 });
  }
}

async function load() {
  const url = args.rpc;
  const usdc = args.usdc;
  const total = Number(args.txs ?? 100000);
  const n = Number(args.accounts ?? 1000);
  const accounts = Array.from({ length: n }, (_, i) => "0x" + (0xac7100000000n + BigInt(i)).toString(16).padStart(40, "0"));
  const first = Number(BigInt(await rpc(url, "eth_blockNumber"))) + 1;
  await batches(url, accounts.flatMap((a) => [
    ["hardhat_setBalance", [a, hex(1000n * 10n ** 18n)]],
    ["hardhat_impersonateAccount", [a]],
  ]));
  await batches(url, accounts.map((a) => ["eth_sendTransaction", [{
    from: DEPLOYER, to: usdc, gas: hex(100000),
    data: encodeFunctionData({ abi: erc20, functionName: "mint", args: [a, 10n ** 12n] }),
  }]]));
  await drain(url);
  const round = 5000;
  const t0 = performance.now();
  for (let sent = 0; sent < total; sent += round) {
    const calls = [];
    for (let k = 0; k < Math.min(round, total - sent); k++) {
      const from = accounts[rand(n)];
      const to = accounts[rand(n)];
      const kind = rand(100);
      let tx;
      if (kind < 60) tx = { from, to, value: hex(1000 + rand(10 ** 6)), gas: hex(21000) };
      else if (kind < 85) tx = { from, to: usdc, gas: hex(80000), data: encodeFunctionData({ abi: erc20, functionName: "transfer", args: [to, BigInt(1 + rand(10 ** 6))] }) };
      else tx = { from, to: usdc, gas: hex(80000), data: encodeFunctionData({ abi: erc20, functionName: "approve", args: [to, BigInt(rand(10 ** 6))] }) };
      calls.push(["eth_sendTransaction", [tx]]);
    }
    await batches(url, calls);
    await drain(url);
    process.stdout.write(`\rsent ${Math.min(sent + round, total)} / ${total}`);
  }
  const last = Number(BigInt(await rpc(url, "eth_blockNumber")));
  let txs = 0;
  for (let b = first; b <= last; b += 100) {
    const blocks = await rpcBatch(url, Array.from({ length: Math.min(100, last - b + 1) }, (_, i) => ["eth_getBlockByNumber", [hex(b + i), false]]));
    txs += blocks.reduce((s, blk) => s + blk.transactions.length, 0);
  }
  console.log(`\nload: blocks ${first}..${last}, ${txs} transactions (${n} accounts) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function measure() {
  const chain = Number(args.chain);
  const to = Number(args.to);
  let start = null;
  for (;;) {
    const health = await (await fetch(`${args.perch}/api/health`)).json();
    const c = health.data.indexer.find((x) => x.chain_id === chain);
    const now = performance.now();
    if (c && c.indexed_block >= 0 && start === null) start = { block: c.indexed_block, at: now };
    if (c && c.indexed_block >= to) {
      const blocks = c.indexed_block - start.block;
      const seconds = (now - start.at) / 1000;
      let txs = 0;
      for (let b = start.block + 1; b <= c.indexed_block; b += 100) {
        const got = await rpcBatch(args.rpc, Array.from({ length: Math.min(100, c.indexed_block - b + 1) }, (_, i) => ["eth_getBlockByNumber", [hex(b + i), false]]));
        txs += got.reduce((s, blk) => s + blk.transactions.length, 0);
      }
      console.log(`measure: chain ${chain}: blocks ${start.block + 1}..${c.indexed_block} (${blocks}) in ${seconds.toFixed(2)} s: ` +
        `${(blocks / seconds).toFixed(1)} blocks/s, ${(txs / seconds).toFixed(0)} transactions/s (${txs} transactions)`);
      return;
    }
    await sleep(200);
  }
}

if (command === "load") await load();
else if (command === "measure") await measure();
else {
  console.error("usage: load-activity.mjs load --rpc URL --usdc ADDRESS [--txs N] [--accounts N] | measure --perch URL --rpc URL --chain ID --to BLOCK");
  process.exit(2);
}
