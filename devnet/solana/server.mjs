#!/usr/bin/env node
// The devnet's Solana node: LiteSVM behind Solana's JSON-RPC 2.0 over HTTP (docs/solana.md).
//
//   node devnet/solana/server.mjs [--port 8899] [--ws-port PORT+1] [--host 127.0.0.1] [--slot-ms 400]
//                                 [--finalize-depth 4] [--blockhash-valid-slots 150]
//
// POST / takes a JSON-RPC request or batch; GET /health answers "ok" like a validator. WebSocket
// PubSub (pubsub.mjs) on the ws port (port + 1, like a validator) and on the RPC port itself.
// Prints `solana node ready <url> ws <ws url>` once listening; SIGTERM/SIGINT stop it.
import http from "node:http";
import { SolanaChain } from "./chain.mjs";
import { applyGenesis, makeAirdrop } from "./genesis.mjs";
import { SolanaPubSub } from "./pubsub.mjs";
import { SolanaRpc, stringifyJson } from "./rpc.mjs";

const MAX_BODY = 50 * 1024 * 1024;
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-allow-headers": "content-type, solana-client",
  "access-control-max-age": "86400",
};

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
}

/**
 * Creates the chain, its genesis, the RPC and the PubSub; returns {chain, rpc, pubsub, url, wsUrl,
 * genesis, close}. `wsPort` defaults to port + 1 (an ephemeral one when `port` is 0).
 */
export async function startSolanaNode({ port = 8899, wsPort, host = "127.0.0.1", slotMs = 400, finalizeDepth = 4, blockhashValidSlots = 150 } = {}) {
  const chain = new SolanaChain({ slotMs, finalizeDepth, blockhashValidSlots });
  const genesis = await applyGenesis(chain);
  const rpc = new SolanaRpc(chain);
  rpc.airdrop = makeAirdrop(chain);
  const pubsub = new SolanaPubSub(rpc);
  const server = http.createServer((req, res) => handle(rpc, req, res));
  server.keepAliveTimeout = 30_000;
  const wsServer = http.createServer((req, res) => send(res, 400, "WebSocket only", "text/plain"));
  for (const s of [server, wsServer]) s.on("upgrade", (req, socket, head) => pubsub.handleUpgrade(req, socket, head));
  await listen(server, port, host);
  try {
    await listen(wsServer, wsPort ?? (port === 0 ? 0 : port + 1), host);
  } catch (err) {
    server.close();
    throw err;
  }
  chain.start();
  const url = `http://${host}:${server.address().port}`;
  const wsUrl = `ws://${host}:${wsServer.address().port}`;
  const close = () => {
    chain.stop();
    pubsub.close();
    const done = Promise.all([server, wsServer].map((s) => new Promise((resolve) => s.close(() => resolve()))));
    for (const s of [server, wsServer]) s.closeAllConnections();
    return done;
  };
  return { chain, rpc, pubsub, server, url, wsUrl, genesis, close };
}

function send(res, status, body, type = "application/json", extra = {}) {
  res.writeHead(status, { "content-type": type, ...CORS, ...extra });
  res.end(body);
}

function handle(rpc, req, res) {
  if (req.method === "OPTIONS") {
    // A browser's preflight: allow whatever headers it asks for (kit adds `solana-client`).
    const asked = req.headers["access-control-request-headers"];
    return send(res, 204, "", "text/plain", asked ? { "access-control-allow-headers": asked } : {});
  }
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
  const ints = { "--port": "port", "--ws-port": "wsPort", "--slot-ms": "slotMs", "--finalize-depth": "finalizeDepth", "--blockhash-valid-slots": "blockhashValidSlots" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[++i];
    if (v === undefined) throw new Error(`${a} needs a value`);
    if (a === "--host") opts.host = v;
    else if (ints[a]) {
      const n = Number(v);
      const isPort = a === "--port" || a === "--ws-port";
      if (!Number.isInteger(n) || n < (isPort ? 0 : 1)) throw new Error(`${a} must be a ${isPort ? "non-negative" : "positive"} integer`);
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
    console.error(`[solana] ${err.message}\nusage: server.mjs [--port N] [--ws-port N] [--host H] [--slot-ms N] [--finalize-depth N] [--blockhash-valid-slots N]`);
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
  console.log(`solana node ready ${node.url} ws ${node.wsUrl} slot_ms=${node.chain.slotMs} maker=${node.genesis.maker} usdc_mint=${node.genesis.usdc_mint}`);
}
