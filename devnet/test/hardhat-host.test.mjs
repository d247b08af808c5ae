// scripts/hardhat-host.mjs: two chains (an `l1` and an `op` one) in one process, each on its own
// port, driven over HTTP and WebSocket as perch and the tests drive a `hardhat node`.
import assert from "node:assert/strict";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import WebSocket from "ws";
import { NODE22_BIN, isAlive, probeChainId, rpc, rpcBatch, startHost, stopNodes, waitForNode } from "../scripts/lib/nodes.mjs";
import os from "node:os";
import fs from "node:fs";

const GAS_PRICE_ORACLE = "0x420000000000000000000000000000000000000F"; // OP-stack predeploy

async function freePorts() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 21000 + Math.floor(Math.random() * 400) * 10;
    const busy = await Promise.all([base, base + 1].map((p) => probeChainId(`http://127.0.0.1:${p}`)));
    if (busy.every((x) => x === null)) return [base, base + 1];
  }
  throw new Error("no free ports");
}

/** Opens a WebSocket, subscribes to newHeads and collects the head numbers it is sent. */
async function headFeed(url) {
  const ws = new WebSocket(url.replace("http", "ws"));
  const heads = [];
  await new Promise((ok, fail) => ws.once("open", ok).once("error", fail));
  ws.on("message", (m) => {
    const msg = JSON.parse(m);
    if (msg.method === "eth_subscription") heads.push({ n: Number(BigInt(msg.params.result.number)), at: Date.now() });
  });
  ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
  return { ws, heads };
}

describe("hardhat host", () => {
  let nodes, l1, op;
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "perch-host-test-")), "host.log");

  before(async () => {
    assert.ok(fs.existsSync(path.join(NODE22_BIN, "node")));
    const [p1, p2] = await freePorts();
    nodes = startHost({ chains: [{ chainId: 1, port: p1, chainType: "l1" }, { chainId: 8453, port: p2, chainType: "op" }], blockTimeMs: 1000, logFile });
    await Promise.all(nodes.map((n) => waitForNode(n)));
    [l1, op] = nodes;
  });

  after(async () => {
    await stopNodes(nodes);
    assert.equal(isAlive(nodes[0].pid), false, "host still alive");
  });

  it("serves each chain on its own port from one process", async () => {
    assert.equal(l1.pid, op.pid);
    assert.equal(Number(BigInt(await rpc(l1.url, "eth_chainId"))), 1);
    assert.equal(Number(BigInt(await rpc(op.url, "eth_chainId"))), 8453);
  });

  it("applies each chain's chain type (the OP-stack predeploys only on the op chain)", async () => {
    assert.equal(await rpc(l1.url, "eth_getCode", [GAS_PRICE_ORACLE, "latest"]), "0x");
    assert.notEqual(await rpc(op.url, "eth_getCode", [GAS_PRICE_ORACLE, "latest"]), "0x");
  });

  it("answers batches, and keeps the chains' state apart", async () => {
    const who = "0x000000000000000000000000000000000000dEaD";
    await rpc(l1.url, "hardhat_setBalance", [who, "0x1234"]);
    const [chainId, balance] = await rpcBatch(l1.url, [["eth_chainId", []], ["eth_getBalance", [who, "latest"]]]);
    assert.equal(chainId, "0x1");
    assert.equal(balance, "0x1234");
    assert.equal(await rpc(op.url, "eth_getBalance", [who, "latest"]), "0x0");
  });

  it("mines on its interval, and evm_setIntervalMining / evm_mine act on one chain only", async () => {
    const height = async (n) => Number(BigInt(await rpc(n.url, "eth_blockNumber")));
    await rpc(op.url, "evm_setIntervalMining", [0]);
    const [l1a, opa] = [await height(l1), await height(op)];
    await new Promise((r) => setTimeout(r, 2200));
    assert.ok((await height(l1)) >= l1a + 2, "the l1 chain kept mining");
    assert.equal(await height(op), opa, "the op chain stopped");
    await rpc(op.url, "evm_mine");
    assert.equal(await height(op), opa + 1);
    await rpc(op.url, "evm_setIntervalMining", [1000]);
  });

  it("sends newHeads over WebSocket, and a frozen chain hangs alone until it thaws", async () => {
    const a = await headFeed(l1.url);
    const b = await headFeed(op.url);
    await new Promise((r) => setTimeout(r, 1200));
    assert.ok(a.heads.length >= 1 && b.heads.length >= 1, "both feeds got heads");
    const res = await fetch(`${op.url}/__devnet/freeze?ms=3000`, { method: "POST" });
    assert.equal(res.status, 200);
    const t0 = Date.now();
    const frozenCall = rpc(op.url, "eth_blockNumber").then(() => Date.now() - t0);
    const seenBefore = b.heads.length;
    const otherBefore = a.heads.length;
    await new Promise((r) => setTimeout(r, 2200));
    assert.equal(b.heads.length, seenBefore, "no heads from the frozen chain");
    assert.ok(a.heads.length >= otherBefore + 2, "the other chain's heads kept coming");
    assert.equal(Number(BigInt(await rpc(l1.url, "eth_chainId"))), 1, "the other chain answers");
    const waited = await frozenCall;
    assert.ok(waited >= 2700, `the frozen chain answered after ${waited} ms`);
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(b.heads.length > seenBefore, "heads resume after the thaw");
    const ns = b.heads.map((h) => h.n);
    assert.deepEqual(ns, [...ns].sort((x, y) => x - y), "heads in order");
    a.ws.close();
    b.ws.close();
  });
});
