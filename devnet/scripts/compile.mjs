#!/usr/bin/env node
// Compiles contracts/**/*.sol OFFLINE with solc-js (the soljson.js bundled in the `solc` npm
// package) and writes artifacts/<Contract>.json = {contractName, sourceName, abi, bytecode,
// deployedBytecode, compiler}.
//
// Incremental: a fingerprint of the sources, the compiler version, the settings and this script is
// kept in cache/compile.json; when it matches and every artifact exists, nothing is loaded or
// written (takes ~50 ms). `--force` recompiles, `--quiet` prints nothing on a no-op.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONTRACTS = path.join(ROOT, "contracts");
const ARTIFACTS = path.join(ROOT, "artifacts");
const CACHE_FILE = path.join(ROOT, "cache", "compile.json");
const require = createRequire(import.meta.url);

const args = new Set(process.argv.slice(2));
const force = args.has("--force");
const quiet = args.has("--quiet");

export const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
};

function listSources(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(p));
    else if (entry.name.endsWith(".sol")) out.push(p);
  }
  return out.sort();
}

function packageVersion(name) {
  return JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), "utf8")).version;
}

function fingerprint(files) {
  const h = createHash("sha256");
  h.update(JSON.stringify(SETTINGS));
  for (const pkg of ["solc", "@openzeppelin/contracts", "@uniswap/v2-core", "@uniswap/v3-core"]) {
    h.update(`${pkg}@${packageVersion(pkg)}`);
  }
  h.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  for (const f of files) {
    h.update(path.relative(ROOT, f));
    h.update(fs.readFileSync(f));
  }
  return h.digest("hex");
}

function findImport(importPath) {
  const candidates = [path.join(ROOT, importPath), path.join(ROOT, "node_modules", importPath)];
  for (const c of candidates) {
    if (fs.existsSync(c)) return { contents: fs.readFileSync(c, "utf8") };
  }
  return { error: `File not found: ${importPath}` };
}

function main() {
  const files = listSources(CONTRACTS);
  const fp = fingerprint(files);
  let cached = null;
  try {
    cached = JSON.parse(fs.readFileSync(CACHE_FILE, "utf8"));
  } catch {}
  if (!force && cached?.fingerprint === fp &&
      cached.artifacts.every((a) => fs.existsSync(path.join(ARTIFACTS, `${a}.json`)))) {
    if (!quiet) console.log(`compile: up to date (${cached.artifacts.length} artifacts)`);
    return;
  }

  const t0 = Date.now();
  const solc = require("solc"); // loads the bundled soljson.js; never downloads anything
  const sources = {};
  for (const f of files) {
    sources[path.relative(ROOT, f).split(path.sep).join("/")] = { content: fs.readFileSync(f, "utf8") };
  }
  const input = { language: "Solidity", sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  for (const e of output.errors ?? []) {
    if (e.severity !== "error" && !quiet) console.warn(e.formattedMessage);
  }
  if (errors.length > 0) {
    for (const e of errors) console.error(e.formattedMessage);
    process.exit(1);
  }

  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const written = [];
  for (const [sourceName, contracts] of Object.entries(output.contracts)) {
    if (!sourceName.startsWith("contracts/")) continue; // OpenZeppelin and Uniswap dependencies
    for (const [contractName, c] of Object.entries(contracts)) {
      if (c.evm.bytecode.object === "") continue; // interfaces / abstract contracts
      const artifact = {
        contractName,
        sourceName,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
        compiler: { version: solc.version(), settings: { optimizer: SETTINGS.optimizer, evmVersion: SETTINGS.evmVersion } },
      };
      const file = path.join(ARTIFACTS, `${contractName}.json`);
      const text = `${JSON.stringify(artifact, null, 2)}\n`;
      // Keep mtimes stable when the output is identical (friendlier to make and watchers).
      if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) fs.writeFileSync(file, text);
      written.push(contractName);
    }
  }
  // Drop artifacts of contracts that no longer exist.
  for (const old of cached?.artifacts ?? []) {
    if (!written.includes(old)) fs.rmSync(path.join(ARTIFACTS, `${old}.json`), { force: true });
  }
  fs.mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
  fs.writeFileSync(CACHE_FILE, JSON.stringify({ fingerprint: fp, artifacts: written.sort() }, null, 2));
  console.log(`compile: ${written.length} contracts with solc ${solc.version()} in ${Date.now() - t0} ms (${written.join(", ")})`);
}

main();
