// Runs the real devnet runner (4 Hardhat nodes) beside any devnet already running, using
// --port-offset, a copy of the profile and a temporary state dir; then stops it with SIGTERM and
// checks that no node is left.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { DEFAULT_PROFILE, DEVNET_DIR, expectedAddresses, isAlive, probeChainId, rpc } from "../scripts/lib/devnet-lib.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "perch-devnet-test-"));
const profileFile = path.join(tmp, "devnet.json");
const stateDir = path.join(tmp, "state");

async function pickPortOffset(basePorts) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const offset = 20000 + Math.floor(Math.random() * 300) * 10;
    const busy = await Promise.all(basePorts.map((p) => probeChainId(`http://127.0.0.1:${p + offset}`)));
    if (busy.every((x) => x === null)) return offset;
  }
  throw new Error("no free port offset");
}

describe("devnet runner", () => {
  let runner, output = "", state, startMs, exited;
  const profileText = fs.readFileSync(DEFAULT_PROFILE, "utf8");
  const profile = JSON.parse(profileText);

  before(async () => {
    fs.writeFileSync(profileFile, profileText);
    const offset = await pickPortOffset(profile.chains.map((c) => c.port));
    const t0 = Date.now();
    runner = spawn(process.execPath, [path.join(DEVNET_DIR, "scripts", "devnet.mjs"), "up", "--profile", profileFile,
      "--port-offset", String(offset), "--state-dir", stateDir], { stdio: ["ignore", "pipe", "pipe"] });
    exited = new Promise((resolve) => runner.on("exit", (code, signal) => resolve({ code, signal })));
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`devnet not ready in 60 s:\n${output}`)), 60_000);
      const onData = (d) => {
        output += d;
        if (/^devnet ready$/m.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      runner.stdout.on("data", onData);
      runner.stderr.on("data", onData);
      runner.on("exit", () => reject(new Error(`runner exited early:\n${output}`)));
    });
    startMs = Date.now() - t0;
    state = JSON.parse(fs.readFileSync(path.join(stateDir, "state.json"), "utf8"));
  });
  after(() => {
    if (runner.exitCode === null) runner.kill("SIGKILL");
    for (const c of state?.chains ?? []) {
      try {
        process.kill(-c.pid, "SIGKILL");
      } catch {}
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("starts every chain of the profile within 30 s", () => {
    console.log(`# devnet up in ${startMs} ms`);
    assert.ok(startMs < 30_000, `took ${startMs} ms`);
    assert.deepEqual(state.chains.map((c) => c.chain_id), profile.chains.map((c) => c.chain_id));
  });

  it("serves each chain id on 127.0.0.1 at the shifted port", async () => {
    for (const c of state.chains) {
      assert.match(c.rpc_url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.notEqual(c.port, profile.chains.find((p) => p.chain_id === c.chain_id).port);
      assert.equal(await probeChainId(c.rpc_url), c.chain_id);
    }
  });

  it("deploys the contracts at the same deterministic addresses on every chain", async () => {
    const want = expectedAddresses();
    assert.deepEqual(state.contracts, want);
    assert.deepEqual(profile.contracts, want, "config/devnet.json holds the deployed addresses");
    for (const c of state.chains) {
      for (const addr of Object.values(want)) {
        const code = await rpc(c.rpc_url, "eth_getCode", [addr, "latest"]);
        assert.ok(code.length > 2, `no code at ${addr} on chain ${c.chain_id}`);
      }
    }
  });

  it("leaves an up-to-date profile untouched", () => {
    assert.equal(fs.readFileSync(profileFile, "utf8"), profileText);
  });

  it("mines a block about every second with automine off", async () => {
    const url = state.chains[0].rpc_url;
    const hash = await rpc(url, "eth_sendTransaction", [{ from: state.accounts.users[0], to: state.accounts.users[1], value: "0x1" }]);
    // Automine is off: the transaction waits in the mempool for the next interval block.
    const immediate = await rpc(url, "eth_getTransactionReceipt", [hash]);
    const b0 = Number(BigInt(await rpc(url, "eth_blockNumber")));
    await new Promise((r) => setTimeout(r, 2600));
    const b1 = Number(BigInt(await rpc(url, "eth_blockNumber")));
    assert.ok(b1 - b0 >= 2 && b1 - b0 <= 4, `mined ${b1 - b0} blocks in 2.6 s`);
    assert.equal(immediate, null, "transaction was mined instantly: automine is on");
    const receipt = await rpc(url, "eth_getTransactionReceipt", [hash]);
    assert.equal(receipt?.status, "0x1");
  });

  it("stops every node on SIGTERM and removes state.json", async () => {
    runner.kill("SIGTERM");
    const { code } = await exited;
    assert.equal(code, 0);
    for (const c of state.chains) {
      assert.equal(isAlive(c.pid), false, `node ${c.pid} still alive`);
      assert.equal(await probeChainId(c.rpc_url), null);
    }
    assert.equal(fs.existsSync(path.join(stateDir, "state.json")), false);
  });
});
