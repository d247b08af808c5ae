import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { expectRevert, newChain } from "./helpers.mjs";

describe("TestToken", () => {
  let c, token;
  before(async () => {
    c = await newChain();
    token = await c.deploy("TestToken", ["Tether USD", "USDT", 6]);
  });
  after(() => c.close());

  it("has the name, symbol and 6 decimals", async () => {
    assert.equal(await c.read(token, "name"), "Tether USD");
    assert.equal(await c.read(token, "symbol"), "USDT");
    assert.equal(await c.read(token, "decimals"), 6);
  });

  it("takes its decimals from the constructor (WBTC: 8)", async () => {
    const wbtc = await c.deploy("TestToken", ["Wrapped BTC", "WBTC", 8]);
    assert.equal(await c.read(wbtc, "decimals"), 8);
  });

  it("lets the owner mint", async () => {
    await c.send(token, "mint", [c.accounts[3], 1_000_000n]);
    assert.equal(await c.read(token, "balanceOf", [c.accounts[3]]), 1_000_000n);
    assert.equal(await c.read(token, "totalSupply"), 1_000_000n);
  });

  it("refuses minting by anyone else", async () => {
    await expectRevert(c.send(token, "mint", [c.accounts[3], 1n], { from: 3 }), token.abi, "OwnableUnauthorizedAccount");
  });
});
