// The devnet's minimal ENS (contracts/ens/): registry and resolver with ENS's selectors and
// ownership rules, and the names scripts/lib/ens.mjs seeds, resolved as the server resolves them.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { labelhash, namehash, parseEventLogs, toFunctionSelector, zeroAddress } from "viem";
import { CAPS_NAME, DEMO_NAME, ENS_OWNER_INDEX, ensAddresses, ensTxs, reverseName } from "../scripts/lib/ens.mjs";
import { expectRevert, loadArtifact, newChain } from "./helpers.mjs";

const selectorsOf = (abi) => abi.filter((e) => e.type === "function").map((f) => toFunctionSelector(f));

describe("PerchEnsRegistry and PerchEnsResolver", () => {
  let c, registry, resolver;
  before(async () => {
    c = await newChain();
    registry = await c.deploy("PerchEnsRegistry");
    resolver = await c.deploy("PerchEnsResolver", [registry.address]);
  });
  after(() => c.close());

  it("have ENS's function selectors", () => {
    const reg = selectorsOf(registry.abi);
    // owner, resolver, setOwner, setResolver, setSubnodeOwner
    for (const s of ["0x02571be3", "0x0178b8bf", "0x5b0fc9c3", "0x1896f70a", "0x06ab5923"]) assert.ok(reg.includes(s), s);
    const res = selectorsOf(resolver.abi);
    // addr, setAddr, name, setName
    for (const s of ["0x3b3b57de", "0xd5fa2b00", "0x691f3431", "0x77372213"]) assert.ok(res.includes(s), s);
  });

  it("gives the root to the deployer and subnodes only from their parent's owner", async () => {
    const root = namehash("");
    assert.equal((await c.read(registry, "owner", [root])).toLowerCase(), c.accounts[0].toLowerCase());
    const receipt = await c.send(registry, "setSubnodeOwner", [root, labelhash("eth"), c.accounts[1]]);
    const [ev] = parseEventLogs({ abi: registry.abi, logs: receipt.logs, eventName: "NewOwner" });
    assert.equal(ev.args.label, labelhash("eth"));
    assert.equal((await c.read(registry, "owner", [namehash("eth")])).toLowerCase(), c.accounts[1].toLowerCase());
    await expectRevert(c.send(registry, "setSubnodeOwner", [namehash("eth"), labelhash("x"), c.accounts[2]], { from: 2 }), registry.abi, "NotNodeOwner");
    await c.send(registry, "setSubnodeOwner", [namehash("eth"), labelhash("alice"), c.accounts[2]], { from: 1 });
    assert.equal((await c.read(registry, "owner", [namehash("alice.eth")])).toLowerCase(), c.accounts[2].toLowerCase());
  });

  it("lets only a node's owner set its resolver, owner and records", async () => {
    const alice = namehash("alice.eth");
    await expectRevert(c.send(registry, "setResolver", [alice, resolver.address], { from: 3 }), registry.abi, "NotNodeOwner");
    await c.send(registry, "setResolver", [alice, resolver.address], { from: 2 });
    assert.equal((await c.read(registry, "resolver", [alice])).toLowerCase(), resolver.address.toLowerCase());
    await expectRevert(c.send(resolver, "setAddr", [alice, c.accounts[3]], { from: 3 }), resolver.abi, "NotNodeOwner");
    await expectRevert(c.send(resolver, "setName", [alice, "spoof.eth"], { from: 3 }), resolver.abi, "NotNodeOwner");
    await c.send(resolver, "setAddr", [alice, c.accounts[2]], { from: 2 });
    await c.send(resolver, "setName", [alice, "alice.eth"], { from: 2 });
    assert.equal((await c.read(resolver, "addr", [alice])).toLowerCase(), c.accounts[2].toLowerCase());
    assert.equal(await c.read(resolver, "name", [alice]), "alice.eth");
    await c.send(registry, "setOwner", [alice, c.accounts[4]], { from: 2 });
    await expectRevert(c.send(resolver, "setAddr", [alice, c.accounts[2]], { from: 2 }), resolver.abi, "NotNodeOwner");
    assert.equal(await c.read(resolver, "addr", [namehash("nobody.eth")]), zeroAddress);
    assert.equal(await c.read(resolver, "name", [namehash("nobody.eth")]), "");
  });

  it("answers ERC-165 for addr and name", async () => {
    for (const id of ["0x3b3b57de", "0x691f3431", "0x01ffc9a7"]) assert.equal(await c.read(resolver, "supportsInterface", [id]), true);
    assert.equal(await c.read(resolver, "supportsInterface", ["0xffffffff"]), false);
  });
});

describe("the devnet's seeded names (scripts/lib/ens.mjs)", () => {
  let c, registry, resolver, users;
  // The server's resolution: reverse resolver, name, then the name's resolver and address.
  async function primaryName(address) {
    const reverse = namehash(reverseName(address));
    const rev = await c.read(registry, "resolver", [reverse]);
    if (rev === zeroAddress) return { name: null };
    const name = await c.read({ ...resolver, address: rev }, "name", [reverse]);
    const fwd = await c.read(registry, "resolver", [namehash(name)]);
    const resolved = fwd === zeroAddress ? zeroAddress : await c.read({ ...resolver, address: fwd }, "addr", [namehash(name)]);
    return { name, forwardMatches: resolved.toLowerCase() === address.toLowerCase() };
  }

  before(async () => {
    c = await newChain();
    const owner = c.accounts[ENS_OWNER_INDEX];
    users = c.accounts.slice(2, 10);
    const txs = ensTxs(owner, users, loadArtifact);
    const wallet = c.wallet(ENS_OWNER_INDEX);
    for (const t of txs) {
      const hash = await wallet.sendTransaction({ to: t.to, data: t.data, gas: t.gas });
      const r = await c.publicClient.waitForTransactionReceipt({ hash });
      assert.equal(r.status, "success");
      if (t.expect) assert.equal(r.contractAddress.toLowerCase(), t.expect.toLowerCase());
    }
    const addrs = ensAddresses(owner);
    registry = { address: addrs.registry, abi: loadArtifact("PerchEnsRegistry").abi };
    resolver = { address: addrs.resolver, abi: loadArtifact("PerchEnsResolver").abi };
  });
  after(() => c.close());

  it("gives the first user account perch-demo.eth both ways", async () => {
    assert.deepEqual(await primaryName(users[0]), { name: DEMO_NAME, forwardMatches: true });
  });

  it("has a spoofed reverse record, an account without one, and a name that is not normalised", async () => {
    assert.deepEqual(await primaryName(users[1]), { name: DEMO_NAME, forwardMatches: false });
    assert.deepEqual(await primaryName(users[2]), { name: null });
    assert.deepEqual(await primaryName(users[3]), { name: CAPS_NAME, forwardMatches: true });
  });
});
