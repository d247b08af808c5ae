// A TCP proxy that adds network latency, for benchmarks only (netem is not available here).
// Each new connection waits one round trip before data flows (the TCP handshake), and every
// chunk is delayed half a round trip in each direction, so a request/response costs one RTT.
// Usage: node scripts/latency-proxy.mjs RTT_MS LISTEN_PORT:UPSTREAM_PORT [...]
import net from 'node:net';

const [rttText, ...pairs] = process.argv.slice(2);
const rtt = Number(rttText);
if (!Number.isFinite(rtt) || pairs.length === 0) {
  console.error('usage: latency-proxy.mjs RTT_MS LISTEN:UPSTREAM ...');
  process.exit(2);
}
const later = (ms, fn) => setTimeout(fn, ms);

for (const pair of pairs) {
  const [listen, upstream] = pair.split(':').map(Number);
  net.createServer((client) => {
    client.pause();
    later(rtt, () => {
      const server = net.connect(upstream, '127.0.0.1', () => client.resume());
      client.on('data', (chunk) => later(rtt / 2, () => server.write(chunk)));
      server.on('data', (chunk) => later(rtt / 2, () => client.write(chunk)));
      const close = () => { client.destroy(); server.destroy(); };
      client.on('close', close).on('error', close);
      server.on('close', close).on('error', close);
    });
  }).listen(listen, '127.0.0.1');
}
console.log(`latency proxy ready (${rtt} ms RTT)`);
