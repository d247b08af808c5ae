// idle-cost: an idle chain costs at most 3 RPC calls per block (the budget: 3 requests a second
// with 1 s blocks, "providers bill every call"). Perch runs as `make run` runs it (maker on, the
// activity indexer on every chain, prices from the swap pools) and reads Base and Arbitrum through
// the counting provider proxy, without WebSocket (the harder case: every head is polled). Nobody
// uses it. Calls are counted as a provider bills them (each call of a batch) over 30 s and divided
// by the blocks the chain made meanwhile, so a slow machine changes nothing.
// Before the chain follower: 19.7 calls per block on a swap chain (five loops polling the head on
// their own timers, three readers reading each new block's logs again).
import fs from "node:fs";
import path from "node:path";
import { proxiedProfile, proxyStats, startProxy } from "../lib/proxied.mjs";

const CHAINS = [8453, 42161];
const BUDGET = 3;
const SETTLE_MS = 10000;
const WINDOW_MS = 30000;

async function head(url) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }) });
  return Number((await r.json()).result);
}

export async function run(t) {
  const { check, log, sleep } = t;
  const chains = Object.fromEntries(CHAINS.map((id, i) => [id, [t.port + 31 + i, t.rpcOf(id)]]));
  const proxy = await startProxy(t, chains, path.join(t.stateDir, "idle-cost-proxy.log"));
  try {
    const profileFile = proxiedProfile(t, chains, "idle-cost");
    const configFile = t.writeConfig("faults-idle-cost");
    const config = JSON.parse(fs.readFileSync(configFile, "utf8"));
    config.chain_profile = profileFile;
    config.maker.head_feed = false; // no WebSocket: the follower polls
    // The activity indexer from the chains' heads: reading the earlier scenarios' blocks is
    // catching up, not idling (on a busy machine it outlasts any settle time).
    const heads = await Promise.all(CHAINS.map((id) => head(t.rpcOf(id))));
    config.indexer = { enabled: true, confirmations: 1, poll_ms: 1000, chains: CHAINS, start_block: Math.max(...heads) };
    config.prices = { source: "pools", refresh_ms: 5000 };
    fs.writeFileSync(configFile, JSON.stringify(config));
    await t.startPerch(configFile);
    await sleep(SETTLE_MS); // catching up from block 0 is not idle
    const before = {};
    for (const id of CHAINS) {
      await fetch(`http://127.0.0.1:${chains[id][0]}/__proxy/reset`, { method: "POST" });
      before[id] = await head(t.rpcOf(id));
    }
    await sleep(WINDOW_MS);
    for (const id of CHAINS) {
      const stats = await proxyStats(chains[id][0]);
      const blocks = (await head(t.rpcOf(id))) - before[id];
      const perBlock = (stats.calls ?? 0) / Math.max(1, blocks);
      log(`idle-cost: chain ${id}: ${stats.calls ?? 0} calls in ${blocks} blocks (${perBlock.toFixed(2)} per block; ${JSON.stringify(stats.methods ?? {})})`);
      check(blocks >= 10 && perBlock <= BUDGET,
        `idle-cost: idle chain ${id} read through a provider without WebSocket costs ${perBlock.toFixed(2)} calls per block (at most ${BUDGET}; ${blocks} blocks)`);
    }
    await t.killPerch("SIGTERM");
  } finally {
    proxy.kill("SIGTERM");
  }
}
