// deploy-contracts: the operator's deployment to a real chain (`make deploy-contracts`), run
// against a plain node that is not the devnet: its own chain id (Sepolia's), no contracts, a
// deployer funded with a fresh key, and reached through the provider proxy (30-120 ms latency),
// which counts every method. The script must refuse a key file others can read and a URL of
// another chain; then deploy through raw transactions only (no Hardhat method, no unlocked
// account), write the addresses and the deploy block into the profile and, per contract, a
// standard-JSON input that solc compiles back to exactly the bytes that were deployed; a second
// run deploys nothing; and `perch check-profile` passes on the profile it wrote.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startNode, stopNodes, waitForNode } from "../lib/nodes.mjs";
import { freshDir, proxyStats, startProxy } from "../lib/proxied.mjs";

const CHAIN_ID = 11155111;
const CONTRACTS = ["Depositor", "CheckIn", "Badge", "Pool"];

export async function run(t) {
  const { check, log, d } = t;
  const dir = freshDir(t, "deploy-contracts");
  const node = startNode({ chainId: CHAIN_ID, port: t.port + 41, logFile: path.join(dir, "node.log") });
  let proxy = null;
  try {
    await waitForNode(node);
    proxy = await startProxy(t, { [CHAIN_ID]: [t.port + 42, node.url] }, path.join(dir, "proxy.log"), ["--latency", "30-120"]);
    const url = `http://127.0.0.1:${t.port + 42}`;

    // A fresh deployer, funded by the node's own account (the test's doing, not the script's).
    const key = generatePrivateKey();
    const deployer = privateKeyToAccount(key).address;
    const keyFile = path.join(dir, "deployer.key");
    fs.writeFileSync(keyFile, key, { mode: 0o600 });
    const [funder] = await d.rpc(node.url, "eth_accounts");
    await d.rpc(node.url, "eth_sendTransaction", [{ from: funder, to: deployer, value: "0x8ac7230489e80000" }]);
    while (BigInt(await d.rpc(node.url, "eth_getBalance", [deployer, "latest"])) === 0n) await t.sleep(200);

    const badgeSigner = privateKeyToAccount(`0x${fs.readFileSync(path.join(t.root, "devnet/badge-signer.key"), "utf8").trim().replace(/^0x/, "")}`).address;
    const profile = (chainId) => ({ accounts: { maker: t.maker, badge_signer: badgeSigner }, chains: [{ chain_id: chainId, rpc_urls: [url], confirmations: 2 }] });
    const profileFile = path.join(dir, "profile.json");
    const deploy = (pf, kf) =>
      spawnSync(process.execPath, [path.join(t.root, "devnet/scripts/deploy-contracts.mjs"), "--profile", pf, "--key", kf], { encoding: "utf8", timeout: 180000 });

    // Refusals, each before anything is sent.
    const loose = path.join(dir, "loose.key");
    fs.writeFileSync(loose, key, { mode: 0o644 });
    fs.chmodSync(loose, 0o644);
    fs.writeFileSync(profileFile, JSON.stringify(profile(CHAIN_ID)));
    const refusedKey = deploy(profileFile, loose);
    check(refusedKey.status === 1 && refusedKey.stderr.includes(`chmod 600 ${loose}`), `deploy-contracts: a key file others can read is refused (${refusedKey.stderr.trim()})`);
    fs.writeFileSync(profileFile, JSON.stringify(profile(CHAIN_ID + 1)));
    const refusedChain = deploy(profileFile, keyFile);
    check(refusedChain.status === 1 && refusedChain.stderr.includes(`answers chain ${CHAIN_ID}, not ${CHAIN_ID + 1}`),
      `deploy-contracts: a URL of another chain is refused (${refusedChain.stderr.trim()})`);
    const sentBefore = Number(await d.rpc(node.url, "eth_getTransactionCount", [deployer, "latest"]));
    check(sentBefore === 0, `deploy-contracts: the refusals sent nothing (deployer nonce ${sentBefore})`);

    // The deployment, through the proxy.
    fs.writeFileSync(profileFile, JSON.stringify(profile(CHAIN_ID)));
    await fetch(`${url}/__proxy/reset`, { method: "POST" });
    const t0 = Date.now();
    const first = deploy(profileFile, keyFile);
    log(`deploy-contracts: ${Date.now() - t0} ms\n${first.stdout}${first.stderr}`);
    check(first.status === 0, `deploy-contracts: deploys the profile's contracts (exit ${first.status})`);
    const written = JSON.parse(fs.readFileSync(profileFile, "utf8")).chains[0];
    check(CONTRACTS.every((c) => /^0x[0-9a-fA-F]{40}$/.test(written.contracts?.[c] ?? "")) && written.deploy_block > 0,
      `deploy-contracts: the profile names ${Object.keys(written.contracts ?? {}).join(", ")} and deploy block ${written.deploy_block}`);
    const methods = Object.keys((await proxyStats(t.port + 42)).methods ?? {});
    const special = methods.filter((m) => /^(hardhat_|evm_|anvil_)/.test(m) || m === "eth_sendTransaction" || m === "eth_accounts");
    check(methods.includes("eth_sendRawTransaction") && special.length === 0,
      `deploy-contracts: only standard methods and locally signed transactions (${methods.join(", ")})`);
    const maker = await d.rpc(node.url, "eth_call", [{ to: written.contracts.Depositor, data: "0x50655d8c" }, "latest"]);
    check(maker.slice(-40).toLowerCase() === t.maker.slice(2).toLowerCase(), `deploy-contracts: the Depositor forwards to the profile's maker (${maker.slice(-40)})`);

    // Each verification input compiles back to exactly the deployed creation code. The sent
    // transactions are read first: solc blocks this process for seconds, long enough for the
    // node to close an idle keep-alive connection under the next request.
    const records = [];
    for (const name of CONTRACTS) {
      const v = JSON.parse(fs.readFileSync(path.join(dir, "verify", String(CHAIN_ID), `${name}.json`), "utf8"));
      records.push({ name, v, tx: await d.rpc(node.url, "eth_getTransactionByHash", [v.transaction_hash]) });
    }
    const solc = createRequire(path.join(t.root, "devnet/package.json"))("solc");
    for (const { name, v, tx } of records) {
      const [source, contract] = v.contract_name.split(":");
      const input = { ...v.standard_json_input, settings: { ...v.standard_json_input.settings, outputSelection: { [source]: { [contract]: ["evm.bytecode.object"] } } } };
      const out = JSON.parse(solc.compile(JSON.stringify(input)));
      const bytecode = out.contracts?.[source]?.[contract]?.evm.bytecode.object;
      check(bytecode && tx.input === `0x${bytecode}${v.constructor_arguments}` && v.address === written.contracts[name],
        `deploy-contracts: ${name}'s standard-JSON input (${v.compiler_version}) rebuilds the deployed bytes`);
    }
    await t.sleep(200); // lets the connections the node closed meanwhile be seen closed

    // A second run resumes: every contract is found, nothing is sent.
    const nonce = Number(await d.rpc(node.url, "eth_getTransactionCount", [deployer, "latest"]));
    const second = deploy(profileFile, keyFile);
    const nonceAfter = Number(await d.rpc(node.url, "eth_getTransactionCount", [deployer, "latest"]));
    const again = JSON.parse(fs.readFileSync(profileFile, "utf8")).chains[0];
    check(second.status === 0 && nonceAfter === nonce && JSON.stringify(again) === JSON.stringify(written),
      `deploy-contracts: a second run deploys nothing (nonce ${nonce} → ${nonceAfter})`);

    // perch itself accepts what the script wrote.
    const config = path.join(dir, "perch.json");
    fs.writeFileSync(config, JSON.stringify({ chain_profile: profileFile, maker_key_file: "devnet/maker.key", database_url: `sqlite:${path.join(dir, "perch.db")}` }));
    const checked = spawnSync(t.perchBin, ["check-profile", "--config", config], { cwd: t.root, encoding: "utf8", timeout: 60000 });
    const lines = `${checked.stdout}${checked.stderr}`;
    log(`check-profile:\n${lines}`);
    check(checked.status === 0 && !lines.includes("FAIL") && lines.includes("this maker's key") && (lines.match(/code at/g) ?? []).length === CONTRACTS.length,
      `deploy-contracts: perch check-profile passes on the written profile (exit ${checked.status})`);
  } finally {
    proxy?.kill("SIGTERM");
    await stopNodes([node]);
  }
}
