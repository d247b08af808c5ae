import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { parseEther, parseEventLogs, parseUnits, zeroAddress } from "viem";
import { expectRevert, newChain } from "./helpers.mjs";

describe("Depositor", () => {
  let c, guardian, maker, user, usdc, depositor;

  before(async () => {
    c = await newChain();
    [guardian, maker, user] = c.accounts;
    usdc = await c.deploy("TestToken", ["USD Coin", "USDC", 6]);
    depositor = await c.deploy("Depositor", [maker, guardian]);
    await c.send(usdc, "mint", [user, parseUnits("1000", 6)]);
  });
  after(() => c.close());

  const balance = (addr) => c.publicClient.getBalance({ address: addr });
  const depositEvents = (receipt) => parseEventLogs({ abi: depositor.abi, logs: receipt.logs, eventName: "Deposit" });

  it("exposes the maker set in the constructor", async () => {
    assert.equal((await c.read(depositor, "maker")).toLowerCase(), maker.toLowerCase());
  });

  it("rejects a zero maker at deployment", async () => {
    await expectRevert(c.deploy("Depositor", [zeroAddress, guardian]), depositor.abi, "ZeroMaker");
  });

  it("forwards a native deposit to the maker and emits Deposit", async () => {
    const amount = parseEther("1.5");
    const makerBefore = await balance(maker);
    const receipt = await c.send(depositor, "deposit", [zeroAddress, amount, 8453n, "0xRecipient", 42n], { from: 2, value: amount });
    assert.equal(receipt.status, "success");
    assert.equal(await balance(maker), makerBefore + amount);
    assert.equal(await balance(depositor.address), 0n);
    const [ev] = depositEvents(receipt);
    assert.equal(ev.args.sender.toLowerCase(), user.toLowerCase());
    assert.equal(ev.args.token, zeroAddress);
    assert.equal(ev.args.amount, amount);
    assert.equal(ev.args.dstChainId, 8453n);
    assert.equal(ev.args.recipient, "0xRecipient");
    assert.equal(ev.args.channel, 42n);
  });

  it("forwards an ERC-20 deposit (approve, then deposit) to the maker and emits Deposit", async () => {
    const amount = parseUnits("250", 6);
    await c.send(usdc, "approve", [depositor.address, amount], { from: 2 });
    const makerBefore = await c.read(usdc, "balanceOf", [maker]);
    const userBefore = await c.read(usdc, "balanceOf", [user]);
    const recipient = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU"; // non-EVM recipients are strings
    const receipt = await c.send(depositor, "deposit", [usdc.address, amount, 1868n, recipient, 0n], { from: 2 });
    assert.equal(await c.read(usdc, "balanceOf", [maker]), makerBefore + amount);
    assert.equal(await c.read(usdc, "balanceOf", [user]), userBefore - amount);
    assert.equal(await c.read(usdc, "balanceOf", [depositor.address]), 0n);
    assert.equal(await balance(depositor.address), 0n);
    const [ev] = depositEvents(receipt);
    assert.equal(ev.args.sender.toLowerCase(), user.toLowerCase());
    assert.equal(ev.args.token.toLowerCase(), usdc.address.toLowerCase());
    assert.equal(ev.args.amount, amount);
    assert.equal(ev.args.dstChainId, 1868n);
    assert.equal(ev.args.recipient, recipient);
    assert.equal(ev.args.channel, 0n);
    // Indexed topics: sender, token, dstChainId (the maker's watcher filters on them).
    const log = receipt.logs.find((l) => l.address.toLowerCase() === depositor.address.toLowerCase());
    assert.equal(log.topics.length, 4);
  });

  it("rejects an ERC-20 deposit without allowance", async () => {
    await expectRevert(
      c.send(depositor, "deposit", [usdc.address, 1n, 1n, "x", 0n], { from: 2 }),
      [...depositor.abi, ...usdc.abi],
      "ERC20InsufficientAllowance",
    );
  });

  it("rejects a zero amount (native and ERC-20)", async () => {
    await expectRevert(c.send(depositor, "deposit", [zeroAddress, 0n, 1n, "x", 0n], { from: 2 }), depositor.abi, "ZeroAmount");
    await expectRevert(c.send(depositor, "deposit", [usdc.address, 0n, 1n, "x", 0n], { from: 2 }), depositor.abi, "ZeroAmount");
  });

  it("rejects msg.value different from a native amount", async () => {
    await expectRevert(
      c.send(depositor, "deposit", [zeroAddress, parseEther("1"), 1n, "x", 0n], { from: 2, value: parseEther("0.5") }),
      depositor.abi,
      "ValueMismatch",
    );
    await expectRevert(
      c.send(depositor, "deposit", [zeroAddress, parseEther("1"), 1n, "x", 0n], { from: 2 }),
      depositor.abi,
      "ValueMismatch",
    );
  });

  it("rejects native value sent with an ERC-20 deposit", async () => {
    await c.send(usdc, "approve", [depositor.address, 10n], { from: 2 });
    await expectRevert(
      c.send(depositor, "deposit", [usdc.address, 10n, 1n, "x", 0n], { from: 2, value: 1n }),
      depositor.abi,
      "ValueMismatch",
    );
  });

  it("reverts the deposit when the maker rejects the native forward", async () => {
    const rejecting = await c.deploy("RejectingReceiver");
    const d2 = await c.deploy("Depositor", [rejecting.address, guardian]);
    const userBefore = await balance(user);
    await expectRevert(
      c.send(d2, "deposit", [zeroAddress, parseEther("1"), 1n, "x", 0n], { from: 2, value: parseEther("1") }),
      d2.abi,
      "ForwardFailed",
    );
    assert.equal(await balance(d2.address), 0n);
    assert.equal(await balance(rejecting.address), 0n);
    assert.ok(userBefore - (await balance(user)) < parseEther("0.01"), "only gas may be spent");
  });

  it("rejects plain native transfers (no receive function)", async () => {
    await assert.rejects(c.wallet(2).sendTransaction({ to: depositor.address, value: 1n }));
  });

  describe("guardian pause", () => {
    const native = (amount) => c.send(depositor, "deposit", [zeroAddress, amount, 42161n, "0xRecipient", 0n], { from: 2, value: amount });

    it("exposes the guardian and starts unpaused", async () => {
      assert.equal((await c.read(depositor, "guardian")).toLowerCase(), guardian.toLowerCase());
      assert.equal(await c.read(depositor, "paused"), false);
    });

    it("rejects a zero guardian, and the maker as guardian, at deployment", async () => {
      await expectRevert(c.deploy("Depositor", [maker, zeroAddress]), depositor.abi, "ZeroGuardian");
      await expectRevert(c.deploy("Depositor", [maker, maker]), depositor.abi, "GuardianIsMaker");
    });

    it("lets neither the maker key nor a user pause or resume", async () => {
      await expectRevert(c.send(depositor, "pause", [], { from: 1 }), depositor.abi, "NotGuardian");
      await expectRevert(c.send(depositor, "pause", [], { from: 2 }), depositor.abi, "NotGuardian");
      await expectRevert(c.send(depositor, "resume", [], { from: 1 }), depositor.abi, "NotGuardian");
      await expectRevert(c.send(depositor, "setGuardian", [maker], { from: 1 }), depositor.abi, "NotGuardian");
      assert.equal(await c.read(depositor, "paused"), false);
    });

    it("keeps a deposit made before the pause (its log stays), refuses new ones while paused, takes them again after resume", async () => {
      const before = await native(parseEther("0.1"));
      const paused = await c.send(depositor, "pause", [], { from: 0 });
      assert.equal(parseEventLogs({ abi: depositor.abi, logs: paused.logs, eventName: "Paused" }).length, 1);
      assert.equal(await c.read(depositor, "paused"), true);
      const makerBefore = await balance(maker);
      await expectRevert(native(parseEther("0.1")), depositor.abi, "DepositsPaused");
      await c.send(usdc, "approve", [depositor.address, 10n], { from: 2 });
      await expectRevert(c.send(depositor, "deposit", [usdc.address, 10n, 1n, "x", 0n], { from: 2 }), depositor.abi, "DepositsPaused");
      assert.equal(await balance(maker), makerBefore, "nothing reaches the maker while paused");
      // The earlier deposit's Deposit log is still on the chain for the maker's watcher to read.
      const logs = await c.publicClient.getContractEvents({ address: depositor.address, abi: depositor.abi, eventName: "Deposit", fromBlock: before.blockNumber, toBlock: before.blockNumber });
      assert.equal(logs.length, 1);
      assert.equal(logs[0].transactionHash, before.transactionHash);
      await c.send(depositor, "resume", [], { from: 0 });
      assert.equal(await c.read(depositor, "paused"), false);
      assert.equal((await native(parseEther("0.1"))).status, "success");
    });

    it("hands the guardian role on, never to the maker", async () => {
      await expectRevert(c.send(depositor, "setGuardian", [maker], { from: 0 }), depositor.abi, "GuardianIsMaker");
      await c.send(depositor, "setGuardian", [c.accounts[3]], { from: 0 });
      await expectRevert(c.send(depositor, "pause", [], { from: 0 }), depositor.abi, "NotGuardian");
      await c.send(depositor, "pause", [], { from: 3 });
      await c.send(depositor, "resume", [], { from: 3 });
      await c.send(depositor, "setGuardian", [guardian], { from: 3 });
    });
  });
});
