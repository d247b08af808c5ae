#!/usr/bin/env node
// End-to-end smoke check against a running devnet (reads <state-dir>/state.json):
//  1. on every chain: contracts deployed at the profile's addresses, maker funded, blocks advancing;
//  2. user #2 approves and deposits 25 USDC through Depositor on the first chain, through the
//     node's unlocked account (eth_sendTransaction, as the e2e injected wallet does): the maker's
//     balance rises by 25 USDC and the Deposit log carries the right fields;
//  3. user #2 checks in on chain 1868 (or the last chain) with today's UTC date.
//
//   node scripts/smoke.mjs [--state-dir DIR]
import fs from "node:fs";
import path from "node:path";
import { createPublicClient, createWalletClient, defineChain, http, parseEventLogs, parseUnits } from "viem";
import { DEFAULT_STATE_DIR, loadArtifact, MAKER_MINT } from "./lib/devnet-lib.mjs";

const argv = process.argv.slice(2);
const stateDir = argv[0] === "--state-dir" ? path.resolve(argv[1]) : DEFAULT_STATE_DIR;
const state = JSON.parse(fs.readFileSync(path.join(stateDir, "state.json"), "utf8"));
const tokenAbi = loadArtifact("TestToken").abi;
const depositorAbi = loadArtifact("Depositor").abi;
const checkInAbi = loadArtifact("CheckIn").abi;
const user = state.accounts.users[0];

function clients(c) {
  const chain = defineChain({
    id: c.chain_id,
    name: c.name ?? `chain ${c.chain_id}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [c.rpc_url] } },
  });
  const transport = http(c.rpc_url);
  return {
    pub: createPublicClient({ chain, transport, pollingInterval: 200 }),
    wallet: createWalletClient({ chain, transport, account: user }), // JSON-RPC account: node signs
  };
}

let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
};

for (const c of state.chains) {
  const { pub } = clients(c);
  const code = await Promise.all(Object.values(state.contracts).map((a) => pub.getCode({ address: a })));
  check(code.every((x) => x && x.length > 2), `chain ${c.chain_id}: 4 contracts deployed`);
  const bal = await pub.readContract({ address: state.contracts.USDC, abi: tokenAbi, functionName: "balanceOf", args: [state.maker] });
  check(bal >= MAKER_MINT - parseUnits("1000", 6), `chain ${c.chain_id}: maker holds ${Number(bal) / 1e6} USDC`);
}

// Deposit on the first chain.
{
  const c = state.chains[0];
  const { pub, wallet } = clients(c);
  const amount = parseUnits("25", 6);
  const before = await pub.readContract({ address: state.contracts.USDC, abi: tokenAbi, functionName: "balanceOf", args: [state.maker] });
  const t0 = performance.now();
  const approve = await wallet.writeContract({ address: state.contracts.USDC, abi: tokenAbi, functionName: "approve", args: [state.contracts.Depositor, amount] });
  await pub.waitForTransactionReceipt({ hash: approve });
  const hash = await wallet.writeContract({
    address: state.contracts.Depositor,
    abi: depositorAbi,
    functionName: "deposit",
    args: [state.contracts.USDC, amount, 8453n, user, 7n],
  });
  const receipt = await pub.waitForTransactionReceipt({ hash });
  const ms = Math.round(performance.now() - t0);
  const after = await pub.readContract({ address: state.contracts.USDC, abi: tokenAbi, functionName: "balanceOf", args: [state.maker] });
  check(receipt.status === "success", `chain ${c.chain_id}: USDC deposit mined in block ${receipt.blockNumber} (approve+deposit ${ms} ms)`);
  check(after - before === amount, `chain ${c.chain_id}: maker balance ${Number(before) / 1e6} -> ${Number(after) / 1e6} USDC`);
  const [ev] = parseEventLogs({ abi: depositorAbi, logs: receipt.logs, eventName: "Deposit" });
  check(
    ev && ev.args.sender === user && ev.args.token === state.contracts.USDC && ev.args.amount === amount &&
      ev.args.dstChainId === 8453n && ev.args.recipient === user && ev.args.channel === 7n,
    `chain ${c.chain_id}: Deposit log ${ev ? JSON.stringify(ev.args, (_, v) => (typeof v === "bigint" ? v.toString() : v)) : "missing"}`,
  );
  const depBal = await pub.readContract({ address: state.contracts.USDC, abi: tokenAbi, functionName: "balanceOf", args: [state.contracts.Depositor] });
  check(depBal === 0n, `chain ${c.chain_id}: Depositor holds no USDC`);
}

// Check in on 1868.
{
  const c = state.chains.find((x) => x.chain_id === 1868) ?? state.chains.at(-1);
  const { pub, wallet } = clients(c);
  const today = await pub.readContract({ address: state.contracts.CheckIn, abi: checkInAbi, functionName: "today" });
  const already = await pub.readContract({ address: state.contracts.CheckIn, abi: checkInAbi, functionName: "checkedIn", args: [user, today] });
  if (already) {
    check(true, `chain ${c.chain_id}: ${user} already checked in on ${today}`);
  } else {
    const hash = await wallet.writeContract({ address: state.contracts.CheckIn, abi: checkInAbi, functionName: "checkIn", args: [today] });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    const [ev] = parseEventLogs({ abi: checkInAbi, logs: receipt.logs, eventName: "CheckedIn" });
    const now = await pub.readContract({ address: state.contracts.CheckIn, abi: checkInAbi, functionName: "checkedIn", args: [user, today] });
    check(receipt.status === "success" && ev?.args.date === today && now, `chain ${c.chain_id}: checked in on ${today}`);
  }
}

console.log(failures === 0 ? "smoke: all checks passed" : `smoke: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
