// The committed profile (config/devnet.json) agrees with what the runner deploys and with the
// committed maker key.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { privateKeyToAccount } from "viem/accounts";
import { DEFAULT_PROFILE, ENS_CHAIN_IDS, ENS_OWNER_INDEX, REPO_ROOT, account, ensAddresses, expectedAccounts, expectedAddresses, expectedSwap, loadProfile } from "../scripts/lib/devnet-lib.mjs";

describe("config/devnet.json", () => {
  const profile = loadProfile(DEFAULT_PROFILE);

  it("lists the thirteen devnet chains with their real chain ids on 127.0.0.1 ports 8545..8557", () => {
    assert.deepEqual(profile.chains.map((c) => [c.chain_id, c.port]), [
      [1, 8545], [8453, 8546], [42161, 8547], [1868, 8548],
      [10, 8549], [59144, 8550], [534352, 8551], [324, 8552], [167000, 8553], [81457, 8554], [60808, 8555], [7777777, 8556], [57073, 8557],
    ]);
    for (const c of profile.chains) assert.ok(c.name.length > 0);
  });

  it("runs Base, Soneium, Optimism, Zora and Ink as OP-stack chains (chain_type op), zkSync Era as generic", () => {
    const type = (id) => profile.chains.find((c) => c.chain_id === id).chain_type ?? "l1";
    for (const id of [8453, 1868, 10, 7777777, 57073]) assert.equal(type(id), "op", `chain ${id}`);
    assert.equal(type(324), "generic");
    for (const id of [1, 42161, 59144, 534352, 167000, 81457, 60808]) assert.equal(type(id), "l1", `chain ${id}`);
  });

  it("holds the deterministic contract addresses and accounts", () => {
    assert.deepEqual(profile.contracts, expectedAddresses());
    assert.deepEqual(profile.accounts, expectedAccounts());
    assert.equal(profile.confirmations, 1);
    assert.equal(profile.block_time_ms, 1000);
  });

  it("names the ENS registry the runner deploys on chain 1 (ens_registry), on no other chain", () => {
    const registry = ensAddresses(account(ENS_OWNER_INDEX).address).registry;
    assert.deepEqual(ENS_CHAIN_IDS, [1]);
    assert.deepEqual(profile.chains.filter((c) => c.ens_registry).map((c) => [c.chain_id, c.ens_registry]), [[1, registry]]);
  });

  it("gives every devnet chain no explorer (explorer_url \"\"), so no page links a devnet hash to a public explorer", () => {
    assert.deepEqual(profile.chains.map((c) => [c.chain_id, c.explorer_url]), profile.chains.map((c) => [c.chain_id, ""]));
  });

  it("holds the swap setup (docs/swap.md) the runner deploys", () => {
    assert.deepEqual(profile.swap, expectedSwap());
    assert.equal(profile.swap.start_block, 0);
  });

  it("points at a maker key file for the maker account", () => {
    const key = fs.readFileSync(path.join(REPO_ROOT, profile.maker_key_file), "utf8").trim();
    assert.match(key, /^0x[0-9a-f]{64}$/);
    assert.equal(privateKeyToAccount(key).address, profile.accounts.maker);
  });
});
