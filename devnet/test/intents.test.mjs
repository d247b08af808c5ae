// ERC-7683 intents: PerchOriginSettler (open / openFor through PerchPermit2), PerchDestinationSettler
// (fill), on two in-process chains (origin 8453, destination 42161).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { encodeAbiParameters, keccak256, pad, parseAbi, parseAbiParameters, parseEther, parseEventLogs, parseUnits, toBytes, zeroAddress, zeroHash } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { expectRevert, newChain } from "./helpers.mjs";

const MNEMONIC = "test test test test test test test test test test test junk";
const ORIGIN = 8453;
const DEST = 42161;

// What an ERC-7683 client knows: the standard's types, the settler's orderDataType and addresses.
const ERC7683_ABI = parseAbi([
  "struct GaslessCrossChainOrder { address originSettler; address user; uint256 nonce; uint256 originChainId; uint32 openDeadline; uint32 fillDeadline; bytes32 orderDataType; bytes orderData; }",
  "struct OnchainCrossChainOrder { uint32 fillDeadline; bytes32 orderDataType; bytes orderData; }",
  "struct Output { bytes32 token; uint256 amount; bytes32 recipient; uint256 chainId; }",
  "struct FillInstruction { uint256 destinationChainId; bytes32 destinationSettler; bytes originData; }",
  "struct ResolvedCrossChainOrder { address user; uint256 originChainId; uint32 openDeadline; uint32 fillDeadline; bytes32 orderId; Output[] maxSpent; Output[] minReceived; FillInstruction[] fillInstructions; }",
  "event Open(bytes32 indexed orderId, ResolvedCrossChainOrder resolvedOrder)",
  "function open(OnchainCrossChainOrder order) payable",
  "function openFor(GaslessCrossChainOrder order, bytes signature, bytes originFillerData)",
  "function resolve(OnchainCrossChainOrder order) view returns (ResolvedCrossChainOrder)",
  "function resolveFor(GaslessCrossChainOrder order, bytes originFillerData) view returns (ResolvedCrossChainOrder)",
  "function fill(bytes32 orderId, bytes originData, bytes fillerData) payable",
]);
const ORDER_DATA_TYPE =
  "PerchOrderData(address inputToken,uint256 inputAmount,bytes32 outputToken,uint256 outputAmount,uint256 destinationChainId,bytes32 recipient,uint256 channel)";
const ORDER_DATA_TYPEHASH = keccak256(toBytes(ORDER_DATA_TYPE));

const encodeOrderData = (d) =>
  encodeAbiParameters(parseAbiParameters("address, uint256, bytes32, uint256, uint256, bytes32, uint256"), [
    d.inputToken, d.inputAmount, d.outputToken, d.outputAmount, d.destinationChainId, d.recipient, d.channel,
  ]);
const word = (address) => pad(address, { size: 32 }).toLowerCase();

// The Permit2 signature a Permit2-aware wallet makes for a GaslessCrossChainOrder witness.
const PERMIT2_TYPES = {
  PermitWitnessTransferFrom: [
    { name: "permitted", type: "TokenPermissions" },
    { name: "spender", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
    { name: "witness", type: "GaslessCrossChainOrder" },
  ],
  TokenPermissions: [{ name: "token", type: "address" }, { name: "amount", type: "uint256" }],
  GaslessCrossChainOrder: [
    { name: "originSettler", type: "address" },
    { name: "user", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "originChainId", type: "uint256" },
    { name: "openDeadline", type: "uint32" },
    { name: "fillDeadline", type: "uint32" },
    { name: "orderDataType", type: "bytes32" },
    { name: "orderData", type: "bytes" },
  ],
};
function signGasless(signer, { permit2, chainId, order, token, amount }) {
  return signer.signTypedData({
    domain: { name: "Permit2", chainId, verifyingContract: permit2 },
    types: PERMIT2_TYPES,
    primaryType: "PermitWitnessTransferFrom",
    message: { permitted: { token, amount }, spender: order.originSettler, nonce: order.nonce, deadline: BigInt(order.openDeadline), witness: order },
  });
}

const gas = {};

describe("ERC-7683 settlers", () => {
  let a, b, guardian, maker, user, relayer, recipient, userKey, strangerKey;
  let usdc, depositor, permit2, origin, usdcB, dest, errors;

  before(async () => {
    a = await newChain({ chainId: ORIGIN });
    b = await newChain({ chainId: DEST });
    [guardian, maker, user, relayer, recipient] = a.accounts;
    userKey = mnemonicToAccount(MNEMONIC, { addressIndex: 2 });
    strangerKey = mnemonicToAccount(MNEMONIC, { addressIndex: 5 });
    assert.equal(userKey.address.toLowerCase(), user.toLowerCase());
    usdc = await a.deploy("TestToken", ["USD Coin", "USDC", 6]);
    depositor = await a.deploy("Depositor", [maker, guardian]);
    permit2 = await a.deploy("PerchPermit2");
    usdcB = await b.deploy("TestToken", ["USD Coin", "USDC", 6]);
    dest = await b.deploy("PerchDestinationSettler");
    origin = await a.deploy("PerchOriginSettler", [maker, permit2.address, depositor.address, dest.address]);
    await a.send(usdc, "mint", [user, parseUnits("1000", 6)]);
    await b.send(usdcB, "mint", [maker, parseUnits("1000", 6)]);
    await b.send(usdcB, "approve", [dest.address, 2n ** 256n - 1n], { from: 1 });
    errors = [...origin.abi, ...permit2.abi, ...dest.abi, ...usdc.abi];
  });
  after(() => {
    a.close();
    b.close();
    console.log(`gas: ${JSON.stringify(gas)}`);
  });

  const now = async (c) => Number((await c.publicClient.getBlock()).timestamp);
  const data = (over = {}) => ({
    inputToken: usdc.address, inputAmount: parseUnits("100", 6),
    outputToken: word(usdcB.address), outputAmount: parseUnits("99.5", 6),
    destinationChainId: BigInt(DEST), recipient: word(recipient), channel: 7n, ...over,
  });
  const onchain = async (d, over = {}) => ({ fillDeadline: (await now(a)) + 3600, orderDataType: ORDER_DATA_TYPEHASH, orderData: encodeOrderData(d), ...over });
  let nextNonce = 1000n;
  const gasless = async (d, over = {}) => ({
    originSettler: origin.address, user, nonce: nextNonce++, originChainId: BigInt(ORIGIN),
    openDeadline: (await now(a)) + 600, fillDeadline: (await now(a)) + 3600,
    orderDataType: ORDER_DATA_TYPEHASH, orderData: encodeOrderData(d), ...over,
  });
  const sign = (order, d, signer = userKey) =>
    signGasless(signer, { permit2: permit2.address, chainId: ORIGIN, order, token: d.inputToken, amount: d.inputAmount });
  const openEvent = (receipt) => {
    const evs = parseEventLogs({ abi: origin.abi, logs: receipt.logs, eventName: "Open" });
    assert.equal(evs.length, 1);
    return evs[0].args;
  };
  const balanceA = (addr) => a.publicClient.getBalance({ address: addr });
  const balanceB = (addr) => b.publicClient.getBalance({ address: addr });

  it("publishes the ERC-7683 orderDataType and the Permit2 witness type", async () => {
    assert.equal(await a.read(origin, "ORDER_DATA_TYPEHASH"), ORDER_DATA_TYPEHASH);
    assert.equal(
      await a.read(origin, "PERMIT2_WITNESS_TYPE"),
      "GaslessCrossChainOrder witness)GaslessCrossChainOrder(address originSettler,address user,uint256 nonce,uint256 originChainId,uint32 openDeadline,uint32 fillDeadline,bytes32 orderDataType,bytes orderData)TokenPermissions(address token,uint256 amount)",
    );
  });

  describe("open", () => {
    it("opens a native order: forwards the exact value to the maker and emits Open equal to resolve()", async () => {
      const d = data({ inputToken: zeroAddress, inputAmount: parseEther("1.25"), outputToken: zeroHash, outputAmount: parseEther("1.249") });
      const order = await onchain(d);
      const resolved = await a.publicClient.readContract({ address: origin.address, abi: origin.abi, functionName: "resolve", args: [order], account: user });
      const makerBefore = await balanceA(maker);
      const r = await a.send(origin, "open", [order], { from: 2, value: d.inputAmount });
      gas.openNative = Number(r.gasUsed);
      assert.equal(await balanceA(maker), makerBefore + d.inputAmount);
      assert.equal(await balanceA(origin.address), 0n);
      const ev = openEvent(r);
      assert.deepEqual(ev.resolvedOrder, resolved);
      assert.equal(ev.orderId, resolved.orderId);
      assert.equal(ev.resolvedOrder.user.toLowerCase(), user.toLowerCase());
      assert.equal(ev.resolvedOrder.openDeadline, 2 ** 32 - 1);
      assert.equal(ev.resolvedOrder.fillDeadline, order.fillDeadline);
      assert.deepEqual(ev.resolvedOrder.maxSpent, [{ token: zeroHash, amount: d.outputAmount, recipient: word(recipient), chainId: BigInt(DEST) }]);
      assert.deepEqual(ev.resolvedOrder.minReceived, [{ token: zeroHash, amount: d.inputAmount, recipient: word(maker), chainId: BigInt(ORIGIN) }]);
      const [fi] = ev.resolvedOrder.fillInstructions;
      assert.equal(fi.destinationChainId, BigInt(DEST));
      assert.equal(fi.destinationSettler, word(dest.address));
      assert.equal(keccak256(fi.originData), ev.orderId, "orderId = keccak256(originData)");
      assert.equal(await a.read(origin, "opened", [ev.orderId]), true);
    });

    it("opens an ERC-20 order (approve, then open) with exact balances; a second open is a new order", async () => {
      const d = data();
      await a.send(usdc, "approve", [origin.address, 2n * d.inputAmount], { from: 2 });
      const order = await onchain(d);
      const resolved = await a.publicClient.readContract({ address: origin.address, abi: origin.abi, functionName: "resolve", args: [order], account: user });
      const [makerBefore, userBefore] = [await a.read(usdc, "balanceOf", [maker]), await a.read(usdc, "balanceOf", [user])];
      const r = await a.send(origin, "open", [order], { from: 2 });
      gas.openErc20 = Number(r.gasUsed);
      assert.equal(await a.read(usdc, "balanceOf", [maker]), makerBefore + d.inputAmount);
      assert.equal(await a.read(usdc, "balanceOf", [user]), userBefore - d.inputAmount);
      assert.equal(await a.read(usdc, "balanceOf", [origin.address]), 0n);
      const ev = openEvent(r);
      assert.deepEqual(ev.resolvedOrder, resolved);
      assert.deepEqual(ev.resolvedOrder.minReceived, [{ token: word(usdc.address), amount: d.inputAmount, recipient: word(maker), chainId: BigInt(ORIGIN) }]);
      const again = openEvent(await a.send(origin, "open", [order], { from: 2 }));
      assert.notEqual(again.orderId, ev.orderId, "the user's open nonce makes each open its own order");
    });

    it("refuses an expired fillDeadline, a wrong orderDataType, the origin chain as destination, a zero amount or recipient, a value mismatch", async () => {
      const d = data();
      await expectRevert(a.send(origin, "open", [await onchain(d, { fillDeadline: (await now(a)) - 1 })], { from: 2 }), errors, "FillDeadlinePassed");
      await expectRevert(a.send(origin, "open", [await onchain(d, { orderDataType: zeroHash })], { from: 2 }), errors, "WrongOrderDataType");
      await expectRevert(a.send(origin, "open", [await onchain(data({ destinationChainId: BigInt(ORIGIN) }))], { from: 2 }), errors, "SameChain");
      await expectRevert(a.send(origin, "open", [await onchain(data({ inputAmount: 0n }))], { from: 2 }), errors, "ZeroAmount");
      await expectRevert(a.send(origin, "open", [await onchain(data({ recipient: zeroHash }))], { from: 2 }), errors, "ZeroRecipient");
      const native = data({ inputToken: zeroAddress, inputAmount: 10n });
      await expectRevert(a.send(origin, "open", [await onchain(native)], { from: 2, value: 9n }), errors, "ValueMismatch");
      await expectRevert(a.send(origin, "open", [await onchain(d)], { from: 2, value: 1n }), errors, "ValueMismatch");
    });

    it("refuses orders while the Depositor's guardian has paused deposits", async () => {
      await a.send(depositor, "pause", [], { from: 0 });
      try {
        const d = data({ inputToken: zeroAddress, inputAmount: 10n });
        await expectRevert(a.send(origin, "open", [await onchain(d)], { from: 2, value: 10n }), errors, "DepositsPaused");
      } finally {
        await a.send(depositor, "resume", [], { from: 0 });
      }
    });
  });

  describe("openFor (gasless, through Permit2)", () => {
    before(async () => {
      // The one on-chain step a Permit2 user ever takes per token.
      await a.send(usdc, "approve", [permit2.address, 2n ** 256n - 1n], { from: 2 });
    });

    it("opens a signed order sent by a relayer: the user spends no gas, the maker gets the exact amount", async () => {
      const d = data();
      const order = await gasless(d);
      const signature = await sign(order, d);
      const resolved = await a.read(origin, "resolveFor", [order, "0x"]);
      const [userEth, makerBefore, userBefore] = [await balanceA(user), await a.read(usdc, "balanceOf", [maker]), await a.read(usdc, "balanceOf", [user])];
      const r = await a.send(origin, "openFor", [order, signature, "0x"], { from: 3 });
      gas.openFor = Number(r.gasUsed);
      assert.equal(await balanceA(user), userEth, "the user pays no gas");
      assert.equal(await a.read(usdc, "balanceOf", [maker]), makerBefore + d.inputAmount);
      assert.equal(await a.read(usdc, "balanceOf", [user]), userBefore - d.inputAmount);
      assert.equal(await a.read(usdc, "balanceOf", [origin.address]), 0n);
      assert.equal(await a.read(usdc, "balanceOf", [permit2.address]), 0n);
      const ev = openEvent(r);
      assert.deepEqual(ev.resolvedOrder, resolved);
      assert.equal(ev.resolvedOrder.openDeadline, order.openDeadline);
      // Replaying the same signed order is refused, by orderId before Permit2's nonce.
      await expectRevert(a.send(origin, "openFor", [order, signature, "0x"], { from: 3 }), errors, "AlreadyOpened");
    });

    it("refuses a signature by someone else, and an order changed after signing", async () => {
      const d = data();
      const order = await gasless(d);
      await expectRevert(a.send(origin, "openFor", [order, await sign(order, d, strangerKey), "0x"], { from: 3 }), errors, "InvalidSigner");
      const signature = await sign(order, d);
      const raised = data({ outputAmount: d.outputAmount + 1n });
      const tampered = { ...order, orderData: encodeOrderData(raised) };
      await expectRevert(a.send(origin, "openFor", [tampered, signature, "0x"], { from: 3 }), errors, "InvalidSigner");
      await expectRevert(a.send(origin, "openFor", [order, `${signature.slice(0, 40)}`, "0x"], { from: 3 }), errors, "InvalidSignatureLength");
    });

    it("refuses a passed openDeadline or fillDeadline", async () => {
      const d = data();
      const late = await gasless(d, { openDeadline: (await now(a)) - 1 });
      await expectRevert(a.send(origin, "openFor", [late, await sign(late, d), "0x"], { from: 3 }), errors, "OpenDeadlinePassed");
      const stale = await gasless(d, { fillDeadline: (await now(a)) - 1 });
      await expectRevert(a.send(origin, "openFor", [stale, await sign(stale, d), "0x"], { from: 3 }), errors, "FillDeadlinePassed");
    });

    it("refuses a replayed nonce (another order, same nonce) and a nonce the user invalidated", async () => {
      const d = data();
      const first = await gasless(d);
      await a.send(origin, "openFor", [first, await sign(first, d), "0x"], { from: 3 });
      const d2 = data({ inputAmount: 5n, outputAmount: 4n });
      const second = await gasless(d2, { nonce: first.nonce });
      await expectRevert(a.send(origin, "openFor", [second, await sign(second, d2), "0x"], { from: 3 }), errors, "InvalidNonce");
      const third = await gasless(d2);
      await a.send(permit2, "invalidateUnorderedNonces", [third.nonce >> 8n, 1n << (third.nonce & 255n)], { from: 2 });
      await expectRevert(a.send(origin, "openFor", [third, await sign(third, d2), "0x"], { from: 3 }), errors, "InvalidNonce");
    });

    it("refuses an order for another chain or another settler, and native coin (Permit2 moves tokens only)", async () => {
      const d = data();
      const other = await gasless(d, { originChainId: 1n });
      await expectRevert(a.send(origin, "openFor", [other, await sign(other, d), "0x"], { from: 3 }), errors, "WrongChain");
      const elsewhere = await gasless(d, { originSettler: depositor.address });
      await expectRevert(a.send(origin, "openFor", [elsewhere, "0x", "0x"], { from: 3 }), errors, "WrongSettler");
      const native = data({ inputToken: zeroAddress });
      const n = await gasless(native);
      await expectRevert(a.send(origin, "openFor", [n, "0x", "0x"], { from: 3 }), errors, "NativeNotGasless");
    });
  });

  describe("fill", () => {
    async function openOne(d) {
      const order = await gasless(d);
      const r = await a.send(origin, "openFor", [order, await sign(order, d), "0x"], { from: 3 });
      return openEvent(r);
    }

    it("pays the recipient the exact ERC-20 output from the filler, once; a second fill reverts", async () => {
      const d = data();
      const { orderId, resolvedOrder } = await openOne(d);
      const { originData } = resolvedOrder.fillInstructions[0];
      const [makerBefore, recipientBefore] = [await b.read(usdcB, "balanceOf", [maker]), await b.read(usdcB, "balanceOf", [recipient])];
      const r = await b.send(dest, "fill", [orderId, originData, "0x"], { from: 1 });
      gas.fillErc20 = Number(r.gasUsed);
      assert.equal(await b.read(usdcB, "balanceOf", [recipient]), recipientBefore + d.outputAmount);
      assert.equal(await b.read(usdcB, "balanceOf", [maker]), makerBefore - d.outputAmount);
      const [ev] = parseEventLogs({ abi: dest.abi, logs: r.logs, eventName: "Filled" });
      assert.deepEqual(
        { ...ev.args, filler: ev.args.filler.toLowerCase(), token: ev.args.token.toLowerCase(), recipient: ev.args.recipient.toLowerCase() },
        { orderId, originChainId: BigInt(ORIGIN), filler: maker.toLowerCase(), token: usdcB.address.toLowerCase(), amount: d.outputAmount, recipient: recipient.toLowerCase() },
      );
      assert.equal((await b.read(dest, "filledBy", [orderId])).toLowerCase(), maker.toLowerCase());
      await expectRevert(b.send(dest, "fill", [orderId, originData, "0x"], { from: 1 }), errors, "AlreadyFilled");
      assert.equal(await b.read(usdcB, "balanceOf", [recipient]), recipientBefore + d.outputAmount, "paid once");
    });

    it("pays a native output from the call's value, exactly", async () => {
      const d = data({ outputToken: zeroHash, outputAmount: parseEther("0.5") });
      const { orderId, resolvedOrder } = await openOne(d);
      const before = await balanceB(recipient);
      await expectRevert(b.send(dest, "fill", [orderId, resolvedOrder.fillInstructions[0].originData, "0x"], { from: 1, value: 1n }), errors, "ValueMismatch");
      const r = await b.send(dest, "fill", [orderId, resolvedOrder.fillInstructions[0].originData, "0x"], { from: 1, value: d.outputAmount });
      gas.fillNative = Number(r.gasUsed);
      assert.equal(await balanceB(recipient), before + d.outputAmount);
      assert.equal(await balanceB(dest.address), 0n);
    });

    it("refuses origin data that is not the order's, a fill on the wrong chain, and a fill after fillDeadline", async () => {
      const d = data();
      const { orderId, resolvedOrder } = await openOne(d);
      const { originData } = resolvedOrder.fillInstructions[0];
      // The same terms with a higher amount hash to another id.
      const forged = `${originData.slice(0, -2)}ff`;
      await expectRevert(b.send(dest, "fill", [orderId, forged, "0x"], { from: 1 }), errors, "OrderIdMismatch");
      const destOnOrigin = await a.deploy("PerchDestinationSettler");
      await expectRevert(a.send(destOnOrigin, "fill", [orderId, originData, "0x"], { from: 1 }), errors, "WrongChain");
      // One second past fillDeadline (the destination chain's own clock) the fill is refused.
      await b.testClient.setNextBlockTimestamp({ timestamp: BigInt(resolvedOrder.fillDeadline) + 1n });
      await b.testClient.mine({ blocks: 1 });
      await expectRevert(b.send(dest, "fill", [orderId, originData, "0x"], { from: 1 }), errors, "FillDeadlinePassed");
      assert.equal(await b.read(dest, "filledBy", [orderId]), zeroAddress);
    });
  });
});

describe("ERC-7683 client that knows nothing of Perch", () => {
  let a, b, settlers;

  before(async () => {
    a = await newChain({ chainId: ORIGIN });
    b = await newChain({ chainId: DEST });
    const [guardian, maker] = a.accounts;
    // Perch's side: the contracts and the maker's allowance on the destination.
    const usdc = await a.deploy("TestToken", ["USD Coin", "USDC", 6]);
    const depositor = await a.deploy("Depositor", [maker, guardian]);
    const permit2 = await a.deploy("PerchPermit2");
    const usdcB = await b.deploy("TestToken", ["USD Coin", "USDC", 6]);
    const dest = await b.deploy("PerchDestinationSettler");
    const origin = await a.deploy("PerchOriginSettler", [maker, permit2.address, depositor.address, dest.address]);
    await a.send(usdc, "mint", [a.accounts[6], parseUnits("50", 6)]);
    await b.send(usdcB, "mint", [maker, parseUnits("50", 6)]);
    await b.send(usdcB, "approve", [dest.address, parseUnits("50", 6)], { from: 1 });
    settlers = { usdc: usdc.address, usdcB: usdcB.address, permit2: permit2.address, origin: origin.address, dest: dest.address, maker };
  });
  after(() => {
    a.close();
    b.close();
  });

  it("signs a GaslessCrossChainOrder for Permit2, a relayer opens it, a filler fills the emitted instruction", async () => {
    const { usdc, usdcB, permit2, origin, dest, maker } = settlers;
    const user = mnemonicToAccount(MNEMONIC, { addressIndex: 6 });
    const to = mnemonicToAccount(MNEMONIC, { addressIndex: 7 }).address;
    const erc20 = parseAbi(["function approve(address,uint256) returns (bool)", "function balanceOf(address) view returns (uint256)"]);
    await a.wallet(6).writeContract({ address: usdc, abi: erc20, functionName: "approve", args: [permit2, 2n ** 256n - 1n] }).then((hash) => a.publicClient.waitForTransactionReceipt({ hash }));
    const userEth = await a.publicClient.getBalance({ address: user.address });

    const now = Number((await a.publicClient.getBlock()).timestamp);
    const amount = parseUnits("20", 6);
    const order = {
      originSettler: origin, user: user.address, nonce: 1n, originChainId: BigInt(ORIGIN),
      openDeadline: now + 300, fillDeadline: now + 900, orderDataType: ORDER_DATA_TYPEHASH,
      orderData: encodeOrderData({ inputToken: usdc, inputAmount: amount, outputToken: word(usdcB), outputAmount: parseUnits("19.9", 6), destinationChainId: BigInt(DEST), recipient: word(to), channel: 0n }),
    };
    const signature = await signGasless(user, { permit2, chainId: ORIGIN, order, token: usdc, amount });

    // A relayer (account #3) submits it with the standard ABI only.
    const hash = await a.wallet(3).writeContract({ address: origin, abi: ERC7683_ABI, functionName: "openFor", args: [order, signature, "0x"] });
    const receipt = await a.publicClient.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, "success");
    assert.equal(await a.publicClient.getBalance({ address: user.address }), userEth, "the user sent no transaction");
    assert.equal(await a.publicClient.readContract({ address: usdc, abi: erc20, functionName: "balanceOf", args: [maker] }), amount);
    const [open] = parseEventLogs({ abi: ERC7683_ABI, logs: receipt.logs, eventName: "Open" });
    const { orderId, resolvedOrder } = open.args;
    assert.deepEqual(resolvedOrder, await a.publicClient.readContract({ address: origin, abi: ERC7683_ABI, functionName: "resolveFor", args: [order, "0x"] }));

    // The filler reads everything it needs from the resolved order.
    const [instruction] = resolvedOrder.fillInstructions;
    const [spend] = resolvedOrder.maxSpent;
    assert.equal(instruction.destinationChainId, BigInt(DEST));
    assert.equal(instruction.destinationSettler, word(dest));
    const settler = `0x${instruction.destinationSettler.slice(26)}`;
    const fillHash = await b.wallet(1).writeContract({ address: settler, abi: ERC7683_ABI, functionName: "fill", args: [orderId, instruction.originData, "0x"] });
    assert.equal((await b.publicClient.waitForTransactionReceipt({ hash: fillHash })).status, "success");
    assert.equal(await b.publicClient.readContract({ address: usdcB, abi: erc20, functionName: "balanceOf", args: [to] }), spend.amount);
    assert.equal(spend.recipient, word(to));
  });

  it("opens an OnchainCrossChainOrder with native coin through the standard ABI", async () => {
    const { origin, maker } = settlers;
    const now = Number((await a.publicClient.getBlock()).timestamp);
    const amount = parseEther("0.3");
    const order = {
      fillDeadline: now + 900, orderDataType: ORDER_DATA_TYPEHASH,
      orderData: encodeOrderData({ inputToken: zeroAddress, inputAmount: amount, outputToken: zeroHash, outputAmount: parseEther("0.299"), destinationChainId: BigInt(DEST), recipient: word(a.accounts[7]), channel: 0n }),
    };
    const makerBefore = await a.publicClient.getBalance({ address: maker });
    const hash = await a.wallet(6).writeContract({ address: origin, abi: ERC7683_ABI, functionName: "open", args: [order], value: amount });
    const receipt = await a.publicClient.waitForTransactionReceipt({ hash });
    const [open] = parseEventLogs({ abi: ERC7683_ABI, logs: receipt.logs, eventName: "Open" });
    assert.equal(open.args.resolvedOrder.maxSpent[0].amount, parseEther("0.299"));
    assert.equal(await a.publicClient.getBalance({ address: maker }), makerBefore + amount);
  });
});

describe("PerchPermit2 (Permit2's signature transfers)", () => {
  let c, token, permit2, owner;
  before(async () => {
    c = await newChain();
    owner = mnemonicToAccount(MNEMONIC, { addressIndex: 2 });
    token = await c.deploy("TestToken", ["USD Coin", "USDC", 6]);
    permit2 = await c.deploy("PerchPermit2");
    await c.send(token, "mint", [owner.address, 1000n]);
    await c.send(token, "approve", [permit2.address, 2n ** 256n - 1n], { from: 2 });
  });
  after(() => c.close());

  const domain = () => ({ name: "Permit2", chainId: c.conn.networkConfig.chainId, verifyingContract: permit2.address });
  const TYPES = {
    PermitTransferFrom: [{ name: "permitted", type: "TokenPermissions" }, { name: "spender", type: "address" }, { name: "nonce", type: "uint256" }, { name: "deadline", type: "uint256" }],
    TokenPermissions: [{ name: "token", type: "address" }, { name: "amount", type: "uint256" }],
  };
  const BATCH = { ...TYPES, PermitBatchTransferFrom: [{ name: "permitted", type: "TokenPermissions[]" }, { name: "spender", type: "address" }, { name: "nonce", type: "uint256" }, { name: "deadline", type: "uint256" }] };
  delete BATCH.PermitTransferFrom;

  it("has Permit2's domain separator (name Permit2, chain id, contract; no version)", async () => {
    const { hashDomain } = await import("viem");
    const want = hashDomain({ domain: domain(), types: { EIP712Domain: [{ name: "name", type: "string" }, { name: "chainId", type: "uint256" }, { name: "verifyingContract", type: "address" }] } });
    assert.equal(await c.read(permit2, "DOMAIN_SEPARATOR"), want);
  });

  it("transfers with a plain permit (65- and 64-byte signatures), refuses more than permitted and an expired deadline", async () => {
    const spender = c.accounts[3];
    const deadline = BigInt(Number((await c.publicClient.getBlock()).timestamp) + 600);
    const permit = (nonce, amount = 100n) => ({ permitted: { token: token.address, amount }, nonce, deadline });
    const sig = (p) => owner.signTypedData({ domain: domain(), types: TYPES, primaryType: "PermitTransferFrom", message: { ...p, spender } });
    const to = c.accounts[4];
    await c.send(permit2, "permitTransferFrom", [permit(1n), { to, requestedAmount: 60n }, owner.address, await sig(permit(1n))], { from: 3 });
    assert.equal(await c.read(token, "balanceOf", [to]), 60n);
    const { serializeCompactSignature, parseSignature, signatureToCompactSignature } = await import("viem");
    const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(await sig(permit(2n)))));
    await c.send(permit2, "permitTransferFrom", [permit(2n), { to, requestedAmount: 40n }, owner.address, compact], { from: 3 });
    assert.equal(await c.read(token, "balanceOf", [to]), 100n);
    await expectRevert(c.send(permit2, "permitTransferFrom", [permit(3n), { to, requestedAmount: 101n }, owner.address, await sig(permit(3n))], { from: 3 }), permit2.abi, "InvalidAmount");
    // Signed for spender #3: another caller cannot use it.
    await expectRevert(c.send(permit2, "permitTransferFrom", [permit(3n), { to, requestedAmount: 1n }, owner.address, await sig(permit(3n))], { from: 4 }), permit2.abi, "InvalidSigner");
    const old = { ...permit(4n), deadline: 1n };
    await expectRevert(c.send(permit2, "permitTransferFrom", [old, { to, requestedAmount: 1n }, owner.address, await sig(old)], { from: 3 }), permit2.abi, "SignatureExpired");
  });

  it("transfers a batch, skipping zero requests", async () => {
    const spender = c.accounts[3];
    const deadline = BigInt(Number((await c.publicClient.getBlock()).timestamp) + 600);
    const p = { permitted: [{ token: token.address, amount: 5n }, { token: token.address, amount: 7n }], nonce: 300n, deadline };
    const signature = await owner.signTypedData({ domain: domain(), types: BATCH, primaryType: "PermitBatchTransferFrom", message: { ...p, spender } });
    const to = c.accounts[5];
    const before = await c.read(token, "balanceOf", [to]);
    await c.send(permit2, "permitTransferFrom", [p, [{ to, requestedAmount: 5n }, { to, requestedAmount: 0n }], owner.address, signature], { from: 3 });
    assert.equal(await c.read(token, "balanceOf", [to]), before + 5n);
    assert.equal((await c.read(permit2, "nonceBitmap", [owner.address, 1n])) & 1n << 44n, 1n << 44n, "nonce 300 = word 1, bit 44");
  });
});
