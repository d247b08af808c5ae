// Our swap router against @uniswap/v2-sdk and @uniswap/v3-sdk on the same pools and trades
// (issue 10 §4; docs/benchmarks.md, "Against @uniswap/v2-sdk and v3-sdk").
//
//   node tools/bench/swap-sdk-compare.mjs FILE.json [--budget-s S] [--stock] [--verbose]
//
// FILE.json is written by perch_swap_compare (server/bench/compare/swap_compare.cpp): the pool set
// (tokens, V2 pairs with reserves, V3 pools with their initialized ticks), the trades, and our
// router's answers at gas price 0 with its split search (up to 3 paths) and with one path
// (max_splits = 1), each timed in C++. Here every trade goes through
//   v2-sdk Trade.bestTradeExactIn(pairs, amountIn, tokenOut, {maxHops: 3, maxNumResults: 1})
//   v3-sdk Trade.bestTradeExactIn(pools, amountIn, tokenOut, {maxHops: 3, maxNumResults: 1})
// (V3 pools built with a TickListDataProvider of the exported ticks), each timed, and the SDK's
// best is the larger of the two outputs: the SDKs neither split nor mix V2 and V3 in one route.
//
// Two departures from the SDKs as shipped, both printed with the results:
// - A V3 swap that runs out of liquidity: v3-sdk's Pool.getOutputAmount then returns what the
//   part it could fill gives and drops the rest of the input, so its "trade" spends less than
//   amountIn. On chain that input is not swapped (our executor reverts PartialFill; our router
//   refuses such a hop). By default such a pool is refused here the way the SDK refuses a too-small
//   input (an error with isInsufficientInputAmountError, which bestTradeExactIn skips); the
//   number of trades where that happened is printed. --stock keeps the SDK's behaviour (and
//   counts the trades whose best SDK route is such a partial fill).
// - v3-sdk's Trade rejects a route holding two pools with the same Pool.getAddress (the CREATE2
//   address from tokens and fee). The synthetic set has several V3 pools per pair and fee tier,
//   so Pool.getAddress is given each call its own key; the real V3 factory allows one pool per
//   pair and fee, so on the devnet's pools nothing changes.
//
// --budget-s S stops starting new trades after S seconds of SDK time (the SDKs take seconds per
// trade on the 1,000-pool set); the trades compared are the first N of the file.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

// The SDKs' CommonJS builds: their ESM builds import paths without extensions, which Node's ESM
// loader does not resolve.
const require = createRequire(import.meta.url);
const { CurrencyAmount, Token } = require("@uniswap/sdk-core");
const { Pair, Trade: V2Trade } = require("@uniswap/v2-sdk");
const { Pool, Tick, TickListDataProvider, TICK_SPACINGS, Trade: V3Trade, TickMath } = require("@uniswap/v3-sdk");
const version = (name) =>
  JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), "utf8")).version;

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
if (!file) {
  console.error("usage: node tools/bench/swap-sdk-compare.mjs FILE.json [--budget-s S] [--stock] [--verbose]");
  process.exit(2);
}
const STOCK = flag("--stock");
const VERBOSE = flag("--verbose");
const BUDGET_MS = option("--budget-s", Infinity) * 1000;
const OPTIONS = { maxHops: 3, maxNumResults: 1 };
const CHAIN_ID = 1; // the SDKs' chain id: any chain they know (pool addresses are not used)

const data = JSON.parse(readFileSync(file, "utf8"));

// ---- the pool set as SDK objects ---------------------------------------------------------------

const tokens = new Map(data.tokens.map((t) => [t.address, new Token(CHAIN_ID, t.address, t.decimals, t.symbol, t.symbol, true)]));
const symbol = (address) => tokens.get(address)?.symbol ?? address.slice(0, 10);
const poolName = new Map(); // SDK object -> "venue fee address"
const poolAddress = new Map(); // SDK object -> address

const pairs = data.v2.map((p) => {
  const pair = new Pair(
    CurrencyAmount.fromRawAmount(tokens.get(p.token0), p.reserve0),
    CurrencyAmount.fromRawAmount(tokens.get(p.token1), p.reserve1),
  );
  poolName.set(pair, `${p.venue} ${p.address.slice(0, 10)}`);
  poolAddress.set(pair, p.address);
  return pair;
});

// The SDK's default price limits (v3Swap): a swap that ends there ran out of liquidity.
const LIMITS = new Set([BigInt(TickMath.MIN_SQRT_RATIO.toString()) + 1n, BigInt(TickMath.MAX_SQRT_RATIO.toString()) - 1n]);
let partialRefused = 0; // V3 swaps refused in this trade because the pool ran dry
let partialInBest = false;

// A pool whose swap ran to the price limit (out of liquidity) did not take all its input.
class StrictPool extends Pool {
  async getOutputAmount(inputAmount, sqrtPriceLimitX96) {
    const result = await super.getOutputAmount(inputAmount, sqrtPriceLimitX96);
    if (!sqrtPriceLimitX96 && LIMITS.has(BigInt(result[1].sqrtRatioX96.toString()))) {
      partialRefused += 1;
      if (!STOCK) {
        const error = new Error("V3 pool out of liquidity: partial fill");
        error.isInsufficientInputAmountError = true;
        throw error;
      }
    }
    return result;
  }
}

// See the header: each call its own key, so several pools of one pair and fee tier may share a route.
let poolKey = 0;
const canonicalGetAddress = Pool.getAddress;
const v3Addresses = new Set(data.v3.map((p) => `${p.token0}-${p.token1}-${p.fee}`));
if (v3Addresses.size < data.v3.length) Pool.getAddress = () => `pool-${poolKey++}`;

let v3Skipped = 0;
const v3pools = [];
for (const p of data.v3) {
  if (TICK_SPACINGS[p.fee] !== p.tickSpacing) throw new Error(`pool ${p.address}: fee ${p.fee} with tick spacing ${p.tickSpacing}`);
  if (p.ticks.length === 0) {
    v3Skipped += 1; // no position: nothing to trade (TickListDataProvider needs a tick)
    continue;
  }
  const ticks = p.ticks.map((t) => new Tick({ index: t.index, liquidityNet: t.liquidityNet, liquidityGross: t.liquidityGross }));
  const pool = new StrictPool(tokens.get(p.token0), tokens.get(p.token1), p.fee, p.sqrtPriceX96, p.liquidity, p.tick,
    new TickListDataProvider(ticks, p.tickSpacing));
  poolName.set(pool, `${p.venue} ${p.fee} ${p.address.slice(0, 10)}`);
  poolAddress.set(pool, p.address);
  v3pools.push(pool);
}

// ---- the trades ------------------------------------------------------------------------------

function routeText(route, pools) {
  return `${(route.path ?? route.tokenPath).map((t) => t.symbol).join(">")} [${pools.map((p) => poolName.get(p)).join(", ")}]`;
}

async function sdkBest(trade) {
  const amountIn = CurrencyAmount.fromRawAmount(tokens.get(trade.tokenIn), trade.amountIn);
  const out = tokens.get(trade.tokenOut);
  const result = { v2: null, v3: null, v2Ms: 0, v3Ms: 0, cpuMs: 0, partialRefused: 0, errors: [] };
  const cpu0 = process.cpuUsage();
  let t0 = performance.now();
  try {
    const [best] = pairs.length ? V2Trade.bestTradeExactIn(pairs, amountIn, out, OPTIONS) : [];
    if (best) {
      result.v2 = { out: BigInt(best.outputAmount.quotient.toString()), route: routeText(best.route, best.route.pairs),
        pools: best.route.pairs.map((p) => poolAddress.get(p)) };
    }
  } catch (e) {
    result.errors.push(`v2-sdk: ${e.message}`);
  }
  result.v2Ms = performance.now() - t0;
  partialRefused = 0;
  t0 = performance.now();
  try {
    const [best] = v3pools.length ? await V3Trade.bestTradeExactIn(v3pools, amountIn, out, OPTIONS) : [];
    if (best) {
      result.v3 = { out: BigInt(best.outputAmount.quotient.toString()), route: routeText(best.route, best.route.pools),
        pools: best.route.pools.map((p) => poolAddress.get(p)) };
      if (STOCK) {
        // Does the best route run a pool dry? Re-run it hop by hop.
        partialRefused = 0;
        let amount = amountIn;
        for (const pool of best.route.pools) [amount] = await pool.getOutputAmount(amount);
        result.v3.partial = partialRefused > 0;
      }
    }
  } catch (e) {
    result.errors.push(`v3-sdk: ${e.message}`);
  }
  result.v3Ms = performance.now() - t0;
  result.partialRefused = partialRefused;
  const cpu = process.cpuUsage(cpu0);
  result.cpuMs = (cpu.user + cpu.system) / 1000;
  return result;
}

const pct = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(p * (sorted.length - 1))];
};
const ratio = (a, b) => Number((a * 10n ** 12n) / b) / 1e12;

// One untimed trade first (the JIT).
if (data.trades.length) await sdkBest(data.trades[0]);

const rows = [];
let spent = 0;
for (const trade of data.trades) {
  if (spent > BUDGET_MS) break;
  const sdk = await sdkBest(trade);
  spent += sdk.v2Ms + sdk.v3Ms;
  const best = [sdk.v2, sdk.v3].filter(Boolean).sort((a, b) => (a.out < b.out ? 1 : a.out > b.out ? -1 : 0))[0] ?? null;
  const ours = (answer) => (answer.amountOut ? BigInt(answer.amountOut) : null);
  rows.push({ trade, sdk, best, split: ours(trade.split), single: ours(trade.single) });
  if (VERBOSE) {
    const r = rows.at(-1);
    console.log(`${symbol(trade.tokenIn)}->${symbol(trade.tokenOut)} $${trade.usd.toFixed(0)}: ours ${r.split ?? trade.split.error} ` +
      `(${trade.split.paths?.length ?? 0} paths, ${trade.split.wallUs.toFixed(0)} µs), SDK ${best?.out ?? "none"} ` +
      `(${(sdk.v2Ms + sdk.v3Ms).toFixed(1)} ms)${sdk.errors.length ? " " + sdk.errors.join("; ") : ""}`);
  }
}

// ---- the table -------------------------------------------------------------------------------

const compared = rows.filter((r) => r.best);
// Ours against an SDK output over the trades that SDK routed: pick(r) gives [ours or null, sdk].
function quality(pick) {
  const ratios = [];
  const below = [];
  let missing = 0;
  let equal = 0;
  for (const r of rows) {
    const pair = pick(r);
    if (!pair) continue;
    const [ours, sdk] = pair;
    if (ours === null) {
      missing += 1;
      below.push(r);
      ratios.push(0);
      continue;
    }
    ratios.push(ratio(ours, sdk));
    if (ours < sdk) below.push(r);
    if (ours === sdk) equal += 1;
  }
  const mean = ratios.reduce((a, b) => a + b, 0) / (ratios.length || 1);
  return {
    n: ratios.length, min: Math.min(...ratios), mean, max: Math.max(...ratios), below, missing, equal,
    above: ratios.filter((x) => x > 1.001).length,
  };
}
const amount = (answer) => (answer?.amountOut ? BigInt(answer.amountOut) : null);
const q = {
  split: quality((r) => r.best && [r.split, r.best.out]),
  single: quality((r) => r.best && [r.single, r.best.out]),
  v2: quality((r) => r.sdk.v2 && [amount(r.trade.v2Single), r.sdk.v2.out]),
  v3: quality((r) => r.sdk.v3 && [amount(r.trade.v3Single), r.sdk.v3.out]),
};

const ourWall = (key) => rows.map((r) => r.trade[key].wallUs / 1000);
const ourCpu = (key) => rows.map((r) => r.trade[key].cpuUs / 1000);
const sdkWall = rows.map((r) => r.sdk.v2Ms + r.sdk.v3Ms);
const sdkCpu = rows.map((r) => r.sdk.cpuMs);
const fmtMs = (x) => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(3));
const f6 = (x) => x.toFixed(6);

const nV2 = data.v2.length;
const nV3 = data.v3.length - v3Skipped;
console.log(`pool set: ${data.name}${data.block !== undefined ? `, block ${data.block}` : ""}: ${nV2} V2 pairs, ${nV3} V3 pools, ${data.tokens.length} tokens`);
console.log(`SDKs: @uniswap/v2-sdk ${version("@uniswap/v2-sdk")}, v3-sdk ${version("@uniswap/v3-sdk")}, sdk-core ${version("@uniswap/sdk-core")}; ` +
  `bestTradeExactIn maxHops 3, maxNumResults 1; V3 partial fills ${STOCK ? "kept (stock SDK)" : "refused"}; ours at gas price 0`);
console.log(`trades: ${rows.length} of ${data.trades.length}${rows.length < data.trades.length ? ` (budget ${BUDGET_MS / 1000} s of SDK time)` : ""}; ` +
  `the SDKs route ${compared.length} (v2 ${rows.filter((r) => r.sdk.v2).length}, v3 ${rows.filter((r) => r.sdk.v3).length}); ` +
  `ours ${rows.filter((r) => r.split !== null).length}; SDK best is V2 in ${compared.filter((r) => r.best === r.sdk.v2).length}`);
const errors = rows.filter((r) => r.sdk.errors.length);
if (errors.length) console.log(`SDK errors in ${errors.length} trades, e.g. ${errors[0].sdk.errors[0]}`);
const refused = rows.filter((r) => r.sdk.partialRefused > 0).length;
if (STOCK) console.log(`trades whose best V3 route is a partial fill (spends less than amountIn): ${rows.filter((r) => r.sdk.v3?.partial).length}`);
else console.log(`trades where v3-sdk met a pool it could not fill (refused, as on chain): ${refused}`);
console.log("");
console.log("| ours / SDK output | trades | min | mean | max | ours below | equal to the wei | ours > 0.1 % above |");
console.log("|---|---|---|---|---|---|---|---|");
for (const [key, label] of [
  ["split", "ours, split (up to 3 paths) / max(v2-sdk, v3-sdk)"],
  ["single", "ours, one path (max_splits 1) / max(v2-sdk, v3-sdk)"],
  ["v2", "ours, one path on the V2 pairs alone / v2-sdk"],
  ["v3", "ours, one path on the V3 pools alone / v3-sdk"],
]) {
  const s = q[key];
  console.log(`| ${label} | ${s.n} | ${f6(s.min)} | ${f6(s.mean)} | ${f6(s.max)} | ${s.below.length}${s.missing ? ` (${s.missing} unrouted)` : ""} | ${s.equal} | ${s.above} |`);
}
console.log("");
console.log("| time per trade, ms | p50 | p99 | max |");
console.log("|---|---|---|---|");
const timeRow = (label, xs) => console.log(`| ${label} | ${fmtMs(pct(xs, 0.5))} | ${fmtMs(pct(xs, 0.99))} | ${fmtMs(pct(xs, 1))} |`);
timeRow("ours, split: wall", ourWall("split"));
timeRow("ours, split: CPU", ourCpu("split"));
timeRow("ours, one path: wall", ourWall("single"));
timeRow("SDKs, v2 + v3: wall", sdkWall);
timeRow("SDKs, v2 + v3: process CPU", sdkCpu);
timeRow("v2-sdk alone: wall", rows.map((r) => r.sdk.v2Ms));
timeRow("v3-sdk alone: wall", rows.map((r) => r.sdk.v3Ms));
const speedups = rows.map((r) => (r.sdk.v2Ms + r.sdk.v3Ms) / (r.trade.split.wallUs / 1000));
console.log(`\nSDK wall / ours (split) wall, per trade: min ${pct(speedups, 0).toFixed(0)}x, p50 ${pct(speedups, 0.5).toFixed(0)}x`);

// Where our one-path quote takes the SDK's best route, the two compute the same pools: the
// outputs must agree to the wei (our integer math against the SDKs').
const ourRoute = (answer) => (answer.paths?.length === 1 ? answer.paths[0].hops.map((h) => h.pool) : null);
const oursText = (answer) => (answer.paths ?? []).map((p) =>
  p.hops.map((h) => `${symbol(h.tokenIn)}>${symbol(h.tokenOut)} ${h.venue}${h.venue.endsWith("v3") ? ` ${h.fee}` : ""} ${h.pool.slice(0, 10)}`).join(" | ") +
  ` (in ${p.amountIn})`).join(" ; ");
let sameRoute = 0;
const differ = [];
for (const r of compared) {
  const mine = ourRoute(r.trade.single);
  if (!mine || mine.join() !== r.best.pools.join()) continue;
  sameRoute += 1;
  if (r.single !== r.best.out) differ.push(r);
}
console.log(`\nours (one path) took the SDK's best route in ${sameRoute} trades; the outputs differ in ${differ.length}`);
for (const r of differ) console.log(`  DIFFERENT OUTPUT on the same route: ${r.best.route}: ours ${r.single}, SDK ${r.best.out}`);
for (const key of ["split", "single"]) {
  const top = compared.filter((r) => r[key] !== null).sort((a, b) => ratio(b[key], b.best.out) - ratio(a[key], a.best.out))[0];
  if (!top || top[key] <= top.best.out) continue;
  const t = top.trade;
  console.log(`\nlargest gain (${key}): ${symbol(t.tokenIn)} -> ${symbol(t.tokenOut)} $${t.usd.toFixed(0)}, x${ratio(top[key], top.best.out).toFixed(4)}`);
  console.log(`  ours ${top[key]}: ${oursText(t[key])}`);
  console.log(`  SDK  ${top.best.out}: ${top.best.route}`);
}

const belowCases = [
  ["split", "split", (r) => r.best],
  ["single", "single", (r) => r.best],
  ["v2", "v2Single", (r) => r.sdk.v2],
  ["v3", "v3Single", (r) => r.sdk.v3],
];
for (const [key, answerKey, sdkOf] of belowCases) {
  for (const r of q[key].below) {
    const t = r.trade;
    const sdk = sdkOf(r);
    console.log(`\nOURS BELOW THE SDK (${key}): ${symbol(t.tokenIn)} -> ${symbol(t.tokenOut)}, amountIn ${t.amountIn} ($${t.usd.toFixed(0)})`);
    console.log(`  ours ${t[answerKey].amountOut ?? t[answerKey].error}: ${oursText(t[answerKey])}`);
    console.log(`  SDK  ${sdk.out}: ${sdk.route}${sdk.partial ? " (partial fill)" : ""}`);
  }
}
Pool.getAddress = canonicalGetAddress;
// The goal: never below the SDKs' best with the split search. The one-path rows are reported.
process.exitCode = q.split.below.length ? 1 : 0;
