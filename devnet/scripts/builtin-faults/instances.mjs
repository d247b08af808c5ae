// instances: two perch instances with the maker on, one PostgreSQL, nginx in front; the leader
// killed -9 and PostgreSQL restarted while deposits are in flight (faults.mjs describes it in full).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as d from "../lib/bridge-driver.mjs";
import { args, check, log, maker, makerNonces, makerSettled, perchBin, port, prepareDeposits, root, sendDeposits, sleep, state, stateDir, verifyOrders } from "../lib/fault-context.mjs";
import { CRASH_ROUTES } from "./crash.mjs";

// ---- several instances on PostgreSQL behind nginx ----
const pgUrl = args["pg-url"] ?? "";
const pgDir = args["pg-dir"] ?? "";
const asPostgres = (cmd) => (process.getuid() === 0 ? ["runuser", ["-u", "postgres", "--", ...cmd]] : [cmd[0], cmd.slice(1)]);
function pgCtl(...argv) {
  const bin = fs.readdirSync("/usr/lib/postgresql").sort().map((v) => `/usr/lib/postgresql/${v}/bin`).pop();
  const [cmd, rest] = asPostgres([`${bin}/pg_ctl`, "-D", path.join(pgDir, "data"), ...argv]);
  execFileSync(cmd, rest, { stdio: "ignore" });
}

/** deploy/nginx.conf through scripts/start-nginx.sh: listening on `listen`, in front of `upstreams`. */
function startNginx(listen, upstreams) {
  const dir = path.join(stateDir, "nginx");
  execFileSync("bash", [path.join(root, "scripts/start-nginx.sh"), dir, String(listen), ...upstreams.map(String)]);
  return () => {
    try {
      process.kill(Number(fs.readFileSync(path.join(dir, "nginx.pid"), "utf8")), "SIGTERM");
    } catch {
      // already gone
    }
  };
}

async function leads(instancePort) {
  try {
    const r = await fetch(`http://127.0.0.1:${instancePort}/api/health`);
    return (await r.json()).data.maker.leader === true;
  } catch {
    return false;
  }
}

export async function instances() {
  if (!pgUrl || !pgDir) {
    check(false, "instances: needs --pg-url and --pg-dir");
    return;
  }
  const db = `perch_faults_${Date.now()}`;
  execFileSync("psql", [`${pgUrl}postgres`, "-qc", `CREATE DATABASE ${db}`]);
  const ports = [port + 1, port + 2];
  const configs = ports.map((p, i) => {
    const file = path.join(stateDir, `faults-instance-${i}.json`);
    fs.writeFileSync(file, JSON.stringify({
      host: "127.0.0.1", port: p, database_url: `${pgUrl}${db}`, chain_profile: path.join(stateDir, "state.json"),
      maker_key_file: "devnet/maker.key", web_root: path.join(stateDir, "no-web-app"), access_log: false, trusted_proxies: ["127.0.0.1"],
      maker: { enabled: true, poll_ms: 200, speedup_after_ms: 12000 },
    }));
    return file;
  });
  const procs = [null, null];
  const start = async (i) => {
    const out = fs.openSync(path.join(stateDir, `perch-instance-${i}.log`), "a");
    procs[i] = spawn(perchBin, ["serve", "--config", configs[i]], { cwd: root, stdio: ["ignore", out, out] });
    const until = Date.now() + 30000;
    while (!(await fetch(`http://127.0.0.1:${ports[i]}/api/ready`).then((r) => r.ok, () => false))) {
      if (Date.now() > until) throw new Error(`instance ${i} did not start`);
      await sleep(100);
    }
  };
  const kill = (i) => new Promise((ok) => {
    procs[i].once("exit", ok);
    procs[i].kill("SIGKILL");
    procs[i] = null;
  });
  const edge = `http://127.0.0.1:${port + 3}`;
  const stopNginx = startNginx(port + 3, ports);
  try {
    await start(0);
    await start(1);
    const noncesBefore = await makerNonces();
    const deposits = await prepareDeposits(200, CRASH_ROUTES);
    const t0 = Date.now();
    const sending = sendDeposits(deposits);
    const takeovers = [];
    for (let k = 1; k <= 2; k++) {
      if (k === 1) {
        const sample = (await sending).slice(0, 24);
        for (const until = Date.now() + 20000; Date.now() < until; await sleep(30)) {
          const orders = await Promise.all(sample.map((x) => d.order(edge, x.chainId, x.hash).catch(() => null)));
          if (orders.some((o) => o?.state === "paying" || o?.state === "completed")) break;
        }
      } else {
        // Between the kills: PostgreSQL restarts under both running instances.
        pgCtl("-m", "fast", "-w", "restart");
        log(`instances: PostgreSQL restarted at +${Date.now() - t0} ms`);
        await sleep(1500);
      }
      const leader = (await leads(ports[0])) ? 0 : (await leads(ports[1])) ? 1 : -1;
      check(leader >= 0, `instances: kill ${k}: one instance leads before the kill`);
      if (leader < 0) break;
      const other = 1 - leader;
      await kill(leader);
      const killedAt = Date.now();
      while (!(await leads(ports[other])) && Date.now() - killedAt < 15000) await sleep(50);
      const took = Date.now() - killedAt;
      takeovers.push(took);
      log(`instances: kill -9 #${k} of instance ${leader} at +${killedAt - t0} ms; instance ${other} leads after ${took} ms`);
      check(took < 8000, `instances: kill ${k}: the other instance took the maker's lease in ${took} ms (< 8 s)`);
      await start(leader);
    }
    const orders = await d.waitFinal(edge, await sending, 180000);
    log(`instances: all 200 final ${Date.now() - t0} ms after the first deposit (takeovers ${takeovers.join(", ")} ms)`);
    const counts = await verifyOrders(deposits, orders, "instances");
    await makerSettled("instances", { stored: false }); // its store is PostgreSQL, not a file
    const noncesAfter = await makerNonces();
    const extra = Object.keys(noncesAfter).map((id) => noncesAfter[id] - noncesBefore[id] - (counts[id] ?? 0));
    check(extra.every((x) => x === 0), `instances: maker nonces grew by exactly the payouts + refunds per chain (extra: ${extra.join(",")})`);
    const alive = procs.every((p) => p && p.exitCode === null);
    check(alive, "instances: both instances ran through the PostgreSQL restart without being restarted");
  } finally {
    for (const p of procs) p?.kill("SIGKILL");
    stopNginx();
  }
}
