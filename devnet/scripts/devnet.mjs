#!/usr/bin/env node
// Perch devnet runner.
//
//   node devnet/scripts/devnet.mjs up [--profile config/devnet.json] [--port-offset N]
//                                     [--state-dir data/devnet] [--no-write-profile] [--node-logs]
//                                     [--no-parent-watch] [--chains-per-process N | --node-per-chain]
//                                     [--chains ID,ID,...]
//
// Starts the profile's chains as Hardhat 3 simulated chains (127.0.0.1, interval mining every 1 s,
// automine off), up to N per host process (scripts/hardhat-host.mjs; or one `hardhat node` per
// chain with --node-per-chain), and, when the profile has a `solana` key, the Solana node (devnet/solana/,
// LiteSVM behind Solana's JSON-RPC; docs/solana.md) beside them, deploys USDC, USDT, CheckIn,
// Depositor, Badge and Pool from account #0 on every chain (same addresses everywhere), mints the tokens to the maker (#1) and the test users
// (#2..#9), adds the swap contracts and seeded pools on the swap chains (lib/swap.mjs), writes
// <state-dir>/state.json, prints `devnet ready` and stays in the foreground until SIGINT/SIGTERM,
// then stops every node (process groups) and removes state.json. It also stops when its parent
// process goes away (e.g. `npm run up` killed: npm's `sh -c` dies without passing the signal on),
// unless --no-parent-watch (for nohup/daemon use). --chains runs only those of the profile's EVM
// chains (the test suites that need only the core four: scripts/lib.sh DEVNET_CORE_CHAINS).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { runFaucetChains } from "./lib/faucet-chains.mjs";
import { setL1FeeScalars } from "./lib/op-fee.mjs";
// Only the light plumbing is imported up front; viem (deploy.mjs) loads while the nodes boot.
import {
  DEFAULT_PROFILE,
  DEFAULT_STATE_DIR,
  DEVNET_DIR,
  HARDHAT_BIN,
  NODE22_BIN,
  loadProfile,
  probeChainId,
  probeSolana,
  reapStaleNodes,
  rpc,
  solanaSettings,
  startHost,
  startNode,
  startSolanaNode,
  stopNodes,
  updateProfile,
  waitForNode,
  waitForSolanaNode,
  writeFileAtomic,
} from "./lib/devnet-lib.mjs";

function usage(code) {
  console.error(
    "usage: devnet.mjs up [--profile FILE] [--port-offset N] [--state-dir DIR] [--no-write-profile] [--node-logs] [--no-parent-watch]\n" +
      "                    [--chains-per-process N | --node-per-chain] [--chains ID,ID,...]",
  );
  process.exit(code);
}

function parseArgs(argv) {
  const [cmd, ...rest] = argv;
  if (cmd !== "up") usage(cmd === undefined || cmd === "--help" || cmd === "-h" ? 0 : 2);
  const opts = { profile: DEFAULT_PROFILE, portOffset: 0, stateDir: DEFAULT_STATE_DIR, writeProfile: true, nodeLogs: false, parentWatch: true,
    chainsPerProcess: DEFAULT_CHAINS_PER_PROCESS, only: null };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const val = () => {
      const v = rest[++i];
      if (v === undefined) usage(2);
      return v;
    };
    if (a === "--profile") opts.profile = path.resolve(val());
    else if (a === "--port-offset") opts.portOffset = Number(val());
    else if (a === "--state-dir") opts.stateDir = path.resolve(val());
    else if (a === "--no-write-profile") opts.writeProfile = false;
    else if (a === "--node-logs") opts.nodeLogs = true;
    else if (a === "--no-parent-watch") opts.parentWatch = false;
    else if (a === "--chains-per-process") {
      opts.chainsPerProcess = Number(val());
      if (!Number.isInteger(opts.chainsPerProcess) || opts.chainsPerProcess < 1) {
        console.error("--chains-per-process must be a positive integer");
        process.exit(2);
      }
    }
    else if (a === "--node-per-chain") opts.chainsPerProcess = 0;
    else if (a === "--chains") {
      opts.only = val().split(",").filter(Boolean).map(Number);
      if (opts.only.length === 0 || !opts.only.every(Number.isInteger)) {
        console.error("--chains wants chain ids separated by commas");
        process.exit(2);
      }
    }
    else usage(2);
  }
  if (!Number.isInteger(opts.portOffset) || opts.portOffset < 0) {
    console.error("--port-offset must be a non-negative integer");
    process.exit(2);
  }
  return opts;
}

// 0: one `hardhat node` per chain (--node-per-chain); N: hosts of up to N chains (hardhat-host.mjs).
const DEFAULT_CHAINS_PER_PROCESS = 16;

const log = (msg) => console.log(`[devnet] ${msg}`);

async function main() {
  const t0 = 0; // performance.now() counts from process start
  const opts = parseArgs(process.argv.slice(2));
  for (const f of [HARDHAT_BIN, path.join(NODE22_BIN, "node")]) {
    if (!fs.existsSync(f)) {
      console.error(`[devnet] missing ${f}: run \`npm ci\` in devnet/`);
      process.exit(1);
    }
  }
  const profile = loadProfile(opts.profile);
  const stateFile = path.join(opts.stateDir, "state.json");
  const reaped = reapStaleNodes(stateFile);
  if (reaped.length) log(`killed ${reaped.length} node(s) left by a previous runner`);

  const unknown = (opts.only ?? []).filter((id) => !profile.chains.some((c) => c.chain_id === id));
  if (unknown.length) {
    console.error(`[devnet] --chains: ${unknown.join(", ")} not in ${opts.profile}`);
    process.exit(2);
  }
  const chains = profile.chains
    .filter((c) => !opts.only || opts.only.includes(c.chain_id))
    .map((c) => ({ ...c, port: c.port + opts.portOffset }));
  for (const c of chains) {
    const id = await probeChainId(`http://127.0.0.1:${c.port}`);
    if (id !== null) {
      console.error(`[devnet] port ${c.port} is already serving chain ${id}: another devnet is running (use --port-offset)`);
      process.exit(1);
    }
  }
  const solana = solanaSettings(profile, opts.profile);
  if (solana) {
    solana.port += opts.portOffset;
    if ((await probeSolana(`http://127.0.0.1:${solana.port}`)) !== null) {
      console.error(`[devnet] port ${solana.port} is already serving a Solana node: another devnet is running (use --port-offset)`);
      process.exit(1);
    }
  }

  const nodes = [];
  let stopping = false;
  const shutdown = async (code, why) => {
    if (stopping) return;
    stopping = true;
    if (why) log(why);
    await stopNodes(nodes);
    try {
      const st = JSON.parse(fs.readFileSync(stateFile, "utf8"));
      if (st.runner_pid === process.pid) fs.rmSync(stateFile, { force: true });
    } catch {}
    log("stopped");
    process.exit(code);
  };
  process.on("SIGINT", () => shutdown(0, "SIGINT: stopping nodes"));
  process.on("SIGTERM", () => shutdown(0, "SIGTERM: stopping nodes"));
  process.on("SIGHUP", () => shutdown(0, "SIGHUP: stopping nodes"));
  if (opts.parentWatch) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) shutdown(0, `parent process ${parent} exited: stopping nodes`);
    }, 500).unref();
  }

  let solanaNode = null;
  try {
    if (solana) {
      // First: its start-up (LiteSVM and @solana/kit loading, ~0.7 s of CPU) overlaps the Hardhat nodes'.
      solanaNode = startSolanaNode({
        port: solana.port,
        slotMs: solana.slot_ms,
        finalizeDepth: solana.finalize_depth,
        blockhashValidSlots: solana.blockhash_valid_slots,
        logFile: path.join(opts.stateDir, "node-solana.log"),
      });
      nodes.push(solanaNode);
      solanaNode.exitPromise.then(() => {
        if (!stopping) shutdown(1, `solana node exited unexpectedly (code ${solanaNode.exitCode}, signal ${solanaNode.exitSignal}); see ${solanaNode.logFile}`);
      });
    }
    for (const n of startEvmChains(chains, opts, profile.block_time_ms ?? 1000)) {
      nodes.push(n);
      n.exitPromise.then(() => {
        if (!stopping) shutdown(1, `hardhat node for chain ${n.chainId} exited unexpectedly (code ${n.exitCode}, signal ${n.exitSignal}); see ${n.logFile}`);
      });
    }
    // While the nodes boot: compile if needed (incremental: a no-op takes ~0.1 s), load viem,
    // derive the keys and encode the deployment.
    const compileOk = await new Promise((resolve) => {
      const p = spawn(process.execPath, [path.join(DEVNET_DIR, "scripts", "compile.mjs"), "--quiet"], { stdio: "inherit" });
      p.on("exit", (code) => resolve(code === 0));
    });
    if (!compileOk) throw new Error("contract compilation failed");
    const { buildDeployPlan, deployChain, expectedAccounts } = await import("./lib/deploy.mjs");
    const plan = buildDeployPlan();
    const solanaState = solana ? solanaStateOf(solana, solanaNode) : null;
    solanaState?.catch(() => {}); // awaited below; a failure must not be an unhandled rejection first
    const evmNodes = nodes.filter((n) => n !== solanaNode);
    await Promise.all([...evmNodes.map((n) => waitForNode(n)), solanaNode && waitForSolanaNode(solanaNode)]);
    const tNodes = performance.now();

    const results = await Promise.all(
      evmNodes.map(async (n) => {
        // A host starts its chains with logging off, a `hardhat node` with it on: set it either way.
        await rpc(n.url, "hardhat_setLoggingEnabled", [opts.nodeLogs]);
        const deployed = await deployChain(n.url, plan);
        if (chains[evmNodes.indexOf(n)].chain_type === "op") await setL1FeeScalars(n.url);
        return deployed;
      }),
    );
    const addresses = results[0].addresses;
    // Quotes between assets read the oracle pools' time-weighted price over `twap_seconds`: a pool
    // younger than that has none yet (observe reverts "OLD"), so the devnet is ready once its
    // newest oracle pool is that old by its chain's clock.
    await Promise.all(evmNodes.map((n, i) => results[i].deployed && oracleWindowPassed(n.url, plan.priceOracles, n.chainId)));
    const tDeploy = performance.now();

    const accounts = expectedAccounts();
    if (opts.writeProfile && updateProfile(opts.profile, profile, accounts, addresses, plan.swap, plan.ensRegistryFor, plan.priceOracles)) {
      log(`updated accounts/contracts/swap in ${path.relative(process.cwd(), opts.profile) || opts.profile}`);
    }
    // The swap indexer may start at the earliest block any chain's deployment can be in.
    const swapBlocks = results.filter((r, i) => plan.swap.chain_ids.includes(evmNodes[i].chainId)).map((r) => r.startBlock);
    const swap = { ...plan.swap, start_block: swapBlocks.length ? Math.min(...swapBlocks) : 0 };

    const state = {
      chains: evmNodes.map((n, i) => ({
        chain_id: n.chainId,
        name: chains[i].name,
        rpc_url: n.url,
        port: n.port,
        pid: n.pid,
        // A local chain no public explorer indexes: "" keeps the app from linking its hashes to mainnet's.
        explorer_url: chains[i].explorer_url ?? "",
        // "op": an OP-stack chain (L1 data fee in receipts, the GasPriceOracle): perch prices its refunds with it.
        ...(chains[i].chain_type ? { chain_type: chains[i].chain_type } : {}),
        ...(plan.ensRegistryFor(n.chainId) ? { ens_registry: plan.ensRegistryFor(n.chainId) } : {}),
      })),
      contracts: addresses,
      swap,
      price_oracles: plan.priceOracles,
      faucet_chains: runFaucetChains(profile.faucet_chains ?? {}, evmNodes.map((n) => n.chainId)),
      ...(solanaState ? { solana: await solanaState } : {}),
      maker: accounts.maker,
      accounts,
      profile: opts.profile,
      port_offset: opts.portOffset,
      block_time_ms: profile.block_time_ms ?? 1000,
      runner_pid: process.pid,
      ready_at: new Date().toISOString(),
    };
    writeFileAtomic(stateFile, `${JSON.stringify(state, null, 2)}\n`);

    for (const n of evmNodes) log(`chain ${n.chainId} at ${n.url} (pid ${n.pid})`);
    if (solanaNode) log(`solana ${solanaNode.chainId} at ${solanaNode.url}, ${solanaNode.wsUrl} (pid ${solanaNode.pid}), slot ${solana.slot_ms} ms`);
    for (const [k, v] of Object.entries(addresses)) log(`${k.padEnd(9)} ${v}`);
    for (const id of evmNodes.map((n) => n.chainId).filter((id) => plan.ensRegistryFor(id))) {
      log(`ENS on chain ${id}: registry ${plan.ensRegistryFor(id)}`);
    }
    log(`swap: ${swap.pools.length} pools on chains ${swap.chain_ids.join(", ")}, executor ${swap.executor}`);
    log(`maker ${accounts.maker}; state ${stateFile}`);
    const s = (ms) => (ms / 1000).toFixed(1);
    log(`started ${nodes.length} chains in ${s(performance.now() - t0)} s (nodes ${s(tNodes - t0)} s, deploy ${s(tDeploy - tNodes)} s)`);
    console.log("devnet ready");
  } catch (err) {
    console.error(`[devnet] ${err.message}`);
    await shutdown(1);
  }
}

/**
 * The EVM chains' processes: hosts of up to `--chains-per-process` chains each (log
 * `host-<first chain id>.log`), or with `--node-per-chain` one `hardhat node` per chain
 * (`node-<chain id>.log`). Either way one node object per chain, in profile order.
 */
function startEvmChains(chains, opts, blockTimeMs) {
  if (opts.chainsPerProcess === 0) {
    return chains.map((c) =>
      startNode({ chainId: c.chain_id, port: c.port, blockTimeMs, logFile: path.join(opts.stateDir, `node-${c.chain_id}.log`) }),
    );
  }
  const out = [];
  for (let i = 0; i < chains.length; i += opts.chainsPerProcess) {
    const group = chains.slice(i, i + opts.chainsPerProcess);
    out.push(
      ...startHost({
        chains: group.map((c) => ({ chainId: c.chain_id, port: c.port, chainType: c.chain_type ?? "l1" })),
        blockTimeMs,
        logFile: path.join(opts.stateDir, `host-${group[0].chain_id}.log`),
      }),
    );
  }
  return out;
}

/** Waits until the chain's newest block is `twap_seconds` past the block the deployment ended in. */
async function oracleWindowPassed(url, oracles, chainId) {
  const window = Math.max(0, ...oracles.filter((o) => o.chain_id === chainId).map((o) => o.twap_seconds));
  if (!window) return;
  const stamp = async () => Number(BigInt((await rpc(url, "eth_getBlockByNumber", ["latest", false])).timestamp));
  const seeded = await stamp();
  while ((await stamp()) < seeded + window) await new Promise((ok) => setTimeout(ok, 200));
}

/** state.json's `solana` (docs/solana.md); the addresses come from the shared key derivation. */
async function solanaStateOf(settings, node) {
  const { devnetAccounts, ataOf } = await import("../solana/keys.mjs");
  const accts = devnetAccounts();
  return {
    chain_id: settings.chain_id,
    name: settings.name,
    rpc_url: node.url,
    ws_url: node.wsUrl,
    port: node.port,
    slot_ms: settings.slot_ms,
    finalize_depth: settings.finalize_depth,
    blockhash_valid_slots: settings.blockhash_valid_slots,
    usdc_mint: accts.usdc_mint,
    usdc_decimals: 6,
    maker: accts.maker,
    maker_usdc_ata: await ataOf(accts.maker, accts.usdc_mint),
    deployer: accts.deployer,
    faucet: accts.faucet,
    users: accts.users,
    pid: node.pid,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
