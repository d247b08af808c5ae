// Where the devnet's faucets pay: config/devnet.json moves the Ink faucets onto Ink (57073), which
// the devnet runs; a devnet started with --chains (the C++ suites' core four) pays a faucet whose
// chain it does not run on Base, so the state never names a chain no node serves.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEFAULT_PROFILE, loadProfile } from "../scripts/lib/devnet-lib.mjs";
import { runFaucetChains } from "../scripts/lib/faucet-chains.mjs";

const CORE = [1, 8453, 42161, 1868];

describe("faucet chains", () => {
  const profile = loadProfile(DEFAULT_PROFILE);

  it("config/devnet.json: the Ink faucets (ETH and USDC) pay on Ink, and every faucet chain is a devnet chain", () => {
    assert.equal(profile.faucet_chains.ink, 57073);
    assert.equal(profile.faucet_chains["ink-usdc"], 57073);
    const ids = new Set(profile.chains.map((c) => c.chain_id));
    for (const [slug, id] of Object.entries(profile.faucet_chains)) assert.ok(ids.has(id), `faucet_chains.${slug}: ${id} is not a devnet chain`);
  });

  it("the whole devnet: the state keeps the profile's faucet chains as they are", () => {
    assert.deepEqual(runFaucetChains(profile.faucet_chains, profile.chains.map((c) => c.chain_id)), profile.faucet_chains);
  });

  it("the core four: a faucet on a chain not run pays on Base; one on a chain run stays", () => {
    assert.deepEqual(runFaucetChains({ ink: 57073, "ink-usdc": 57073, ip: 42161, monad: 1868 }, CORE), { ink: 8453, "ink-usdc": 8453, ip: 42161, monad: 1868 });
  });

  it("without Base either, a faucet on a chain not run is left out rather than pointed at no node", () => {
    assert.deepEqual(runFaucetChains({ ink: 57073, monad: 1868 }, [42161, 1868]), { monad: 1868 });
  });
});
