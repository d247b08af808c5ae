#!/usr/bin/env node
// Several simulated EVM chains in one Node process, each on its own port, answering as
// `hardhat node` does (started by scripts/devnet.mjs; run from devnet/ on Node 22).
//
//   node scripts/hardhat-host.mjs --chain ID:PORT[:CHAIN_TYPE] [--chain ...] [--block-time-ms 1000]
//                                 [--hostname 127.0.0.1]
//
// Each chain is a Hardhat 3 in-process network (`hre.network.create` on the config's `node`
// network with the chain id, chain type and interval mining as overrides): its own EDR provider,
// state and mining timer, served by Hardhat's own JSON-RPC handler (the one `hardhat node` uses:
// HTTP single and batch, WebSocket with eth_subscribe), so the answers are the node's. What one
// process saves per chain is Node, Hardhat's modules and the contract decoder, loaded once.
// Blocks come from EDR's interval timer, so an idle chain costs a timer tick per block.
//
// One addition for the fault tests: `POST /__devnet/freeze?ms=N` on a chain's port makes that
// chain hang for N ms like a SIGSTOPped node (requests and WebSocket messages wait, unanswered, and
// are answered after), without freezing the other chains of the process. Blocks keep being mined
// meanwhile, as on a real chain behind a hung RPC endpoint.
//
// Prints `chain ID listening on PORT` per chain, then `host ready`. SIGTERM/SIGINT exit.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { WebSocketServer } from "ws";

const CHAIN_TYPES = new Set(["l1", "op", "generic"]);

function parseArgs(argv) {
  const opts = { chains: [], blockTimeMs: 1000, hostname: "127.0.0.1" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[++i];
    if (v === undefined) throw new Error(`${a} needs a value`);
    if (a === "--chain") {
      const [id, port, chainType = "l1"] = v.split(":");
      if (!CHAIN_TYPES.has(chainType)) throw new Error(`--chain ${v}: chain type must be one of ${[...CHAIN_TYPES].join(", ")}`);
      opts.chains.push({ chainId: Number(id), port: Number(port), chainType });
    } else if (a === "--block-time-ms") opts.blockTimeMs = Number(v);
    else if (a === "--hostname") opts.hostname = v;
    else throw new Error(`unknown option ${a}`);
  }
  if (opts.chains.length === 0) throw new Error("no --chain given");
  for (const c of opts.chains) {
    if (!Number.isInteger(c.chainId) || !Number.isInteger(c.port)) throw new Error("--chain wants ID:PORT[:TYPE]");
  }
  return opts;
}

/** Hardhat's JSON-RPC handler (not exported by the package; the file `hardhat node` uses). */
async function loadJsonRpcHandler() {
  const hardhatDir = path.dirname(path.dirname(path.dirname(new URL(import.meta.resolve("hardhat")).pathname)));
  const file = path.join(hardhatDir, "dist", "src", "internal", "builtin-plugins", "node", "json-rpc", "handler.js");
  return (await import(pathToFileURL(file).href)).JsonRpcHandler;
}

/** Holds work while a chain is frozen and lets it through, in order, when it thaws. */
class Freezer {
  #until = 0;
  #waiting = [];
  #timer = null;

  freeze(ms) {
    this.#until = Math.max(this.#until, Date.now() + ms);
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#thaw(), this.#until - Date.now());
  }

  /** Runs `fn` now, or when the chain thaws. */
  run(fn) {
    if (Date.now() < this.#until) this.#waiting.push(fn);
    else fn();
  }

  #thaw() {
    this.#until = 0;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const fn of waiting) fn();
  }
}

function serveChain({ provider, hostname, port, JsonRpcHandler }) {
  const handler = new JsonRpcHandler(provider);
  const freezer = new Freezer();
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url.startsWith("/__devnet/freeze")) {
      const ms = Number(new URL(req.url, "http://x").searchParams.get("ms"));
      if (!Number.isFinite(ms) || ms < 0) {
        res.writeHead(400).end("ms must be a non-negative number\n");
        return;
      }
      freezer.freeze(ms);
      res.writeHead(200).end("frozen\n");
      return;
    }
    freezer.run(() => handler.handleHttp(req, res));
  });
  const wss = new WebSocketServer({ server });
  wss.on("connection", (ws) => {
    // Answers and head notifications wait while the chain is frozen, as from a stopped process.
    const send = ws.send.bind(ws);
    ws.send = (data) => freezer.run(() => ws.readyState === ws.OPEN && send(data));
    handler.handleWs(ws);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve(server));
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { default: hre } = await import("hardhat");
  const JsonRpcHandler = await loadJsonRpcHandler();
  const exit = () => process.exit(0);
  process.on("SIGTERM", exit);
  process.on("SIGINT", exit);
  // One after the other: the first builds the shared contract decoder, the rest reuse it.
  for (const c of opts.chains) {
    const { provider } = await hre.network.create({
      network: "node",
      chainType: c.chainType,
      override: { chainId: c.chainId, mining: { auto: false, interval: opts.blockTimeMs } },
    });
    await serveChain({ provider, hostname: opts.hostname, port: c.port, JsonRpcHandler });
    console.log(`chain ${c.chainId} (${c.chainType}) listening on ${opts.hostname}:${c.port}`);
  }
  console.log("host ready");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
