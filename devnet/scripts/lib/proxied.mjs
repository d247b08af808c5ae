// Perch behind scripts/provider-proxy.mjs in the fault scenarios: the proxy in front of some of the
// devnet's chains, and a chain profile that reaches those chains only through it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Starts the provider proxy in front of `chains` ({chainId: [port, upstream]}) with the proxy's
 * fault flags `flags`; resolves with the child process once it listens.
 */
export async function startProxy(t, chains, logFile, flags = []) {
  const routes = Object.values(chains).flatMap(([port, url]) => ["--chain", `${port}=${url}`]);
  const proxy = spawn(process.execPath, [path.join(t.root, "devnet/scripts/provider-proxy.mjs"), ...routes, ...flags], {
    stdio: ["ignore", fs.openSync(logFile, "a"), fs.openSync(logFile, "a")],
  });
  for (const until = Date.now() + 20000; Date.now() < until; await t.sleep(100)) {
    if (fs.existsSync(logFile) && fs.readFileSync(logFile, "utf8").includes("provider proxy ready")) return proxy;
    if (proxy.exitCode !== null) break;
  }
  proxy.kill("SIGKILL");
  throw new Error(`the provider proxy did not start (${logFile})`);
}

/** The devnet's profile with `chains` read through their proxies, written as NAME-profile.json. */
export function proxiedProfile(t, chains, name) {
  const profile = JSON.parse(JSON.stringify(t.state));
  for (const c of profile.chains)
    if (chains[c.chain_id]) c.rpc_url = `http://127.0.0.1:${chains[c.chain_id][0]}`;
  const file = path.join(t.stateDir, `${name}-profile.json`);
  fs.writeFileSync(file, JSON.stringify(profile));
  return file;
}

/** The proxy's counts since start or the last reset (calls, methods, each fault). */
export async function proxyStats(port) {
  return (await fetch(`http://127.0.0.1:${port}/__proxy/stats`)).json();
}

/**
 * Perch's config for the scenario `name` (faults-NAME.json): the devnet's profile with `chains`
 * read through their proxies only, and no head feed (a provider without WebSocket). Returns the
 * file, for the caller to change further.
 */
export function proxiedConfig(t, chains, name) {
  const configFile = t.writeConfig(`faults-${name}`);
  const config = JSON.parse(fs.readFileSync(configFile, "utf8"));
  config.chain_profile = proxiedProfile(t, chains, name);
  config.maker.head_feed = false;
  fs.writeFileSync(configFile, JSON.stringify(config));
  return configFile;
}

/**
 * Runs `body(configFile)` with the provider proxy in front of `chains` (`flags`: its faults; its
 * log NAME-proxy.log) and perch's config NAME reading those chains only through it (see
 * proxiedConfig); the proxy stops afterwards, whatever happened.
 */
export async function behindProxy(t, chains, name, flags, body) {
  const proxy = await startProxy(t, chains, path.join(t.stateDir, `${name}-proxy.log`), flags);
  try {
    return await body(proxiedConfig(t, chains, name));
  } finally {
    proxy.kill("SIGTERM");
  }
}

/** An empty folder of the scenario `name` under the run's state dir (a rerun's files removed). */
export function freshDir(t, name) {
  const dir = path.join(t.stateDir, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
