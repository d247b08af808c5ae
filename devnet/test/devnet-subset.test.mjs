// `devnet.mjs up --chains ID,...`: the test suites that need only some of the profile's chains
// (make test's C++ suites and fault tests: scripts/lib.sh DEVNET_CORE_CHAINS) start only those.
// A copy of the profile without Solana keeps this run small; the ports are shifted.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { DEFAULT_PROFILE, DEVNET_DIR, isAlive, probeChainId } from "../scripts/lib/devnet-lib.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "perch-devnet-subset-"));
const profileFile = path.join(tmp, "devnet.json");
const { solana: _, ...profile } = JSON.parse(fs.readFileSync(DEFAULT_PROFILE, "utf8"));
fs.writeFileSync(profileFile, `${JSON.stringify(profile, null, 2)}\n`);

function up(args) {
  const child = spawn(process.execPath, [path.join(DEVNET_DIR, "scripts", "devnet.mjs"), "up", "--profile", profileFile, "--no-write-profile", ...args],
    { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in 60 s:\n${output}`)), 60_000);
    child.stdout.on("data", () => {
      if (/^devnet ready$/m.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}):\n${output}`));
    });
  });
  ready.catch(() => {});
  return { child, exited, ready, output: () => output };
}

describe("devnet runner --chains", () => {
  let runner;
  after(() => {
    if (runner && runner.child.exitCode === null) runner.child.kill("SIGKILL");
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("refuses a chain id the profile does not have, naming it, before starting anything", async () => {
    const r = up(["--chains", "1,999", "--state-dir", path.join(tmp, "bad")]);
    assert.equal(await r.exited, 2);
    assert.match(r.output(), /--chains: 999 not in /);
  });

  it("starts only the chains named, in the profile's order, and state.json lists only them", async () => {
    const offset = 21000 + Math.floor(Math.random() * 200) * 20;
    const stateDir = path.join(tmp, "state");
    runner = up(["--chains", "42161,1868", "--port-offset", String(offset), "--state-dir", stateDir]);
    await runner.ready;
    const state = JSON.parse(fs.readFileSync(path.join(stateDir, "state.json"), "utf8"));
    assert.deepEqual(state.chains.map((c) => [c.chain_id, c.port]), [[42161, 8547 + offset], [1868, 8548 + offset]]);
    for (const c of state.chains) assert.equal(await probeChainId(c.rpc_url), c.chain_id);
    assert.equal(await probeChainId(`http://127.0.0.1:${8545 + offset}`), null, "chain 1 was started too");
    runner.child.kill("SIGTERM");
    assert.equal(await runner.exited, 0);
    assert.equal(isAlive(state.chains[0].pid), false);
  });
});
