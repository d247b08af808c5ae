// PerchSwapExecutor against the Uniswap contracts as the npm packages ship them (V2 factory and
// Router02, V3 factory, QuoterV2, WETH9), with pools seeded by LiquiditySeeder like the devnet's.
// Expected outputs come from Router02.getAmountsOut and QuoterV2, which also checks that the
// executor's V2 formula and V3 calls agree with Uniswap's own periphery to the wei.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { encodeAbiParameters, encodePacked, getAddress, maxUint256, parseEther, parseEventLogs, parseUnits, zeroAddress } from "viem";
import { MARKETS, seedCall, uniswapArtifact } from "../scripts/lib/swap.mjs";
import { expectRevert, newChain } from "./helpers.mjs";

const ETH = zeroAddress;
const V2 = 2;
const V3 = 3;
const FAR = 2n ** 40n; // a deadline that never passes

// Pool specs in the devnet's format (scripts/lib/swap.mjs), at chain 1's prices.
const SEEDS = [
  { venue: "uniswap-v2", pair: ["WETH", "USDC"], skew: 0, usd: 4e6 },
  { venue: "uniswap-v3", pair: ["WETH", "USDC"], fee: 3000, skew: 0.001, positions: [[0.98, 1.02, 500e3], [0.5, 2, 2e6]] },
  { venue: "uniswap-v3", pair: ["DAI", "USDC"], fee: 500, skew: 0, positions: [[0.998, 1.002, 1e6], [0.98, 1.02, 1e6]] },
];

describe("PerchSwapExecutor", () => {
  let c, user, other, weth, usdc, dai, v2Factory, router, v3Factory, quoter, executor, seeder;
  let pairWethUsdc, poolWethUsdc, poolDaiUsdc;

  before(async () => {
    c = await newChain();
    [, , user, other] = c.accounts;
    weth = await c.deploy(uniswapArtifact("WETH9"));
    usdc = await c.deploy("TestToken", ["USD Coin", "USDC", 6]);
    dai = await c.deploy("TestToken", ["Dai Stablecoin", "DAI", 18]);
    v2Factory = await c.deploy(uniswapArtifact("UniswapV2Factory"), [c.accounts[0]]);
    router = await c.deploy(uniswapArtifact("UniswapV2Router02"), [v2Factory.address, weth.address]);
    v3Factory = await c.deploy(uniswapArtifact("UniswapV3Factory"));
    quoter = await c.deploy(uniswapArtifact("QuoterV2"), [v3Factory.address, weth.address]);
    executor = await c.deploy("PerchSwapExecutor", [weth.address, v3Factory.address]);
    seeder = await c.deploy("LiquiditySeeder");

    // The deployer (#0) funds the pools through the seeder; the user (#2) trades.
    await c.send(weth, "deposit", [], { value: parseEther("3000") });
    await c.send(usdc, "mint", [c.accounts[0], parseUnits("100000000", 6)]);
    await c.send(dai, "mint", [c.accounts[0], parseUnits("100000000", 18)]);
    for (const t of [weth, usdc, dai]) await c.send(t, "approve", [seeder.address, maxUint256]);
    const addr = { WETH: weth.address, USDC: usdc.address, DAI: dai.address, uniswapV2Factory: v2Factory.address, uniswapV3Factory: v3Factory.address };
    for (const s of SEEDS) {
      const { functionName, args } = seedCall(s, MARKETS[1], addr);
      await c.send(seeder, functionName, args);
    }
    pairWethUsdc = await c.read(v2Factory, "getPair", [weth.address, usdc.address]);
    poolWethUsdc = await c.read(v3Factory, "getPool", [weth.address, usdc.address, 3000]);
    poolDaiUsdc = await c.read(v3Factory, "getPool", [dai.address, usdc.address, 500]);

    await c.send(usdc, "mint", [user, parseUnits("1000000", 6)]);
    await c.send(weth, "deposit", [], { from: 2, value: parseEther("1000") });
    for (const t of [weth, usdc]) await c.send(t, "approve", [executor.address, maxUint256], { from: 2 });
  });
  after(() => c.close());

  const hop = (pool, kind, tokenIn, tokenOut, fee = 0) => ({ pool, kind, tokenIn: tokenIn.address, tokenOut: tokenOut.address, fee });
  const v2Hop = (tokenIn, tokenOut) => hop(pairWethUsdc, V2, tokenIn, tokenOut);
  const v3Hop = (tokenIn, tokenOut) => hop(poolWethUsdc, V3, tokenIn, tokenOut, 3000);
  const balanceOf = (token, who) => c.read(token, "balanceOf", [who]);
  const ethBalance = (who) => c.publicClient.getBalance({ address: who });

  const v2Quote = async (amountIn, tokenIn, tokenOut) =>
    (await c.read(router, "getAmountsOut", [amountIn, [tokenIn.address, tokenOut.address]]))[1];
  async function v3Quote(amountIn, tokenIn, tokenOut, fee = 3000) {
    const { result } = await c.publicClient.simulateContract({
      address: quoter.address,
      abi: quoter.abi,
      functionName: "quoteExactInputSingle",
      args: [{ tokenIn: tokenIn.address, tokenOut: tokenOut.address, amountIn, fee, sqrtPriceLimitX96: 0n }],
    });
    return { amountOut: result[0], ticksCrossed: result[2] };
  }

  /** `execute` as `from` (the user by default); the amountOut is the one its Swapped event reports. */
  async function execute(tokenIn, tokenOut, amountIn, paths, { minOut = 0n, recipient = user, deadline = FAR, from = 2, value } = {}) {
    const args = [tokenIn?.address ?? ETH, tokenOut?.address ?? ETH, amountIn, paths, minOut, recipient, deadline];
    const receipt = await c.send(executor, "execute", args, { from, value });
    assert.equal(receipt.status, "success");
    const [swapped] = parseEventLogs({ abi: executor.abi, logs: receipt.logs, eventName: "Swapped" });
    return { amountOut: swapped.args.amountOut, swapped };
  }

  it("swaps on a V2 pair for exactly Router02's getAmountsOut", async () => {
    const amountIn = parseUnits("30000", 6);
    const want = await v2Quote(amountIn, usdc, weth);
    const before = await balanceOf(weth, user);
    const { amountOut } = await execute(usdc, weth, amountIn, [{ amountIn, hops: [v2Hop(usdc, weth)] }]);
    assert.equal(amountOut, want);
    assert.equal(await balanceOf(weth, user), before + want);
  });

  it("swaps on a V3 pool, across initialized ticks, for exactly QuoterV2's quoteExactInputSingle", async () => {
    const amountIn = parseEther("300");
    const quote = await v3Quote(amountIn, weth, usdc);
    assert.ok(quote.ticksCrossed >= 1, "the trade should leave the narrow position");
    const before = await balanceOf(usdc, user);
    const { amountOut } = await execute(weth, usdc, amountIn, [{ amountIn, hops: [v3Hop(weth, usdc)] }]);
    assert.equal(amountOut, quote.amountOut);
    assert.equal(await balanceOf(usdc, user), before + quote.amountOut);
  });

  it("runs a multi-hop path (V2 then V3) for the chained quotes", async () => {
    const amountIn = parseEther("2");
    const usdcOut = await v2Quote(amountIn, weth, usdc);
    const { amountOut: want } = await v3Quote(usdcOut, usdc, dai, 500);
    const before = await balanceOf(dai, user);
    const path = { amountIn, hops: [v2Hop(weth, usdc), hop(poolDaiUsdc, V3, usdc, dai, 500)] };
    const { amountOut } = await execute(weth, dai, amountIn, [path]);
    assert.equal(amountOut, want);
    assert.equal(await balanceOf(dai, user), before + want);
  });

  it("matches QuoterV2's quoteExactInput on a two-pool V3 path", async () => {
    const amountIn = parseEther("1");
    const encoded = encodePacked(["address", "uint24", "address", "uint24", "address"], [weth.address, 3000, usdc.address, 500, dai.address]);
    const { result } = await c.publicClient.simulateContract({
      address: quoter.address, abi: quoter.abi, functionName: "quoteExactInput", args: [encoded, amountIn],
    });
    const path = { amountIn, hops: [v3Hop(weth, usdc), hop(poolDaiUsdc, V3, usdc, dai, 500)] };
    const { amountOut } = await execute(weth, dai, amountIn, [path]);
    assert.equal(amountOut, result[0]);
  });

  it("splits over two paths and pays the sum, emitting Swapped", async () => {
    const [a, b] = [parseEther("60"), parseEther("40")];
    const want = (await v2Quote(a, weth, usdc)) + (await v3Quote(b, weth, usdc)).amountOut;
    const paths = [{ amountIn: a, hops: [v2Hop(weth, usdc)] }, { amountIn: b, hops: [v3Hop(weth, usdc)] }];
    const before = await balanceOf(usdc, other);
    const { swapped } = await execute(weth, usdc, a + b, paths, { recipient: other });
    assert.equal(await balanceOf(usdc, other), before + want);
    const fields = { sender: user, recipient: other, tokenIn: weth.address, tokenOut: usdc.address };
    assert.deepEqual(swapped.args, { ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, getAddress(v)])), amountIn: a + b, amountOut: want });
  });

  it("takes native ETH in (wrapped to WETH)", async () => {
    const amountIn = parseEther("5");
    const { amountOut: want } = await v3Quote(amountIn, weth, usdc);
    const before = await balanceOf(usdc, other);
    const { amountOut } = await execute(null, usdc, amountIn, [{ amountIn, hops: [v3Hop(weth, usdc)] }], { value: amountIn, recipient: other });
    assert.equal(amountOut, want);
    assert.equal(await balanceOf(usdc, other), before + want);
  });

  it("pays native ETH out (unwrapped from WETH)", async () => {
    const amountIn = parseUnits("9000", 6);
    const want = await v2Quote(amountIn, usdc, weth);
    const before = await ethBalance(other);
    const { amountOut } = await execute(usdc, null, amountIn, [{ amountIn, hops: [v2Hop(usdc, weth)] }], { recipient: other });
    assert.equal(amountOut, want);
    assert.equal(await ethBalance(other), before + want);
  });

  it("reverts InsufficientOutput below minAmountOut", async () => {
    const amountIn = parseEther("1");
    const { amountOut } = await v3Quote(amountIn, weth, usdc);
    const paths = [{ amountIn, hops: [v3Hop(weth, usdc)] }];
    const err = await expectRevert(execute(weth, usdc, amountIn, paths, { minOut: amountOut + 1n }), executor.abi, "InsufficientOutput");
    assert.deepEqual(err.args, [amountOut, amountOut + 1n]);
  });

  it("reverts Expired after the deadline", async () => {
    const now = (await c.publicClient.getBlock()).timestamp;
    const paths = [{ amountIn: 1000n, hops: [v2Hop(weth, usdc)] }];
    await expectRevert(execute(weth, usdc, 1000n, paths, { deadline: now - 1n }), executor.abi, "Expired");
  });

  it("refuses a V3 callback from anything but the pool it is swapping on", async () => {
    const data = encodeAbiParameters([{ type: "address" }], [usdc.address]);
    await expectRevert(c.send(executor, "uniswapV3SwapCallback", [1000n, 0n, data], { from: 2 }), executor.abi, "UnexpectedCallback");
  });

  it("refuses a V3 hop on a pool the factory does not know", async () => {
    const paths = [{ amountIn: 1000n, hops: [hop(pairWethUsdc, V3, weth, usdc, 3000)] }];
    const err = await expectRevert(execute(weth, usdc, 1000n, paths), executor.abi, "UnknownPool");
    assert.equal(err.args[0], pairWethUsdc);
  });

  it("refuses paths that do not add up, do not chain, or a wrong ETH value", async () => {
    const one = (amountIn, hops) => [{ amountIn, hops }];
    await expectRevert(execute(weth, usdc, 1000n, one(999n, [v2Hop(weth, usdc)])), executor.abi, "BadAmounts");
    await expectRevert(execute(weth, usdc, 1000n, one(1000n, [v2Hop(usdc, weth)])), executor.abi, "BadPath");
    await expectRevert(execute(weth, dai, 1000n, one(1000n, [v2Hop(weth, usdc), hop(poolDaiUsdc, V3, weth, dai, 500)])), executor.abi, "BadPath");
    await expectRevert(execute(weth, usdc, 1000n, one(1000n, [])), executor.abi, "BadPath");
    await expectRevert(execute(null, usdc, 1000n, one(1000n, [v2Hop(weth, usdc)]), { value: 999n }), executor.abi, "BadValue");
    await expectRevert(execute(weth, usdc, 1000n, one(1000n, [v2Hop(weth, usdc)]), { value: 1n }), executor.abi, "BadValue");
  });

  it("keeps nothing between swaps", async () => {
    for (const t of [weth, usdc, dai]) assert.equal(await balanceOf(t, executor.address), 0n);
    assert.equal(await ethBalance(executor.address), 0n);
  });

  it("lets only the deployer seed pools with its approvals", async () => {
    const { functionName, args } = seedCall(SEEDS[0], MARKETS[1], { WETH: weth.address, USDC: usdc.address, uniswapV2Factory: v2Factory.address });
    await expectRevert(c.send(seeder, functionName, args, { from: 2 }), seeder.abi, "NotOwner");
  });
});
