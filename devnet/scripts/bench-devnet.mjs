#!/usr/bin/env node
// Devnet cost: start time, resident memory and idle CPU of the chain processes (docs/benchmarks.md).
//
//   node devnet/scripts/bench-devnet.mjs [--profile FILE] [--port-offset N] [--state-dir DIR]
//                                        [--idle-seconds 60] [--runs 1] [-- devnet.mjs up options...]
//
// Each run starts `devnet.mjs up --no-write-profile` with the given profile, takes the time to its
// `devnet ready` line, then samples every chain process group named in state.json (and the Solana
// node) from /proc: RSS once at the end, CPU as (utime + stime) over `--idle-seconds` of an idle
// devnet (nobody sends transactions; the chains mine on their interval). Then it stops the runner
// (SIGTERM) and prints one JSON line per run plus a table.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_PROFILE, DEVNET_DIR } from "./lib/nodes.mjs";

const TICKS = 100; // USER_HZ on Linux

function parseArgs(argv) {
  const opts = { profile: DEFAULT_PROFILE, portOffset: 200, stateDir: null, idleSeconds: 60, runs: 1, extra: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      opts.extra = argv.slice(i + 1);
      break;
    }
    const v = argv[++i];
    if (a === "--profile") opts.profile = path.resolve(v);
    else if (a === "--port-offset") opts.portOffset = Number(v);
    else if (a === "--state-dir") opts.stateDir = path.resolve(v);
    else if (a === "--idle-seconds") opts.idleSeconds = Number(v);
    else if (a === "--runs") opts.runs = Number(v);
    else throw new Error(`unknown option ${a}`);
  }
  opts.stateDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "devnet-bench-"));
  return opts;
}

/** pids whose process group is `pgid` (a chain process and anything it spawned). */
function groupMembers(pgid) {
  const out = [];
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) === pgid) out.push(Number(d));
    } catch {}
  }
  return out;
}

function cpuTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(f[11]) + Number(f[12]); // utime, stime
  } catch {
    return 0;
  }
}

function rssKiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

const groupTicks = (g) => groupMembers(g).reduce((s, p) => s + cpuTicks(p), 0);
const groupRss = (g) => groupMembers(g).reduce((s, p) => s + rssKiB(p), 0);

async function oneRun(opts) {
  const args = [path.join(DEVNET_DIR, "scripts", "devnet.mjs"), "up", "--profile", opts.profile, "--port-offset", String(opts.portOffset),
    "--state-dir", opts.stateDir, "--no-write-profile", ...opts.extra];
  const t0 = performance.now();
  const load0 = os.loadavg()[0];
  const runner = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  const ready = await new Promise((resolve, reject) => {
    runner.stdout.on("data", (d) => {
      out += d;
      if (out.includes("devnet ready")) resolve(performance.now());
    });
    runner.on("exit", (code) => reject(new Error(`devnet exited (${code}) before ready:\n${out}`)));
  });
  const startSeconds = (ready - t0) / 1000;
  const state = JSON.parse(fs.readFileSync(path.join(opts.stateDir, "state.json"), "utf8"));
  const evmGroups = [...new Set(state.chains.map((c) => c.pid))];
  const groups = state.solana ? [...evmGroups, state.solana.pid] : evmGroups;
  await new Promise((r) => setTimeout(r, 3000)); // let the deployment's garbage settle
  const before = new Map(groups.map((g) => [g, groupTicks(g)]));
  const tA = performance.now();
  await new Promise((r) => setTimeout(r, opts.idleSeconds * 1000));
  const secs = (performance.now() - tA) / 1000;
  const per = groups.map((g) => ({
    pgid: g,
    kind: g === state.solana?.pid ? "solana" : "evm",
    chains: state.chains.filter((c) => c.pid === g).map((c) => c.chain_id),
    rss_mib: +(groupRss(g) / 1024).toFixed(1),
    cpu_pct: +((100 * (groupTicks(g) - before.get(g))) / TICKS / secs).toFixed(1),
  }));
  const stopped = new Promise((r) => runner.on("exit", r));
  runner.kill("SIGTERM");
  await stopped;
  const evm = per.filter((p) => p.kind === "evm");
  const sum = (k) => +evm.reduce((s, p) => s + p[k], 0).toFixed(1);
  return {
    at: new Date().toISOString(),
    chains: state.chains.length,
    evm_processes: evm.length,
    start_s: +startSeconds.toFixed(1),
    load_at_start: +load0.toFixed(1),
    evm_rss_mib: sum("rss_mib"),
    evm_idle_cpu_pct: sum("cpu_pct"),
    idle_seconds: +secs.toFixed(0),
    per,
  };
}

const opts = parseArgs(process.argv.slice(2));
for (let i = 0; i < opts.runs; i++) {
  const r = await oneRun(opts);
  console.log(JSON.stringify(r));
  const evm = r.per.filter((p) => p.kind === "evm");
  console.log(
    `${r.chains} EVM chains in ${r.evm_processes} process(es): ready in ${r.start_s} s (load ${r.load_at_start}); ` +
      `EVM RSS ${r.evm_rss_mib} MiB (${(r.evm_rss_mib / r.chains).toFixed(0)} per chain), ` +
      `idle CPU ${r.evm_idle_cpu_pct}% of a core over ${r.idle_seconds} s (per process: ${evm.map((p) => p.cpu_pct).join(", ")})`,
  );
}
