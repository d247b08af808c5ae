#!/usr/bin/env node
// The devnet's Solana node: LiteSVM behind Solana's JSON-RPC 2.0 over HTTP (docs/solana.md).
//
//   node devnet/solana/server.mjs [--port 8899] [--host 127.0.0.1] [--slot-ms 400]
//                                 [--finalize-depth 4] [--blockhash-valid-slots 150]
//
// POST / takes a JSON-RPC request or batch; GET /health answers "ok" like a validator. Prints
// `solana node ready <url>` once listening; SIGTERM/SIGINT stop it.
import http from "node:http";
import { SolanaChain } from "./chain.mjs";
import { applyGenesis, makeAirdrop } from "./genesis.mjs";
import { SolanaRpc, stringifyJson } from "./rpc.mjs";

const MAX_BODY = 50 * 1024 * 1024;
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-allow-headers": "content-type, solana-client",
  "access-control-max-age": "86400",
};

/** Creates the chain, its genesis and the RPC; returns {chain, rpc, server, url, genesis, close}. */
export async function startSolanaNode({ port = 8899, host = "127.0.0.1", slotMs = 400, finalizeDepth = 4, blockhashValidSlots = 150 } = {}) {
  const chain = new SolanaChain({ slotMs, finalizeDepth, blockhashValidSlots });
  const genesis = await applyGenesis(chain);
  const rpc = new SolanaRpc(chain);
  rpc.airdrop = makeAirdrop(chain);
  const server = http.createServer((req, res) => handle(rpc, req, res));
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  chain.start();
  const url = `http://${host}:${server.address().port}`;
  const close = () =>
    new Promise((resolve) => {
      chain.stop();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { chain, rpc, server, url, genesis, close };
}

function send(res, status, body, type = "application/json") {
  res.writeHead(status, { "content-type": type, ...CORS });
  res.end(body);
}

function handle(rpc, req, res) {
  if (req.method === "OPTIONS") return send(res, 204, "");
  if (req.method === "GET" && req.url === "/health") return send(res, 200, "ok", "text/plain");
  if (req.method !== "POST") return send(res, 405, "Used HTTP Method is not allowed. POST or OPTIONS is required", "text/plain");
  const chunks = [];
  let size = 0;
  req.on("data", (c) => {
    size += c.length;
    if (size > MAX_BODY) {
      send(res, 413, "Payload Too Large", "text/plain");
      req.destroy();
      return;
    }
    chunks.push(c);
  });
  req.on("end", () => {
    if (res.writableEnded) return;
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return send(res, 200, stringifyJson({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null }));
    }
    const answer = rpc.handleBody(body);
    if (answer === null) return send(res, 200, "");
    send(res, 200, stringifyJson(answer));
  });
}

function parseArgs(argv) {
  const opts = {};
  const ints = { "--port": "port", "--slot-ms": "slotMs", "--finalize-depth": "finalizeDepth", "--blockhash-valid-slots": "blockhashValidSlots" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[++i];
    if (v === undefined) throw new Error(`${a} needs a value`);
    if (a === "--host") opts.host = v;
    else if (ints[a]) {
      const n = Number(v);
      if (!Number.isInteger(n) || n < (a === "--port" ? 0 : 1)) throw new Error(`${a} must be a ${a === "--port" ? "non-negative" : "positive"} integer`);
      opts[ints[a]] = n;
    } else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`[solana] ${err.message}\nusage: server.mjs [--port N] [--host H] [--slot-ms N] [--finalize-depth N] [--blockhash-valid-slots N]`);
    process.exit(2);
  }
  const node = await startSolanaNode(opts).catch((err) => {
    console.error(`[solana] ${err.message}`);
    process.exit(1);
  });
  const stop = async () => {
    await node.close();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  console.log(`solana node ready ${node.url} slot_ms=${node.chain.slotMs} maker=${node.genesis.maker} usdc_mint=${node.genesis.usdc_mint}`);
}
