#!/usr/bin/env node
// Compiles contracts/**/*.sol OFFLINE with solc-js (the soljson.js bundled in the `solc` npm
// package) and writes artifacts/<Contract>.json = {contractName, sourceName, abi, bytecode,
// deployedBytecode, immutableReferences, compiler}, and artifacts/<Contract>.input.json: the
// standard-JSON input of just the sources that contract is built from, which an explorer
// (Sourcify, Etherscan) compiles again to verify a deployment (scripts/deploy-contracts.mjs).
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
};
const OUTPUT = ["abi", "metadata", "evm.bytecode.object", "evm.deployedBytecode.object", "evm.deployedBytecode.immutableReferences"];

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
  h.update(JSON.stringify(OUTPUT));
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

// Every imported file's text, kept for the verification inputs.
const imported = {};
function findImport(importPath) {
  const candidates = [path.join(ROOT, importPath), path.join(ROOT, "node_modules", importPath)];
  for (const c of candidates) {
    if (fs.existsSync(c)) {
      imported[importPath] = fs.readFileSync(c, "utf8");
      return { contents: imported[importPath] };
    }
  }
  return { error: `File not found: ${importPath}` };
}

// Keeps mtimes stable when the output is identical (friendlier to make and watchers).
function writeIfChanged(file, value) {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) fs.writeFileSync(file, text);
}

// The standard-JSON input that rebuilds one contract byte for byte: the sources its metadata
// names (its own and what it imports) and the settings it was compiled with.
function verificationInput(metadataText, sources) {
  const metadata = JSON.parse(metadataText);
  const used = Object.fromEntries(
    Object.keys(metadata.sources).map((name) => [name, { content: sources[name]?.content ?? imported[name] }]),
  );
  const outputSelection = { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } };
  return { language: "Solidity", sources: used, settings: { ...SETTINGS, outputSelection } };
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
  const input = { language: "Solidity", sources, settings: { ...SETTINGS, outputSelection: { "*": { "*": OUTPUT } } } };
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
      artifact.immutableReferences = c.evm.deployedBytecode.immutableReferences ?? {};
      writeIfChanged(path.join(ARTIFACTS, `${contractName}.json`), artifact);
      writeIfChanged(path.join(ARTIFACTS, `${contractName}.input.json`), verificationInput(c.metadata, sources));
      written.push(contractName);
    }
  }
  // Drop artifacts of contracts that no longer exist.
  for (const old of cached?.artifacts ?? []) {
    if (written.includes(old)) continue;
    for (const suffix of [".json", ".input.json"]) fs.rmSync(path.join(ARTIFACTS, `${old}${suffix}`), { force: true });
  }
  fs.mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
  fs.writeFileSync(CACHE_FILE, JSON.stringify({ fingerprint: fp, artifacts: written.sort() }, null, 2));
  console.log(`compile: ${written.length} contracts with solc ${solc.version()} in ${Date.now() - t0} ms (${written.join(", ")})`);
}

main();
