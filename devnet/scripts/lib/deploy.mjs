// Deterministic accounts and deployment (viem). See nodes.mjs for the process plumbing.
import { pbkdf2Sync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { encodeDeployData, encodeFunctionData, getContractAddress, maxUint256 } from "viem";
import { HDKey, hdKeyToAccount } from "viem/accounts";
import { ARTIFACTS_DIR, REPO_ROOT, rpc, rpcBatch } from "./nodes.mjs";
import { ENS_CHAIN_IDS, ENS_OWNER_INDEX, ensAddresses, ensTxs } from "./ens.mjs";
import { INTENTS_DEPLOYER_ETH, INTENTS_DEPLOYER_INDEX, intentsAddresses, intentsTxs } from "./intents.mjs";
import { DEPLOYER_ETH, SWAP_CHAIN_IDS, priceOracles, seedTxs, swapAddresses, swapSetupTxs, swapState } from "./swap.mjs";

// Hardhat's default accounts (public test keys; never use them anywhere real).
export const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";
// BIP-39 seed with node's native PBKDF2 (viem's JS one costs ~100 ms per account), derived once.
let masterKey;
const accountCache = new Map();
export function account(i) {
  masterKey ??= HDKey.fromMasterSeed(pbkdf2Sync(HARDHAT_MNEMONIC.normalize("NFKD"), "mnemonic", 2048, 64, "sha512"));
  if (!accountCache.has(i)) accountCache.set(i, hdKeyToAccount(masterKey, { addressIndex: i }));
  return accountCache.get(i);
}
export const privateKeyHex = (i) => Buffer.from(account(i).getHdKey().privateKey).toString("hex");
export const DEPLOYER_INDEX = 0;
export const MAKER_INDEX = 1;
// perch's badge claim signer (devnet/badge-signer.key holds its key).
export const BADGE_SIGNER_INDEX = 10;
// perch's faucet (devnet/faucet.key): its ETH is Hardhat's; it gets USDC and USDT like a user.
export const FAUCET_INDEX = 11;
export const USER_INDEXES = [2, 3, 4, 5, 6, 7, 8, 9];

export const TOKEN_DECIMALS = 6n;
export const MAKER_MINT = 1_000_000n * 10n ** TOKEN_DECIMALS;
export const USER_MINT = 10_000n * 10n ** TOKEN_DECIMALS;

// Deployment order from the deployer's fresh nonce 0: the addresses follow from (deployer, nonce)
// and are therefore the same on every chain.
export const DEPLOYMENTS = [
  { key: "USDC", artifact: "TestToken", args: ["USD Coin", "USDC", 6] },
  { key: "USDT", artifact: "TestToken", args: ["Tether USD", "USDT", 6] },
  { key: "CheckIn", artifact: "CheckIn", args: [] },
  { key: "Depositor", artifact: "Depositor", args: ["$maker", "$guardian"] },
  { key: "Badge", artifact: "PerchBadge", args: ["Perch Badges", "PBADGE", "$badgeSigner"] },
  { key: "Pool", artifact: "PerchPool", args: ["$maker", "$poolAllowlist"] },
];

// The wallets /pool is for (config/pool-allowlist.json), allowed to deposit into PerchPool.
export function poolAllowlist() {
  const file = path.join(REPO_ROOT, "config", "pool-allowlist.json");
  return JSON.parse(fs.readFileSync(file, "utf8")).addresses;
}

export function loadArtifact(name) {
  const file = path.join(ARTIFACTS_DIR, `${name}.json`);
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/** Addresses the deployment produces (known without any chain). */
export function expectedAddresses() {
  const deployer = account(DEPLOYER_INDEX).address;
  const out = {};
  DEPLOYMENTS.forEach((d, nonce) => {
    out[d.key] = getContractAddress({ from: deployer, nonce: BigInt(nonce) });
  });
  return { ...out, ...intentsAddresses(account(INTENTS_DEPLOYER_INDEX).address) };
}

export function expectedAccounts() {
  return {
    deployer: account(DEPLOYER_INDEX).address,
    maker: account(MAKER_INDEX).address,
    users: USER_INDEXES.map((i) => account(i).address),
  };
}

// ---- deployment ---------------------------------------------------------------------------

const DEPLOY_GAS = 3_000_000n;
const CALL_GAS = 150_000n;
const hex = (n) => `0x${BigInt(n).toString(16)}`;

/**
 * The deployment as lists of transactions from account #0 with nonces 0..N, built once (key
 * derivation and encoding cost a few hundred ms) and sent to every chain. Every chain gets USDC,
 * USDT, CheckIn, Depositor, Badge, Pool and the mints; the swap chains then get the swap contracts,
 * mints and pools (swap.mjs), appended so that the addresses before them stay as they were.
 */
export function buildDeployPlan() {
  const accounts = expectedAccounts();
  const addresses = expectedAddresses();
  // The Depositor's guardian (pause / resume) is the deployer here, never the maker's key.
  const special = { $maker: accounts.maker, $guardian: accounts.deployer, $badgeSigner: account(BADGE_SIGNER_INDEX).address, $poolAllowlist: poolAllowlist() };
  const txs = DEPLOYMENTS.map((d) => {
    const art = loadArtifact(d.artifact);
    const args = d.args.map((a) => special[a] ?? a);
    return { data: encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args }), gas: DEPLOY_GAS, expect: addresses[d.key] };
  });
  const tokenAbi = loadArtifact("TestToken").abi;
  for (const token of [addresses.USDC, addresses.USDT]) {
    const mint = (to, amount) =>
      txs.push({ to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: "mint", args: [to, amount] }), gas: CALL_GAS });
    mint(accounts.maker, MAKER_MINT);
    for (const u of accounts.users) mint(u, USER_MINT);
    mint(account(FAUCET_INDEX).address, USER_MINT);
  }
  const swapAddr = swapAddresses(accounts.deployer, txs.length, addresses);
  const swapTxs = [...txs, ...swapSetupTxs(swapAddr, accounts, loadArtifact)];
  const perChain = new Map(SWAP_CHAIN_IDS.map((id) => [id, [...swapTxs, ...seedTxs(id, swapAddr, loadArtifact)]]));
  // The operator's one-time step for bridge and swap (docs/swap.md): the maker lets the executor
  // pull the bridged tokens it swaps on the destination. The devnet is its own operator.
  const approvals = [addresses.USDC, addresses.USDT].map((token) => ({
    to: token,
    data: encodeFunctionData({ abi: tokenAbi, functionName: "approve", args: [swapAddr.executor, maxUint256] }),
    gas: CALL_GAS,
  }));
  // The name service (ens.mjs) from its own account, on Ethereum only.
  const ensOwner = account(ENS_OWNER_INDEX).address;
  const ens = ensTxs(ensOwner, accounts.users, loadArtifact);
  // The ERC-7683 settlers (intents.mjs) from their own account, on every chain.
  const intentsDeployer = account(INTENTS_DEPLOYER_INDEX).address;
  const intents = intentsTxs(intentsDeployer, { maker: accounts.maker, depositor: addresses.Depositor }, loadArtifact);
  return {
    deployer: accounts.deployer,
    maker: accounts.maker,
    ensOwner,
    addresses,
    swap: swapState(swapAddr),
    priceOracles: priceOracles(swapAddr),
    ensRegistryFor: (chainId) => (ENS_CHAIN_IDS.includes(chainId) ? ensAddresses(ensOwner).registry : null),
    txsFor: (chainId) => perChain.get(chainId) ?? txs,
    makerTxsFor: (chainId) => (SWAP_CHAIN_IDS.includes(chainId) ? approvals : []),
    ensTxsFor: (chainId) => (ENS_CHAIN_IDS.includes(chainId) ? ens : []),
    intentsDeployer,
    intentsTxs: intents,
  };
}

/** The profile's and state.json's `swap` (docs/swap.md), known without any chain. */
export const expectedSwap = () => buildDeployPlan().swap;

/**
 * Sends the chain's transactions at once with explicit nonces and gas, then mines them with
 * `evm_mine` (the nodes mine on a 1 s interval with automine off; this keeps start-up from waiting
 * a block per transaction). Idempotent: a chain that already has the contracts is left alone.
 * Returns the first block the deployment can be in (`startBlock`, 0 when it was there already).
 */
export async function deployChain(url, plan = buildDeployPlan()) {
  const { deployer, addresses } = plan;
  const existing = await rpc(url, "eth_getCode", [addresses.Depositor, "latest"]);
  if (existing && existing !== "0x") return { addresses, deployed: false, startBlock: 0 };
  const chainId = Number(BigInt(await rpc(url, "eth_chainId")));
  const txs = plan.txsFor(chainId);
  const nonce = Number(BigInt(await rpc(url, "eth_getTransactionCount", [deployer, "pending"])));
  if (nonce !== 0) {
    throw new Error(`deployer ${deployer} already used nonce ${nonce} on ${url}: deployment would not be deterministic`);
  }
  if (SWAP_CHAIN_IDS.includes(chainId)) await rpc(url, "hardhat_setBalance", [deployer, hex(DEPLOYER_ETH)]);
  const startBlock = Number(BigInt(await rpc(url, "eth_blockNumber"))) + 1;
  const send = (from, first, list) =>
    list.map((t, i) => [
      "eth_sendTransaction",
      [{ from, nonce: hex(first + i), gas: hex(t.gas), data: t.data, ...(t.to ? { to: t.to } : {}), ...(t.value ? { value: hex(t.value) } : {}) }],
    ]);
  const makerTxs = plan.makerTxsFor(chainId);
  const makerNonce = makerTxs.length ? Number(BigInt(await rpc(url, "eth_getTransactionCount", [plan.maker, "pending"]))) : 0;
  const ensTxs = plan.ensTxsFor(chainId);
  if (ensTxs.length && Number(BigInt(await rpc(url, "eth_getTransactionCount", [plan.ensOwner, "pending"]))) !== 0) {
    throw new Error(`ENS owner ${plan.ensOwner} already used its nonce 0 on ${url}: the registry would move`);
  }
  // The settlers' deployer is no Hardhat account: funded and impersonated here, nonce 0 like the ENS owner's.
  if (Number(BigInt(await rpc(url, "eth_getTransactionCount", [plan.intentsDeployer, "pending"]))) !== 0) {
    throw new Error(`intents deployer ${plan.intentsDeployer} already used its nonce 0 on ${url}: the settlers would move`);
  }
  await rpc(url, "hardhat_setBalance", [plan.intentsDeployer, hex(INTENTS_DEPLOYER_ETH)]);
  await rpc(url, "hardhat_impersonateAccount", [plan.intentsDeployer]);
  const hashes = await rpcBatch(url, [
    ...send(deployer, 0, txs), ...send(plan.maker, makerNonce, makerTxs), ...send(plan.ensOwner, 0, ensTxs), ...send(plan.intentsDeployer, 0, plan.intentsTxs),
  ]);
  await mineAll(url, hashes, [...txs, ...makerTxs, ...ensTxs, ...plan.intentsTxs]);
  await rpc(url, "hardhat_stopImpersonatingAccount", [plan.intentsDeployer]);
  return { addresses, deployed: true, startBlock };
}

/** Mines until every transaction is in (several blocks when the block gas limit bites), checks them. */
async function mineAll(url, hashes, txs) {
  for (let round = 0; round < 10; round++) {
    await rpc(url, "evm_mine", []);
    const receipts = await rpcBatch(url, hashes.map((h) => ["eth_getTransactionReceipt", [h]]));
    if (receipts.some((r) => r === null)) continue;
    const failed = receipts.findIndex((r) => r.status !== "0x1");
    if (failed >= 0) throw new Error(`deployment transaction ${failed} reverted on ${url}`);
    txs.forEach((t, i) => {
      if (t.expect && receipts[i].contractAddress.toLowerCase() !== t.expect.toLowerCase()) {
        throw new Error(`transaction ${i} deployed at ${receipts[i].contractAddress}, expected ${t.expect}`);
      }
    });
    return;
  }
  throw new Error(`deployment transactions not mined on ${url}`);
}
