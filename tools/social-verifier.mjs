#!/usr/bin/env node
// A small, real social-task verifier for local runs and tests. Perch asks it (config
// social_verifier_url) whether a wallet did a task: POST /verify {platform, subject, user} →
// {ok, reason}. A production verifier would ask X, Discord or Telegram; this one answers from the
// set of (platform, subject) pairs it was told about, either on the command line
// (--accept twitter:alice --accept discord:CODE --accept telegram:0xabc...) or at run time with
// POST /accept {platform, subject}. Subjects: the X handle without '@', the Discord OAuth code,
// the wallet address for Telegram and follow tasks. Compared case-insensitively.
//
// usage: node tools/social-verifier.mjs [--host 127.0.0.1] [--port 0] [--accept platform:subject]...
// Prints "social verifier listening on http://HOST:PORT" once it accepts connections.
import http from 'node:http';

const args = process.argv.slice(2);
let host = '127.0.0.1';
let port = 0;
const accepted = new Set();
const key = (platform, subject) => `${String(platform).toLowerCase()}:${String(subject).toLowerCase()}`;

for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--host') host = args[++i];
  else if (a === '--port') port = Number(args[++i]);
  else if (a === '--accept') {
    const [platform, ...rest] = String(args[++i]).split(':');
    accepted.add(key(platform, rest.join(':')));
  } else {
    console.error(`unknown argument ${a}`);
    process.exit(2);
  }
}

const PLATFORMS = new Set(['twitter', 'discord', 'telegram', 'follow']);

function readJson(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 65536) reject(new Error('body too large'));
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(body || '{}'));
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

function send(res, status, obj) {
  const text = JSON.stringify(obj);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer(async (req, res) => {
  try {
    if (req.method === 'POST' && (req.url === '/verify' || req.url === '/accept')) {
      const body = await readJson(req);
      const platform = String(body.platform ?? '');
      const subject = String(body.subject ?? '');
      if (!PLATFORMS.has(platform) || subject === '') {
        send(res, 400, { ok: false, reason: 'platform and subject are required' });
        return;
      }
      if (req.url === '/accept') {
        accepted.add(key(platform, subject));
        send(res, 200, { ok: true });
        return;
      }
      const ok = accepted.has(key(platform, subject));
      console.log(`verify ${platform} ${subject} for ${body.user ?? '?'}: ${ok ? 'yes' : 'no'}`);
      send(res, 200, ok ? { ok: true } : { ok: false, reason: `${platform} task not done by ${subject}` });
      return;
    }
    if (req.method === 'GET' && req.url === '/health') {
      send(res, 200, { ok: true, accepted: accepted.size });
      return;
    }
    send(res, 404, { ok: false, reason: 'not found' });
  } catch (err) {
    send(res, 400, { ok: false, reason: String(err.message ?? err) });
  }
});

server.listen(port, host, () => {
  const addr = server.address();
  console.log(`social verifier listening on http://${host}:${addr.port}`);
});

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
