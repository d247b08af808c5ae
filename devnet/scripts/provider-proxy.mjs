#!/usr/bin/env node
// A JSON-RPC proxy that answers like an ordinary load-balanced RPC provider, in front of devnet
// nodes, for tests and benchmarks. Per chain (one listening port in front of one node URL):
//
//   latency         each request waits a uniform time in [min, max] ms before it is answered
//   429             a share of requests get HTTP 429 with Retry-After (and an HTML body)
//   storm           for a while, every request gets 429 (a provider throttling an account)
//   in-body limits  a share of calls get a rate-limit error (-32005) inside a 200 answer
//   log range cap   eth_getLogs over more blocks than the cap is refused the way Infura does
//   batch cap       a batch with more calls than the cap is refused as a whole, the way geth does
//   5xx             a share of requests get 502/503 with an HTML body
//   resets          a share of connections are reset before an answer
//   truncated       a share of answers are cut in half (the full Content-Length announced)
//   hangs           a share of requests are never answered
//   lagging         N backends behind a load balancer, each 0..max blocks behind the node: a
//                   request is served by one of them, which answers eth_blockNumber, blocks,
//                   receipts, logs and "latest" state as a node at its own head would (null past
//                   its head, logs only up to it)
//   no WebSocket    upgrade requests are refused (unless --ws 1: passed through to the node)
//   estimate revert a share of eth_estimateGas calls answer "execution reverted", as a backend
//                   whose state is behind answers a payout it cannot run yet (its funds or the
//                   deposit's block not there); with --each-fault-by, the first one always does
//
// Counting: GET /__proxy/stats has `requests` (HTTP requests), `calls` (JSON-RPC calls, a batch's
// each), `batches`, and `methods` (calls per method). With --ws 1 the WebSocket frames are read as
// they pass: `ws_connections`, `ws_calls` and `ws_methods` (what the client sent), `ws_messages`
// (what the node sent, e.g. eth_subscription notifications), `ws_pings` (control frames).
// `lowest_block` has the lowest block number each method asked for by number (eth_getLogs's
// fromBlock, eth_getBlockByNumber's block, ...), `block_zero_reads` the calls that asked for block 0.
//
// Every random choice comes from one seeded generator, so a run is reproducible for a given
// order of requests.
//
// Usage:
//   node devnet/scripts/provider-proxy.mjs --chain 9500=http://127.0.0.1:8995 [--chain ...]
//        [--seed 1] [--latency 30-120] [--p429 0.03] [--retry-after 1] [--p-in-body 0.02]
//        [--log-range 100] [--batch-max 10] [--p5xx 0.02] [--p-reset 0.01] [--p-truncate 0.01]
//        [--p-hang 0.005] [--hang-ms 20000] [--p-estimate-revert 0.1] [--backends 3] [--lag 0-3] [--ws 1] [--each-fault-by 20] [--config FILE.json]
//
// A JSON config file holds the same settings ({"chains": {"9500": "http://..."}, "p429": 0.03,
// "lag": [0, 3], ...}); flags override it. While running, each port also answers:
//   GET  /__proxy/stats    counts of what was done (requests, calls, each fault), since start
//   POST /__proxy/config   merges JSON settings into the running ones (e.g. {"storm_ms": 60000})
//   POST /__proxy/reset    zeroes the counts
// It prints `provider proxy ready` when every port listens, and stops on SIGINT/SIGTERM.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";

// Methods whose first parameter is a block number (the proxy's stats keep the lowest asked for).
const BLOCK_METHODS = new Set(["eth_getBlockByNumber", "eth_getBlockReceipts", "eth_getBlockTransactionCountByNumber"]);

const DEFAULTS = {
  seed: 1,
  latency: [0, 0],
  p429: 0,
  retry_after: 1,
  p_in_body: 0,
  log_range: 0, // 0: no cap
  batch_max: 0, // 0: no cap
  p5xx: 0,
  p_reset: 0,
  p_truncate: 0,
  p_hang: 0,
  hang_ms: 20000,
  p_estimate_revert: 0,
  backends: 1,
  lag: [0, 0],
  storm_ms: 0, // > 0: every request gets 429 for this long from when it is set
  // > 0: from this many requests on, each fault whose share is set but that has not come yet is
  // forced on the next request, so a short run still sees every kind (its checks cannot depend on luck)
  each_fault_by: 0,
  ws: 0, // 1: WebSocket upgrades are passed through to the node (and their frames counted)
  chains: {},
};

// --- settings ------------------------------------------------------------------------------------

function range(text) {
  const [a, b] = String(text).split("-").map(Number);
  return [a, Number.isFinite(b) ? b : a];
}

function parseArgs(argv) {
  const flags = {};
  const chains = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    const value = argv[i + 1];
    if (!name.startsWith("--") || value === undefined) throw new Error(`bad argument ${name}`);
    i++;
    const key = name.slice(2).replaceAll("-", "_");
    if (key === "chain") {
      const [port, url] = value.split(/=(.*)/s);
      chains[port] = url;
    } else if (key === "config") {
      Object.assign(flags, JSON.parse(fs.readFileSync(value, "utf8")));
    } else if (key === "latency" || key === "lag") {
      flags[key] = range(value);
    } else {
      flags[key] = Number(value);
    }
  }
  const settings = { ...DEFAULTS, ...flags };
  settings.chains = { ...(flags.chains ?? {}), ...chains };
  if (Object.keys(settings.chains).length === 0) throw new Error("no --chain PORT=URL given");
  return settings;
}

// mulberry32: small, fast, and the same sequence for the same seed everywhere.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// --- the node behind ---------------------------------------------------------------------------

async function upstreamCall(url, payload) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  return res.json();
}

const hex = (n) => "0x" + n.toString(16);
const num = (h) => Number.parseInt(h, 16);
const TAGS = new Set(["latest", "pending", "safe", "finalized"]);

// One chain: its port, the node it fronts, its backends' lags and its counts.
class Chain {
  constructor(port, url, settings, random) {
    this.port = Number(port);
    this.url = url;
    this.settings = settings;
    this.random = random;
    this.stats = {};
    this.head = { number: 0, at: 0 };
    this.stormUntil = 0;
    this.drawLags();
  }

  count(what, n = 1) {
    this.stats[what] = (this.stats[what] ?? 0) + n;
  }

  chance(p) {
    return p > 0 && this.random() < p;
  }

  // With each_fault_by, the first configured request fault that has not happened yet; else "none".
  faultStillOwed() {
    const s = this.settings;
    if (!(s.each_fault_by > 0) || (this.stats.requests ?? 0) < s.each_fault_by) return "none";
    const owed = [["hang", s.p_hang, "hangs"], ["reset", s.p_reset, "resets"], ["5xx", s.p5xx, "html_5xx"],
      ["429", s.p429, "http_429"], ["truncate", s.p_truncate, "truncated"]];
    return owed.find(([, p, stat]) => p > 0 && !this.stats[stat])?.[0] ?? "none";
  }

  inBodyLimitOwed() {
    const s = this.settings;
    return s.each_fault_by > 0 && s.p_in_body > 0 && (this.stats.requests ?? 0) >= s.each_fault_by &&
      !this.stats.in_body_rate_limits;
  }

  drawLags() {
    const [lo, hi] = this.settings.lag;
    this.lags = Array.from({ length: Math.max(1, this.settings.backends) }, () =>
      lo + Math.floor(this.random() * (hi - lo + 1)),
    );
  }

  // The node's head, asked at most every 50 ms (a load balancer's view is no fresher).
  async trueHead() {
    const now = Date.now();
    if (now - this.head.at > 50) {
      const answer = await upstreamCall(this.url, { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] });
      this.head = { number: num(answer.result), at: now };
    }
    return this.head.number;
  }

  // --- answers as a backend `lag` blocks behind would give them ---

  async serveCall(call, backendHead) {
    const params = Array.isArray(call.params) ? structuredClone(call.params) : [];
    const reply = (result) => ({ jsonrpc: "2.0", id: call.id, result });
    const behind = backendHead !== null;
    if (behind) {
      switch (call.method) {
        case "eth_blockNumber":
          this.count("lagged_answers");
          return reply(hex(backendHead));
        case "eth_getBlockByNumber": {
          const tag = params[0];
          if (TAGS.has(tag) && tag !== "safe" && tag !== "finalized") params[0] = hex(backendHead);
          else if (typeof tag === "string" && tag.startsWith("0x") && num(tag) > backendHead) {
            this.count("lagged_answers");
            return reply(null);
          }
          break;
        }
        case "eth_getLogs": {
          const filter = { ...(params[0] ?? {}) };
          if (!filter.blockHash) {
            const from = filter.fromBlock === undefined || TAGS.has(filter.fromBlock) ? backendHead : num(filter.fromBlock);
            const to = filter.toBlock === undefined || TAGS.has(filter.toBlock) ? backendHead : num(filter.toBlock);
            if (from > backendHead) {
              this.count("lagged_answers");
              return reply([]);
            }
            if (to > backendHead) this.count("lagged_answers");
            filter.fromBlock = hex(from);
            filter.toBlock = hex(Math.min(to, backendHead));
            params[0] = filter;
          }
          break;
        }
        case "eth_estimateGas":
          // Estimated on the backend's own state, as a node behind estimates.
          if (params.length < 2 || params[1] === "latest") params[1] = hex(backendHead);
          break;
        case "eth_getBalance":
        case "eth_getTransactionCount":
        case "eth_call":
        case "eth_getCode":
        case "eth_getStorageAt": {
          const last = params.length - 1;
          if (last >= 1 && params[last] === "latest") params[last] = hex(backendHead);
          break;
        }
        default:
          break;
      }
    }
    const answer = await upstreamCall(this.url, { ...call, params });
    if (!behind || answer.result === undefined || answer.result === null) return answer;
    const result = answer.result;
    switch (call.method) {
      case "eth_getLogs":
        if (Array.isArray(result)) answer.result = result.filter((l) => num(l.blockNumber) <= backendHead);
        break;
      case "eth_getTransactionReceipt":
      case "eth_getBlockByHash":
        if (result.blockNumber ? num(result.blockNumber) > backendHead : num(result.number ?? "0x0") > backendHead) {
          this.count("lagged_answers");
          answer.result = null;
        }
        break;
      case "eth_getTransactionByHash":
        if (result.blockNumber && num(result.blockNumber) > backendHead) {
          this.count("lagged_answers");
          answer.result = { ...result, blockHash: null, blockNumber: null, transactionIndex: null };
        }
        break;
      default:
        break;
    }
    return answer;
  }

  // Refusals a provider gives per call, before the node is asked; null: ask the node.
  refusal(call) {
    const s = this.settings;
    if (this.chance(s.p_in_body) || this.inBodyLimitOwed()) {
      this.count("in_body_rate_limits");
      return { jsonrpc: "2.0", id: call.id, error: { code: -32005, message: "daily request count exceeded, request rate limited" } };
    }
    if (call.method === "eth_estimateGas" && s.p_estimate_revert > 0 &&
      (this.chance(s.p_estimate_revert) || (s.each_fault_by > 0 && !this.stats.estimate_reverts))) {
      this.count("estimate_reverts");
      return { jsonrpc: "2.0", id: call.id, error: { code: -32000, message: "execution reverted" } };
    }
    if (call.method === "eth_getLogs" && s.log_range > 0) {
      const filter = (call.params ?? [])[0] ?? {};
      if (!filter.blockHash && filter.fromBlock?.startsWith?.("0x") && filter.toBlock?.startsWith?.("0x")) {
        const span = num(filter.toBlock) - num(filter.fromBlock) + 1;
        if (span > s.log_range) {
          this.count("log_range_refusals");
          return {
            jsonrpc: "2.0",
            id: call.id,
            error: { code: -32005, message: `query returned more than 10000 results. Try with this block range [${filter.fromBlock}, ${hex(num(filter.fromBlock) + s.log_range - 1)}].` },
          };
        }
      }
    }
    return null;
  }

  /** The lowest block number each method asked for (block 0 counted apart: a chain's genesis). */
  countBlockRead(c) {
    const p = Array.isArray(c?.params) ? c.params : [];
    const asked = c?.method === "eth_getLogs" ? p[0]?.fromBlock : BLOCK_METHODS.has(c?.method) ? p[0] : undefined;
    if (typeof asked !== "string" || !asked.startsWith("0x")) return;
    const n = Number(BigInt(asked));
    if (n === 0) return this.count("block_zero_reads");
    const lowest = (this.stats.lowest_block ??= {});
    lowest[c.method] = Math.min(lowest[c.method] ?? Infinity, n);
  }

  async answer(payload) {
    const batch = Array.isArray(payload);
    const calls = batch ? payload : [payload];
    this.count("calls", calls.length);
    if (batch) this.count("batches");
    for (const c of calls) {
      const m = (this.stats.methods ??= {});
      m[c?.method ?? "?"] = (m[c?.method ?? "?"] ?? 0) + 1;
      this.countBlockRead(c);
    }
    if (batch && this.settings.batch_max > 0 && calls.length > this.settings.batch_max) {
      this.count("batch_refusals");
      return { jsonrpc: "2.0", id: null, error: { code: -32600, message: "batch too large" } };
    }
    // One backend serves the whole request, as a load balancer routes one HTTP request.
    const lag = this.lags[Math.floor(this.random() * this.lags.length)];
    const backendHead = lag > 0 ? Math.max(0, (await this.trueHead()) - lag) : null;
    const refusals = calls.map((c) => this.refusal(c));
    const answers = await Promise.all(calls.map((c, i) => refusals[i] ?? this.serveCall(c, backendHead)));
    return batch ? answers : answers[0];
  }
}

// --- WebSocket passthrough (--ws 1) -----------------------------------------------------------

// Feeds a byte stream of WebSocket frames; calls onMessage(opcode, payload) per whole message (and
// per control frame, payload null).
function frameReader(onMessage) {
  let buf = Buffer.alloc(0);
  let parts = [];
  let firstOp = 0;
  return (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (buf.length < 2) return;
      const fin = buf[0] & 0x80;
      const op = buf[0] & 0x0f;
      const masked = buf[1] & 0x80;
      let len = buf[1] & 0x7f;
      let off = 2;
      if (len === 126) {
        if (buf.length < 4) return;
        len = buf.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (buf.length < 10) return;
        len = Number(buf.readBigUInt64BE(2));
        off = 10;
      }
      const maskAt = off;
      if (masked) off += 4;
      if (buf.length < off + len) return;
      const payload = Buffer.from(buf.subarray(off, off + len));
      if (masked) for (let i = 0; i < len; i++) payload[i] ^= buf[maskAt + (i & 3)];
      buf = buf.subarray(off + len);
      if (op >= 8) {
        onMessage(op, null);
        continue;
      }
      if (parts.length === 0) firstOp = op;
      parts.push(payload);
      if (fin) {
        onMessage(firstOp, Buffer.concat(parts));
        parts = [];
      }
    }
  };
}

function passWebSocket(chain, req, socket, head) {
  if (!chain.settings.ws) {
    chain.count("websocket_refusals");
    socket.end("HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nWebSocket is not supported on this endpoint\n");
    return;
  }
  const target = new URL(chain.url);
  const upstream = net.connect(Number(target.port || 80), target.hostname);
  chain.count("ws_connections");
  const fromClient = frameReader((op, payload) => {
    if (op >= 8) return chain.count("ws_pings");
    let msg;
    try {
      msg = JSON.parse(payload.toString("utf8"));
    } catch {
      return chain.count("ws_other");
    }
    for (const c of Array.isArray(msg) ? msg : [msg]) {
      chain.count("ws_calls");
      const m = (chain.stats.ws_methods ??= {});
      m[c?.method ?? "?"] = (m[c?.method ?? "?"] ?? 0) + 1;
    }
  });
  let headerDone = false;
  let pending = Buffer.alloc(0);
  const fromNode = frameReader((op, payload) => {
    if (op >= 8) return chain.count("ws_pings");
    chain.count("ws_messages");
  });
  upstream.on("connect", () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i];
      lines.push(`${name}: ${name.toLowerCase() === "host" ? target.host : req.rawHeaders[i + 1]}`);
    }
    upstream.write(lines.join("\r\n") + "\r\n\r\n");
    if (head?.length) {
      fromClient(head);
      upstream.write(head);
    }
  });
  socket.on("data", (d) => {
    fromClient(d);
    upstream.write(d);
  });
  upstream.on("data", (d) => {
    socket.write(d);
    if (headerDone) return fromNode(d);
    pending = Buffer.concat([pending, d]);
    const end = pending.indexOf("\r\n\r\n");
    if (end < 0) return;
    headerDone = true;
    const rest = pending.subarray(end + 4);
    pending = null;
    if (rest.length) fromNode(rest);
  });
  const close = () => {
    socket.destroy();
    upstream.destroy();
  };
  socket.on("close", close);
  upstream.on("close", close);
  socket.on("error", close);
  upstream.on("error", close);
}

// --- HTTP ------------------------------------------------------------------------------------------

const HTML_PAGE = (status, text) =>
  `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on("data", (d) => parts.push(d));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function control(chain, req, res, body) {
  if (req.method === "GET" && req.url === "/__proxy/stats") {
    const uptime = (Date.now() - chain.started) / 1000;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ...chain.stats, seconds: uptime, lags: chain.lags }));
    return;
  }
  if (req.method === "POST" && req.url === "/__proxy/config") {
    const change = JSON.parse(body || "{}");
    for (const key of ["latency", "lag"]) if (typeof change[key] === "string") change[key] = range(change[key]);
    Object.assign(chain.settings, change);
    if (change.lag || change.backends) chain.drawLags();
    if (change.storm_ms !== undefined) chain.stormUntil = Date.now() + Number(change.storm_ms);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: true, lags: chain.lags }));
    return;
  }
  if (req.method === "POST" && req.url === "/__proxy/reset") {
    chain.stats = {};
    chain.started = Date.now();
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"ok":true}');
    return;
  }
  res.writeHead(404);
  res.end();
}

async function handle(chain, req, res) {
  const body = await readBody(req);
  if (req.url.startsWith("/__proxy/")) return control(chain, req, res, body);
  if (req.headers.upgrade) {
    chain.count("websocket_refusals");
    res.writeHead(400, { "content-type": "text/plain" });
    res.end("WebSocket is not supported on this endpoint\n");
    return;
  }
  chain.count("requests");
  const s = chain.settings;
  const [lo, hi] = s.latency;
  const latency = lo + chain.random() * (hi - lo);
  // The fault for this request, drawn in a fixed order so a seed gives one sequence.
  const storm = Date.now() < chain.stormUntil;
  const fault = storm
    ? "429"
    : chain.chance(s.p_hang) ? "hang"
    : chain.chance(s.p_reset) ? "reset"
    : chain.chance(s.p5xx) ? "5xx"
    : chain.chance(s.p429) ? "429"
    : chain.chance(s.p_truncate) ? "truncate"
    : chain.faultStillOwed();
  await sleep(latency);
  switch (fault) {
    case "hang":
      chain.count("hangs");
      setTimeout(() => req.socket.destroy(), s.hang_ms);
      return;
    case "reset":
      chain.count("resets");
      req.socket.resetAndDestroy?.() ?? req.socket.destroy();
      return;
    case "5xx": {
      const status = chain.random() < 0.5 ? 502 : 503;
      chain.count("html_5xx");
      res.writeHead(status, { "content-type": "text/html" });
      res.end(HTML_PAGE(status, status === 502 ? "Bad Gateway" : "Service Temporarily Unavailable"));
      return;
    }
    case "429":
      chain.count(storm ? "storm_429" : "http_429");
      res.writeHead(429, { "content-type": "text/html", "retry-after": String(s.retry_after) });
      res.end(HTML_PAGE(429, "Too Many Requests"));
      return;
    default:
      break;
  }
  let payload;
  try {
    payload = JSON.parse(body);
  } catch {
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}');
    return;
  }
  let answer;
  try {
    answer = JSON.stringify(await chain.answer(payload));
  } catch (e) {
    chain.count("upstream_errors");
    res.writeHead(502, { "content-type": "text/html" });
    res.end(HTML_PAGE(502, "Bad Gateway"));
    return;
  }
  const bytes = Buffer.from(answer);
  if (fault === "truncate") {
    chain.count("truncated");
    res.writeHead(200, { "content-type": "application/json", "content-length": bytes.length });
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    setTimeout(() => req.socket.destroy(), 5);
    return;
  }
  res.writeHead(200, { "content-type": "application/json", "content-length": bytes.length });
  res.end(bytes);
}

function main() {
  const settings = parseArgs(process.argv.slice(2));
  const random = generator(settings.seed);
  const servers = [];
  let listening = 0;
  const ports = Object.keys(settings.chains);
  for (const port of ports) {
    // Each chain has its own settings (POST /__proxy/config changes one chain), one generator.
    const chain = new Chain(port, settings.chains[port], { ...settings, chains: undefined }, random);
    chain.started = Date.now();
    const server = http.createServer((req, res) => {
      handle(chain, req, res).catch((e) => {
        chain.count("proxy_errors");
        if (!res.headersSent) res.writeHead(500);
        res.end(String(e));
      });
    });
    server.keepAliveTimeout = 30000;
    // Without an upgrade listener Node hands upgrade requests to handle(), which refuses them.
    if (settings.ws) server.on("upgrade", (req, socket, head) => passWebSocket(chain, req, socket, head));
    server.listen(chain.port, "127.0.0.1", () => {
      if (++listening === ports.length) console.log(`provider proxy ready (${ports.map((p) => `${p} -> ${settings.chains[p]}`).join(", ")}; lags ${JSON.stringify(settings.lag)})`);
    });
    servers.push(server);
  }
  const stop = () => {
    for (const s of servers) s.closeAllConnections?.(), s.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main();
