// The comparison server of make bench: fastify 5 answering GET /get-all-chains with the same body
// perch sends, held in memory plain and gzipped (no compression per request), like perch.
import fs from "node:fs";
import zlib from "node:zlib";
import Fastify from "fastify";

const [file, port] = process.argv.slice(2);
const plain = fs.readFileSync(file);
const gzipped = zlib.gzipSync(plain, { level: 9 });
const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
app.get("/get-all-chains", (req, reply) => {
  reply.header("content-type", "application/json");
  if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    reply.header("content-encoding", "gzip").header("vary", "Accept-Encoding");
    return reply.send(gzipped);
  }
  return reply.send(plain);
});
await app.listen({ host: "127.0.0.1", port: Number(port) });
console.log(`fastify listening on ${port}`);
