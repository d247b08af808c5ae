// long-chain: a chain with millions of blocks (issue 28, section 5). A plain node of its own with
// 10 million blocks (hardhat_mine mines them lazily, at once) is the only chain of a profile whose
// `start_block` is its head; perch runs on it with the activity indexer and the swap pool indexer
// (a swap deployment with one V2 venue) on, read through the
// provider proxy, which keeps the lowest block each method asked for. Perch must serve within
// 30 s and read nothing below the start block (block 0 once: the database records the chain's
// genesis), and still index the blocks after it.
// Before the per-chain start block: the activity indexer started at block 0 and read every block;
// the swap indexer read logs from the deployment's start block (0) until the chain's.
import fs from "node:fs";
import path from "node:path";
import { startNode, stopNodes, waitForNode } from "../lib/nodes.mjs";
import { freshDir, proxyStats, startProxy } from "../lib/proxied.mjs";

const CHAIN_ID = 84532; // a listed chain (Base Sepolia's id), so the activity indexer takes it
const BLOCKS = "0x989680"; // 10,000,000
const SERVE_WITHIN_MS = 30000;

export async function run(t) {
  const { check, log, d } = t;
  const dir = freshDir(t, "long-chain");
  const node = startNode({ chainId: CHAIN_ID, port: t.port + 43, logFile: path.join(dir, "node.log") });
  const proxyPort = t.port + 44;
  let proxy = null;
  try {
    await waitForNode(node);
    await d.rpc(node.url, "hardhat_mine", [BLOCKS]);
    const start = Number(await d.rpc(node.url, "eth_blockNumber"));
    check(start >= 10_000_000, `long-chain: the node holds ${start} blocks`);
    proxy = await startProxy(t, { [CHAIN_ID]: [proxyPort, node.url] }, path.join(dir, "proxy.log"));
    const profileFile = path.join(dir, "profile.json");
    fs.writeFileSync(profileFile, JSON.stringify({
      chains: [{ chain_id: CHAIN_ID, name: "Long chain", rpc_urls: [`http://127.0.0.1:${proxyPort}`], start_block: start }],
      swap: {
        weth: "0x00000000000000000000000000000000000000e1", executor: "0x00000000000000000000000000000000000000e2",
        tokens: [], venues: [{ name: "uniswap-v2", kind: "v2", factory: "0x00000000000000000000000000000000000000f2" }],
      },
    }));
    const configFile = t.writeConfig("faults-long-chain");
    const config = JSON.parse(fs.readFileSync(configFile, "utf8"));
    config.chain_profile = profileFile;
    config.maker = { enabled: false }; // no Depositor on this chain
    delete config.solana;
    config.indexer = { enabled: true, confirmations: 1, poll_ms: 500, chains: [CHAIN_ID] };
    fs.writeFileSync(configFile, JSON.stringify(config));

    const began = Date.now();
    await t.startPerch(configFile); // throws after 30 s without /api/health
    const took = Date.now() - began;
    check(took < SERVE_WITHIN_MS, `long-chain: perch serves ${took} ms after its start on a chain of ${start} blocks (under ${SERVE_WITHIN_MS} ms)`);

    // A transaction above the start block, for the indexer to read.
    const [from] = await d.rpc(node.url, "eth_accounts");
    await d.rpc(node.url, "eth_sendTransaction", [{ from, to: "0x00000000000000000000000000000000000000a1", value: "0x1" }]);
    await t.sleep(6000);
    const stats = await proxyStats(proxyPort);
    const lowest = stats.lowest_block ?? {};
    log(`long-chain: ${stats.calls ?? 0} calls; lowest block per method ${JSON.stringify(lowest)}; block 0 read ${stats.block_zero_reads ?? 0} times`);
    const below = Object.entries(lowest).filter(([, n]) => n < start);
    check(below.length === 0, `long-chain: nothing read below the start block ${start} (${JSON.stringify(below)})`);
    check((stats.block_zero_reads ?? 0) <= 1, `long-chain: block 0 read once at most, for the chain's genesis (${stats.block_zero_reads ?? 0})`);
    check((lowest.eth_getBlockByNumber ?? 0) >= start, `long-chain: the activity indexer read blocks from the start block on (lowest ${lowest.eth_getBlockByNumber})`);
    check(lowest.eth_getLogs !== undefined && lowest.eth_getLogs >= start, `long-chain: the swap pool indexer read logs from the start block on (lowest ${lowest.eth_getLogs})`);
    await t.killPerch("SIGTERM");
  } finally {
    proxy?.kill("SIGTERM");
    await stopNodes([node]);
  }
}
