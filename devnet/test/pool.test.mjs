import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { zeroAddress } from "viem";
import { expectRevert, newChain } from "./helpers.mjs";

// PerchPool: allow-listed deposits of ETH and a token, withdrawals of one's own deposit from what
// the maker has not drawn, maker payouts owed back until repaid.
const ETH = zeroAddress;

describe("PerchPool", () => {
  let c, pool, usdc, maker, alice, bob, stranger;
  before(async () => {
    c = await newChain();
    [maker, alice, bob, stranger] = [c.accounts[1], c.accounts[2], c.accounts[3], c.accounts[4]];
    usdc = await c.deploy("TestToken", ["USD Coin", "USDC", 6]);
    pool = await c.deploy("PerchPool", [maker, [alice, bob]]);
    for (const who of [1, 2, 3, 4]) {
      await c.send(usdc, "mint", [c.accounts[who], 1_000_000_000n]);
      await c.send(usdc, "approve", [pool.address, 2n ** 255n], { from: who });
    }
  });
  after(() => c.close());

  it("takes deposits of ETH and USDC from allow-listed wallets only", async () => {
    await c.send(pool, "deposit", [ETH, 10n ** 18n], { from: 2, value: 10n ** 18n });
    await c.send(pool, "deposit", [usdc.address, 500_000_000n], { from: 2 });
    await c.send(pool, "deposit", [usdc.address, 100_000_000n], { from: 3 });
    assert.equal(await c.read(pool, "deposits", [ETH, alice]), 10n ** 18n);
    assert.equal(await c.read(pool, "deposits", [usdc.address, alice]), 500_000_000n);
    assert.equal(await c.read(pool, "totalDeposits", [usdc.address]), 600_000_000n);
    assert.equal(await c.read(usdc, "balanceOf", [pool.address]), 600_000_000n);
    await expectRevert(c.send(pool, "deposit", [ETH, 1n], { from: 4, value: 1n }), pool.abi, "NotAllowed");
    await expectRevert(c.send(pool, "deposit", [ETH, 2n], { from: 2, value: 1n }), pool.abi, "BadAmount");
    await expectRevert(c.send(pool, "deposit", [usdc.address, 1n], { from: 2, value: 1n }), pool.abi, "BadAmount");
    await expectRevert(c.send(pool, "deposit", [usdc.address, 0n], { from: 2 }), pool.abi, "BadAmount");
  });

  it("lets only the maker pay out, and only what is available", async () => {
    await expectRevert(c.send(pool, "payout", [usdc.address, stranger, 1n], { from: 2 }), pool.abi, "NotMaker");
    const before = await c.read(usdc, "balanceOf", [stranger]);
    await c.send(pool, "payout", [usdc.address, stranger, 550_000_000n], { from: 1 });
    assert.equal(await c.read(usdc, "balanceOf", [stranger]), before + 550_000_000n);
    assert.equal(await c.read(pool, "owed", [usdc.address]), 550_000_000n);
    assert.equal(await c.read(pool, "available", [usdc.address]), 50_000_000n);
    await expectRevert(c.send(pool, "payout", [usdc.address, stranger, 50_000_001n], { from: 1 }), pool.abi, "Committed");
  });

  it("lets depositors withdraw their own deposit, from what the maker has not drawn", async () => {
    await expectRevert(c.send(pool, "withdraw", [usdc.address, 100_000_001n], { from: 3 }), pool.abi, "BadAmount");
    const committed = await expectRevert(c.send(pool, "withdraw", [usdc.address, 100_000_000n], { from: 3 }), pool.abi, "Committed");
    if (committed) assert.equal(committed.args[0], 50_000_000n);
    const before = await c.read(usdc, "balanceOf", [bob]);
    await c.send(pool, "withdraw", [usdc.address, 50_000_000n], { from: 3 });
    assert.equal(await c.read(usdc, "balanceOf", [bob]), before + 50_000_000n);
    assert.equal(await c.read(pool, "deposits", [usdc.address, bob]), 50_000_000n);
    // A stranger has no deposit to withdraw.
    await expectRevert(c.send(pool, "withdraw", [ETH, 1n], { from: 4 }), pool.abi, "BadAmount");
  });

  it("frees the deposits again once the maker repays", async () => {
    await expectRevert(c.send(pool, "repay", [usdc.address, 1n], { from: 2 }), pool.abi, "NotMaker");
    await expectRevert(c.send(pool, "repay", [usdc.address, 550_000_001n], { from: 1 }), pool.abi, "BadAmount");
    await c.send(pool, "repay", [usdc.address, 550_000_000n], { from: 1 });
    assert.equal(await c.read(pool, "owed", [usdc.address]), 0n);
    await c.send(pool, "withdraw", [usdc.address, 50_000_000n], { from: 3 });
    await c.send(pool, "withdraw", [usdc.address, 500_000_000n], { from: 2 });
    assert.equal(await c.read(pool, "totalDeposits", [usdc.address]), 0n);
    assert.equal(await c.read(usdc, "balanceOf", [pool.address]), 0n);
  });

  it("pays ETH out and back, and withdraws ETH", async () => {
    const balance = () => c.publicClient.getBalance({ address: stranger });
    const before = await balance();
    await c.send(pool, "payout", [ETH, stranger, 4n * 10n ** 17n], { from: 1 });
    assert.equal(await balance(), before + 4n * 10n ** 17n);
    await c.send(pool, "repay", [ETH, 4n * 10n ** 17n], { from: 1, value: 4n * 10n ** 17n });
    await c.send(pool, "withdraw", [ETH, 10n ** 18n], { from: 2 });
    assert.equal(await c.publicClient.getBalance({ address: pool.address }), 0n);
  });

  it("lets only the owner change the allow-list", async () => {
    await expectRevert(c.send(pool, "setAllowed", [stranger, true], { from: 2 }), pool.abi, "NotOwner");
    await c.send(pool, "setAllowed", [stranger, true]);
    await c.send(pool, "deposit", [ETH, 1n], { from: 4, value: 1n });
    assert.equal(await c.read(pool, "deposits", [ETH, stranger]), 1n);
  });
});
