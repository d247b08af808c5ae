#!/usr/bin/env node
// Deploys the contracts a chain profile needs to the chains it names, as an operator does on a real
// network (`make deploy-contracts PROFILE=FILE KEY=FILE`; docs/operations.md "Run on the public
// testnets"):
//   - signs locally with the key file (hex, mode 0600) and sends raw transactions: no unlocked
//     account, no Hardhat-only method, so any node or provider will do;
//   - checks first that every chain's URL answers the chain id the profile gives it;
//   - per EVM chain, deploys Depositor, CheckIn, PerchBadge and PerchPool unless the chain's
//     `contracts` already has one whose code is the compiled code (a re-run resumes, never
//     deploys twice); a recorded address with other code is an error, not silently replaced;
//   - waits for the chain's `confirmations` (default 2), then checks that the code at each address
//     equals the compiled runtime code (immutable values masked);
//   - writes each address into the chain's `contracts` and the first block into its
//     `deploy_block` (where perch's readers start), saving the profile after each chain;
//   - writes, per contract, what an explorer (Sourcify, Etherscan) needs to verify it:
//     verify/<chain id>/<Contract>.json beside the profile (the standard-JSON input, the compiler
//     version, the constructor arguments).
// Constructor arguments come from the profile's `accounts`: `maker` (required), `guardian` (who may
// pause the Depositor; default: the deployer) and `badge_signer` (required for PerchBadge); the
// pool's allow-list from config/pool-allowlist.json, as perch reads it.
//   node scripts/deploy-contracts.mjs --profile FILE --key FILE [--only Depositor,CheckIn]
import fs from "node:fs";
import path from "node:path";
import { createPublicClient, createWalletClient, defineChain, encodeAbiParameters, getAddress, http, isAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { loadArtifact, poolAllowlist } from "./lib/deploy.mjs";
import { ARTIFACTS_DIR } from "./lib/nodes.mjs";

export const CONTRACTS = [
  { key: "Depositor", artifact: "Depositor", args: (a) => [a.maker, a.guardian] },
  { key: "CheckIn", artifact: "CheckIn", args: () => [] },
  { key: "Badge", artifact: "PerchBadge", args: (a) => ["Perch Badges", "PBADGE", a.badgeSigner] },
  { key: "Pool", artifact: "PerchPool", args: (a) => [a.maker, poolAllowlist()] },
];

class DeployError extends Error {}

/** The key file's private key, refused when others can read it. */
export function readKey(file) {
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) throw new DeployError(`KEY: '${file}' is readable by group or others; run: chmod 600 ${file}`);
  const text = fs.readFileSync(file, "utf8").trim();
  const hex = text.startsWith("0x") ? text : `0x${text}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(hex)) throw new DeployError(`KEY: '${file}' does not hold a 32-byte hex private key`);
  return hex;
}

function accountsOf(profile, deployer, only) {
  const a = profile.accounts ?? {};
  const address = (key, fallback) => {
    const value = a[key] ?? fallback;
    if (value === undefined) return undefined;
    if (!isAddress(value)) throw new DeployError(`accounts.${key}: '${value}' is not an address`);
    return value;
  };
  const out = { maker: address("maker"), guardian: address("guardian", deployer), badgeSigner: address("badge_signer") };
  if (!out.maker) throw new DeployError("accounts.maker: the maker's address is required (Depositor and PerchPool pay through it)");
  if (only.includes("Badge") && !out.badgeSigner) throw new DeployError("accounts.badge_signer: required to deploy PerchBadge");
  return out;
}

const urlOf = (entry) => entry.rpc_urls?.[0] ?? entry.rpc_url ?? (entry.port ? `http://127.0.0.1:${entry.port}` : undefined);

/** Runtime code with the immutable slots zeroed, so that two deployments compare equal. */
export function maskImmutables(code, references) {
  const bytes = Buffer.from(code.slice(2), "hex");
  for (const refs of Object.values(references ?? {})) for (const { start, length } of refs) bytes.fill(0, start, start + length);
  return bytes.toString("hex");
}

async function codeMatches(client, address, artifact) {
  const code = (await client.getCode({ address })) ?? "0x";
  if (code === "0x") return false;
  return maskImmutables(code, artifact.immutableReferences) === maskImmutables(artifact.deployedBytecode, artifact.immutableReferences);
}

function writeVerification(dir, chainId, address, hash, contract, artifact, args) {
  const constructor = artifact.abi.find((x) => x.type === "constructor");
  const encoded = constructor ? encodeAbiParameters(constructor.inputs, args) : "0x";
  const record = {
    chain_id: chainId,
    address,
    transaction_hash: hash,
    contract_name: `${artifact.sourceName}:${artifact.contractName}`,
    compiler_version: `v${artifact.compiler.version.replace(/\.Emscripten.*$/, "")}`,
    constructor_arguments: encoded.slice(2),
    standard_json_input: JSON.parse(fs.readFileSync(path.join(ARTIFACTS_DIR, `${artifact.contractName}.input.json`), "utf8")),
  };
  fs.mkdirSync(path.join(dir, String(chainId)), { recursive: true });
  fs.writeFileSync(path.join(dir, String(chainId), `${contract}.json`), `${JSON.stringify(record, null, 2)}\n`);
}

function saveProfile(file, profile) {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(profile, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

async function deployChain(entry, index, ctx) {
  const where = `chains[${index}] (chain ${entry.chain_id})`;
  const url = urlOf(entry);
  if (!url) throw new DeployError(`${where}: no rpc_urls, rpc_url or port`);
  const chain = defineChain({ id: entry.chain_id, name: `chain ${entry.chain_id}`, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [url] } } });
  const transport = http(url, { retryCount: 5, timeout: 30_000 });
  const client = createPublicClient({ chain, transport, pollingInterval: 500 });
  const wallet = createWalletClient({ chain, transport, account: ctx.account });
  const answered = await client.getChainId();
  if (answered !== entry.chain_id) throw new DeployError(`${where}: ${url} answers chain ${answered}, not ${entry.chain_id}`);

  if ((await client.getBalance({ address: ctx.account.address })) === 0n)
    throw new DeployError(`${where}: the deployer ${ctx.account.address} holds nothing on chain ${entry.chain_id}; fund it first`);
  entry.contracts ??= {};
  // Nonces counted here, not asked per transaction: a load-balanced provider's "pending" count
  // can lag behind the transaction just sent.
  let nonce = await client.getTransactionCount({ address: ctx.account.address, blockTag: "pending" });
  const sent = [];
  for (const c of CONTRACTS.filter((c) => ctx.only.includes(c.key))) {
    const artifact = loadArtifact(c.artifact);
    const recorded = entry.contracts[c.key];
    if (recorded) {
      if (!(await codeMatches(client, recorded, artifact)))
        throw new DeployError(`${where}: contracts.${c.key} ${recorded} does not hold the compiled ${c.artifact}; remove the entry to deploy a new one`);
      ctx.log(`chain ${entry.chain_id}: ${c.key} already at ${recorded}`);
      continue;
    }
    const args = c.args(ctx.accounts);
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, nonce: nonce++ });
    ctx.log(`chain ${entry.chain_id}: ${c.key} sent in ${hash}`);
    sent.push({ c, artifact, args, hash });
  }
  const confirmations = entry.confirmations ?? 2;
  for (const s of sent) {
    const receipt = await client.waitForTransactionReceipt({ hash: s.hash, confirmations, timeout: 600_000 });
    if (receipt.status !== "success") throw new DeployError(`chain ${entry.chain_id}: deploying ${s.c.key} reverted (${s.hash})`);
    const address = getAddress(receipt.contractAddress);
    if (!(await codeMatches(client, address, s.artifact)))
      throw new DeployError(`chain ${entry.chain_id}: the code at ${address} is not the compiled ${s.c.artifact}`);
    entry.contracts[s.c.key] = address;
    const block = Number(receipt.blockNumber);
    entry.deploy_block = Math.min(entry.deploy_block ?? block, block);
    writeVerification(ctx.verifyDir, entry.chain_id, address, s.hash, s.c.key, s.artifact, s.args);
    ctx.log(`chain ${entry.chain_id}: ${s.c.key} at ${address} (block ${block}, ${confirmations} confirmations)`);
  }
  saveProfile(ctx.profileFile, ctx.profile);
}

export async function deployProfile({ profileFile, keyFile, only = CONTRACTS.map((c) => c.key), log = console.log }) {
  const profile = JSON.parse(fs.readFileSync(profileFile, "utf8"));
  if (!Array.isArray(profile.chains)) throw new DeployError(`${profileFile}: no 'chains' array`);
  const account = privateKeyToAccount(readKey(keyFile));
  const ctx = {
    profile, profileFile, account, only, log,
    accounts: accountsOf(profile, account.address, only),
    verifyDir: path.join(path.dirname(profileFile), "verify"),
  };
  log(`deployer ${account.address}`);
  for (const [i, entry] of profile.chains.entries()) {
    if (entry.kind === "solana") continue; // Solana needs no contract of ours
    await deployChain(entry, i, ctx);
  }
  return profile;
}

async function main() {
  const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
  if (!args.profile || !args.key) {
    console.error("usage: deploy-contracts.mjs --profile FILE --key FILE [--only Depositor,CheckIn,Badge,Pool]");
    process.exit(2);
  }
  const only = args.only ? args.only.split(",") : undefined;
  for (const name of only ?? []) {
    if (!CONTRACTS.some((c) => c.key === name)) {
      console.error(`--only: unknown contract '${name}' (known: ${CONTRACTS.map((c) => c.key).join(", ")})`);
      process.exit(2);
    }
  }
  try {
    await deployProfile({ profileFile: path.resolve(args.profile), keyFile: path.resolve(args.key), only });
  } catch (e) {
    console.error(`deploy-contracts: ${e instanceof DeployError ? e.message : e.shortMessage ?? e.message}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
