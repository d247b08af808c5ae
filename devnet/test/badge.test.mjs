import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { privateKeyToAccount } from "viem/accounts";
import { expectRevert, newChain } from "./helpers.mjs";

// Hardhat's account #10: a key for the tests only (public test mnemonic).
const SIGNER = privateKeyToAccount("0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897");
const OTHER = privateKeyToAccount("0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82");

describe("PerchBadge", () => {
  let c, badge, domain;
  before(async () => {
    c = await newChain();
    badge = await c.deploy("PerchBadge", ["Perch Badges", "PBADGE", SIGNER.address]);
    domain = { name: "PerchBadge", version: "1", chainId: c.publicClient.chain.id, verifyingContract: badge.address };
  });
  after(() => c.close());

  const grant = (signer, to, badgeId) =>
    signer.signTypedData({
      domain,
      types: { Claim: [{ name: "to", type: "address" }, { name: "badgeId", type: "uint256" }] },
      primaryType: "Claim",
      message: { to, badgeId },
    });

  it("mints the badge to the wallet the signer granted it to, once", async () => {
    const user = c.accounts[4];
    const signature = await grant(SIGNER, user, 1n);
    const receipt = await c.send(badge, "claim", [1n, signature], { from: 4 });
    assert.equal(receipt.status, "success");
    assert.equal((await c.read(badge, "ownerOf", [1n])).toLowerCase(), user.toLowerCase());
    assert.equal(await c.read(badge, "claimed", [user, 1n]), true);
    assert.equal(await c.read(badge, "badgeOf", [1n]), 1n);
    await expectRevert(c.send(badge, "claim", [1n, signature], { from: 4 }), badge.abi, "AlreadyClaimed");
  });

  it("keeps badges apart: a second badge is its own claim", async () => {
    const user = c.accounts[4];
    await c.send(badge, "claim", [2n, await grant(SIGNER, user, 2n)], { from: 4 });
    assert.equal(await c.read(badge, "claimed", [user, 2n]), true);
    assert.equal(await c.read(badge, "totalMinted"), 2n);
  });

  it("refuses a grant for another wallet, another badge, or from another signer", async () => {
    const forFour = await grant(SIGNER, c.accounts[4], 3n);
    await expectRevert(c.send(badge, "claim", [3n, forFour], { from: 5 }), badge.abi, "BadSignature");
    await expectRevert(c.send(badge, "claim", [4n, await grant(SIGNER, c.accounts[5], 3n)], { from: 5 }), badge.abi, "BadSignature");
    await expectRevert(c.send(badge, "claim", [3n, await grant(OTHER, c.accounts[5], 3n)], { from: 5 }), badge.abi, "BadSignature");
    await expectRevert(c.send(badge, "claim", [3n, "0x1234"], { from: 5 }), badge.abi, "BadSignature");
    assert.equal(await c.read(badge, "claimed", [c.accounts[5], 3n]), false);
  });

  it("exposes the EIP-712 domain perch signs against", async () => {
    assert.match(await c.read(badge, "domainSeparator"), /^0x[0-9a-f]{64}$/);
    assert.equal((await c.read(badge, "signer")).toLowerCase(), SIGNER.address.toLowerCase());
  });
});
