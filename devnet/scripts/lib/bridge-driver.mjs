// Drives the bridge from outside, as users and operators would: deposits through the Depositor
// (from the node's unlocked or impersonated accounts, so the node signs), order lookups through
// perch's API, balances and nonces read from the chains. Used by the fault tests and the latency
// benchmark; every check they make is against chain state or perch's answers, nothing simulated.
import { encodeFunctionData, parseAbi } from "viem";

const depositorAbi = parseAbi([
  "function deposit(address token, uint256 amount, uint256 dstChainId, string recipient, uint256 channel) payable",
]);
const tokenAbi = parseAbi([
  "function approve(address spender, uint256 amount) returns (bool)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function balanceOf(address owner) view returns (uint256)",
]);
const mintAbi = parseAbi(["function mint(address to, uint256 amount)"]);
export const ZERO = "0x0000000000000000000000000000000000000000";

let nextId = 1;
// Calls that change nothing, so a node may answer them twice.
const READS = /^(eth_(get\w+|call|chainId|blockNumber|estimateGas|accounts|feeHistory|gasPrice|maxPriorityFeePerGas)|net_version)$/;

// A read is sent once more when its connection failed before any answer: undici reuses a kept-alive
// socket that a busy node closed as the request went out ("fetch failed"; seen once in a fault run
// on a loaded machine). Anything that sends a transaction is never sent twice.
async function post(url, body, method) {
  const send = () => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
  try {
    return await send();
  } catch (e) {
    if (!READS.test(method)) throw e;
    return send();
  }
}

export async function rpc(url, method, params = []) {
  const res = await post(url, JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }), method);
  const body = await res.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** Several calls in one JSON-RPC batch (chunks of `size`); results in call order, errors thrown. */
export async function rpcBatch(url, calls, size = 200) {
  const out = [];
  for (let i = 0; i < calls.length; i += size) {
    const reqs = calls.slice(i, i + size).map(([method, params = []]) => ({ jsonrpc: "2.0", id: nextId++, method, params }));
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(reqs),
    });
    const byId = new Map((await res.json()).map((r) => [r.id, r]));
    for (const q of reqs) {
      const r = byId.get(q.id);
      if (!r || r.error) throw new Error(`${q.method}: ${r?.error?.message ?? "no answer"}`);
      out.push(r.result);
    }
  }
  return out;
}

export const hex = (n) => "0x" + BigInt(n).toString(16);

export async function waitReceipt(url, hash, timeoutMs = 60000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await rpc(url, "eth_getTransactionReceipt", [hash]);
    if (r) return r;
    if (Date.now() > until) throw new Error(`no receipt for ${hash} within ${timeoutMs / 1000} s`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** A fresh account with `ether` native coin that the node signs for (impersonated). */
export async function freshAccount(url, index, ether = 100n) {
  const address = "0x" + (0xbeef00000000n + BigInt(index)).toString(16).padStart(40, "0");
  await rpc(url, "hardhat_setBalance", [address, hex(ether * 10n ** 18n)]);
  await rpc(url, "hardhat_impersonateAccount", [address]);
  return address;
}

/** Sends a deposit of `amount` (wei or token units) and returns its tx hash (not waiting). */
export async function sendDeposit(url, { from, depositor, token = ZERO, amount, dst, recipient, channel = 0, nonce }) {
  const data = encodeFunctionData({
    abi: depositorAbi,
    functionName: "deposit",
    args: [token, amount, BigInt(dst), recipient, BigInt(channel)],
  });
  const tx = { from, to: depositor, data, value: token === ZERO ? hex(amount) : "0x0", gas: hex(200000) };
  if (nonce !== undefined) tx.nonce = hex(nonce);
  return rpc(url, "eth_sendTransaction", [tx]);
}

export async function approve(url, { from, token, spender, amount }) {
  const data = encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [spender, amount] });
  return rpc(url, "eth_sendTransaction", [{ from, to: token, data, gas: hex(100000) }]);
}

export async function tokenTransfer(url, { from, token, to, amount }) {
  const data = encodeFunctionData({ abi: tokenAbi, functionName: "transfer", args: [to, amount] });
  return rpc(url, "eth_sendTransaction", [{ from, to: token, data, gas: hex(100000) }]);
}

export async function balanceOf(url, owner, token = ZERO) {
  if (token === ZERO) return BigInt(await rpc(url, "eth_getBalance", [owner, "latest"]));
  const data = encodeFunctionData({ abi: tokenAbi, functionName: "balanceOf", args: [owner] });
  return BigInt(await rpc(url, "eth_call", [{ to: token, data }, "latest"]));
}

/** Balances of many owners in native coin or `token`, read in batches. */
export async function balancesOf(url, owners, token = ZERO) {
  const calls = owners.map((owner) =>
    token === ZERO
      ? ["eth_getBalance", [owner, "latest"]]
      : ["eth_call", [{ to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: "balanceOf", args: [owner] }) }, "latest"]],
  );
  return (await rpcBatch(url, calls)).map((v) => BigInt(v));
}

/** Mints test tokens (TestToken, owner = the devnet deployer, which the node signs for). */
export async function mint(url, { deployer, token, to, amount }) {
  const data = encodeFunctionData({ abi: mintAbi, functionName: "mint", args: [to, amount] });
  return rpc(url, "eth_sendTransaction", [{ from: deployer, to: token, data, gas: hex(100000) }]);
}

/** What a mined transaction cost its sender in native coin: its gas, and on an OP-stack chain its L1 data fee. */
export const gasCost = (receipt) => BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice) + BigInt(receipt.l1Fee ?? 0);

export async function order(perchUrl, chainId, txHash) {
  const res = await fetch(`${perchUrl}/api/bridge_api/v1/order?chain_id=${chainId}&tx_hash=${txHash}`);
  const body = await res.json();
  if (body.code !== 0) throw new Error(`order: ${body.msg}`);
  return body.data;
}

/** Polls until every listed deposit's order is in a final state; returns the orders. */
export async function waitFinal(perchUrl, deposits, timeoutMs) {
  const final = new Set(["completed", "refunded", "failed", "dropped", "rejected"]);
  const until = Date.now() + timeoutMs;
  const done = new Map();
  const last = new Map(); // the state each unfinished order was last seen in, for the failure text
  while (done.size < deposits.length) {
    for (const d of deposits) {
      if (done.has(d.hash)) continue;
      try {
        const o = await order(perchUrl, d.chainId, d.hash);
        last.set(d.hash, o?.state ?? "not seen");
        if (o && final.has(o.state)) done.set(d.hash, o);
      } catch (e) {
        last.set(d.hash, `unreadable (${e.message})`); // perch restarting: try again
      }
    }
    if (done.size === deposits.length) break;
    if (Date.now() > until) {
      const states = {};
      for (const d of deposits) if (!done.has(d.hash)) states[last.get(d.hash) ?? "not asked"] = (states[last.get(d.hash) ?? "not asked"] ?? 0) + 1;
      throw new Error(`${deposits.length - done.size} of ${deposits.length} orders not final within ${timeoutMs / 1000} s; ` +
        `last seen: ${JSON.stringify(states)}`);
    }
    await new Promise((ok) => setTimeout(ok, 300));
  }
  return deposits.map((d) => done.get(d.hash));
}
