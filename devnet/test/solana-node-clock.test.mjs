// The devnet's Solana node on its own clock: slots advanced by the timer, PubSub confirmations
// with @solana/kit's sendAndConfirmTransactionFactory and subscription errors, and the node under
// the devnet runner (system Node 20, its own process group, reaped from a dead runner's state).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { appendTransactionMessageInstructions, createSolanaRpc, createSolanaRpcSubscriptions, createTransactionMessage, generateKeyPairSigner, getBase64EncodedWireTransaction, getSignatureFromTransaction, pipe, sendAndConfirmTransactionFactory, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { startSolanaNode } from "../solana/server.mjs";
import { addressOf, signerOf } from "../solana/keys.mjs";
import { DEVNET_DIR } from "../scripts/lib/nodes.mjs";
import { SOL, raw } from "./solana-helpers.mjs";

describe("solana node slot clock", () => {
  it("advances slots on its timer and lands a sent transaction at the next tick", async () => {
    const node = await startSolanaNode({ port: 0, slotMs: 50, finalizeDepth: 2, blockhashValidSlots: 150 });
    try {
      const rpc = createSolanaRpc(node.url);
      const s0 = await rpc.getSlot({ commitment: "processed" }).send();
      const user = await signerOf("user-7");
      const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
      const tx = await signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: "legacy" }),
          (m) => setTransactionMessageFeePayerSigner(user, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
          (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: user, destination: addressOf("maker"), amount: SOL })], m),
        ),
      );
      const sig = await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: "base64" }).send();
      const t0 = Date.now();
      let st = null;
      while (Date.now() - t0 < 5000) {
        st = (await rpc.getSignatureStatuses([sig]).send()).value[0];
        if (st?.confirmationStatus === "finalized") break;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.equal(st?.confirmationStatus, "finalized");
      assert.ok(st.slot > s0);
      assert.ok((await rpc.getSlot({ commitment: "processed" }).send()) >= st.slot + 2n);
    } finally {
      await node.close();
    }
  });
});

describe("solana node PubSub", () => {
  it("confirms with @solana/kit's sendAndConfirmTransactionFactory over signature and slot subscriptions", async () => {
    const node = await startSolanaNode({ port: 0, slotMs: 50, finalizeDepth: 3, blockhashValidSlots: 150 });
    try {
      const rpc = createSolanaRpc(node.url);
      const rpcSubscriptions = createSolanaRpcSubscriptions(node.wsUrl);
      const user = await signerOf("user-6");
      const dest = (await generateKeyPairSigner()).address;
      // accountSubscribe first: the transfer must show up as a notification of the new balance.
      const abort = new AbortController();
      const notes = await rpcSubscriptions.accountNotifications(dest, { commitment: "confirmed", encoding: "base64" }).subscribe({ abortSignal: abort.signal });
      const firstNote = (async () => {
        for await (const n of notes) return n;
      })();
      const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
      const tx = await signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(user, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
          (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: user, destination: dest, amount: 4n * SOL })], m),
        ),
      );
      const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
      const t0 = performance.now();
      await sendAndConfirm(tx, { commitment: "finalized" });
      const ms = performance.now() - t0;
      const st = (await rpc.getSignatureStatuses([getSignatureFromTransaction(tx)]).send()).value[0];
      assert.equal(st.confirmationStatus, "finalized");
      assert.ok(ms < 5000, `finalized after ${ms} ms`);
      const note = await firstNote;
      abort.abort();
      assert.equal(note.value.lamports, 4n * SOL);
      assert.ok(note.context.slot >= st.slot);

      const slots = [];
      const abortSlots = new AbortController();
      const slotNotes = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abortSlots.signal });
      for await (const n of slotNotes) {
        slots.push(n);
        if (slots.length === 3) break;
      }
      abortSlots.abort();
      assert.deepEqual(slots.map((n) => n.slot - slots[0].slot), [0n, 1n, 2n]);
      assert.equal(slots[2].parent, slots[2].slot - 1n);
      assert.equal(slots[2].root, slots[2].slot - 3n);
    } finally {
      await node.close();
    }
  });

  it("answers subscription errors like a real node", async () => {
    const node = await startSolanaNode({ port: 0, slotMs: 3_600_000 });
    const { WebSocket } = await import("ws");
    const ws = new WebSocket(node.wsUrl);
    try {
      await new Promise((resolve, reject) => {
        ws.once("open", resolve);
        ws.once("error", reject);
      });
      const call = (method, params) =>
        new Promise((resolve) => {
          ws.once("message", (d) => resolve(JSON.parse(d.toString())));
          ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }));
        });
      assert.equal((await call("signatureSubscribe", ["nope"])).error.code, -32602);
      assert.equal((await call("slotUnsubscribe", [12345])).error.message, "Invalid subscription id.");
      assert.equal((await call("noSuch", [])).error.code, -32601);
      const sub = await call("rootSubscribe", []);
      assert.equal(typeof sub.result, "number");
      assert.equal((await call("rootUnsubscribe", [sub.result])).result, true);
    } finally {
      ws.close();
      await node.close();
    }
  });
});

describe("solana node under the devnet runner's plumbing", () => {
  it("also loads and answers under the system Node 20", async (t) => {
    const { execFileSync, spawn } = await import("node:child_process");
    const system = ["/usr/bin/node", "/usr/local/bin/node"].find((f) => fs.existsSync(f));
    const version = system && execFileSync(system, ["--version"], { encoding: "utf8" }).trim();
    if (!version?.startsWith("v20.")) return t.skip(`no system Node 20 (${version ?? "none"})`);
    const child = spawn(system, [path.join(DEVNET_DIR, "solana", "server.mjs"), "--port", "0", "--slot-ms", "100"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      let out = "";
      const nodeUrl = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready in 30 s: ${out}`)), 30_000);
        const onData = (d) => {
          out += d;
          const m = /solana node ready (\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const r = await raw(nodeUrl, "getBalance", [addressOf("maker")]);
      assert.equal(r.result.value, 1000 * 1e9);
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("runs as its own process group on Node 22, answers, and is reaped from a dead runner's state.json", async () => {
    const { startSolanaNode: spawnNode, waitForSolanaNode, reapStaleNodes, isAlive, probeSolana } = await import("../scripts/lib/nodes.mjs");
    const os = await import("node:os");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perch-solana-test-"));
    const port = 21000 + Math.floor(Math.random() * 4000);
    const n = spawnNode({ port, logFile: path.join(dir, "node-solana.log"), slotMs: 100 });
    try {
      await waitForSolanaNode(n, { timeoutMs: 30_000 });
      assert.equal(typeof (await probeSolana(n.url)), "string");
      const stateFile = path.join(dir, "state.json");
      // A runner pid that is gone (this test's own pid would count as alive).
      fs.writeFileSync(stateFile, JSON.stringify({ runner_pid: 2 ** 22 + 1, chains: [], solana: { pid: n.pid, port } }));
      assert.deepEqual(reapStaleNodes(stateFile), [n.pid]);
      await n.exitPromise;
      assert.equal(isAlive(n.pid), false);
      assert.equal(await probeSolana(n.url), null);
    } finally {
      if (!n.exited) process.kill(-n.pid, "SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
