// Devnet swap liquidity (docs/swap.md): WETH9, WBTC and DAI, two Uniswap V2 venues, Uniswap V3
// with QuoterV2, PerchSwapExecutor, and pools seeded with per-chain prices and depths. The
// Uniswap contracts are the npm packages' shipped artifacts; deploy.mjs sends all of it.
import { createRequire } from "node:module";
import { encodeAbiParameters, encodeDeployData, encodeFunctionData, getContractAddress, keccak256, maxUint256 } from "viem";

const require = createRequire(import.meta.url);

const UNISWAP_ARTIFACTS = {
  WETH9: "@uniswap/v2-periphery/build/WETH9.json",
  UniswapV2Factory: "@uniswap/v2-core/build/UniswapV2Factory.json",
  UniswapV2Pair: "@uniswap/v2-core/build/UniswapV2Pair.json",
  UniswapV2Router02: "@uniswap/v2-periphery/build/UniswapV2Router02.json",
  UniswapV3Factory: "@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json",
  UniswapV3Pool: "@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json",
  QuoterV2: "@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json",
};

/** `{abi, bytecode}` of a Uniswap contract as its npm package ships it. */
export function uniswapArtifact(name) {
  const art = require(UNISWAP_ARTIFACTS[name]);
  return { abi: art.abi, bytecode: art.bytecode.startsWith("0x") ? art.bytecode : `0x${art.bytecode}` };
}

// The chains that get swap liquidity (not the check-in chain 1868).
export const SWAP_CHAIN_IDS = [1, 8453, 42161];

const SWAP_TOKENS = [
  { symbol: "WETH", name: "Wrapped Ether", decimals: 18 },
  { symbol: "USDC", name: "USD Coin", decimals: 6 },
  { symbol: "USDT", name: "Tether USD", decimals: 6 },
  { symbol: "WBTC", name: "Wrapped BTC", decimals: 8 },
  { symbol: "DAI", name: "Dai Stablecoin", decimals: 18 },
];

// Priced by the pools but not swapped here: SOL as bridged to the EVM chains (Wormhole's wrapped
// SOL has Uniswap V3 pools against USDC), so that cross-asset quotes have a live on-chain price
// for SOL (price/quote_prices.hpp). Not in SWAP_TOKENS: the swap page does not offer it.
const ORACLE_TOKENS = [{ symbol: "SOL", name: "Wrapped SOL (Wormhole)", decimals: 9 }];

const V2_FEE_PPM = 3000;
const V3_FEE_TIERS = [500, 3000, 10000]; // enabled by v3-core 1.0.1's factory constructor
const V3_TICK_SPACING = { 500: 10, 3000: 60, 10000: 200 };

// Deployed after the existing contracts and mints ("$key" = an address deployed before).
const SWAP_DEPLOYMENTS = [
  { key: "WETH", uniswap: "WETH9", args: [] },
  { key: "WBTC", artifact: "TestToken", args: ["Wrapped BTC", "WBTC", 8] },
  { key: "DAI", artifact: "TestToken", args: ["Dai Stablecoin", "DAI", 18] },
  { key: "uniswapV2Factory", uniswap: "UniswapV2Factory", args: ["$deployer"], gas: 5_000_000n },
  { key: "uniswapV2Router", uniswap: "UniswapV2Router02", args: ["$uniswapV2Factory", "$WETH"], gas: 6_000_000n },
  // Sushi's V2 is a fork with the same pair code; a second v2-core factory stands in for it.
  { key: "sushiV2Factory", uniswap: "UniswapV2Factory", args: ["$deployer"], gas: 5_000_000n },
  { key: "sushiV2Router", uniswap: "UniswapV2Router02", args: ["$sushiV2Factory", "$WETH"], gas: 6_000_000n },
  { key: "uniswapV3Factory", uniswap: "UniswapV3Factory", args: [], gas: 7_000_000n },
  { key: "quoterV2", uniswap: "QuoterV2", args: ["$uniswapV3Factory", "$WETH"] },
  { key: "executor", artifact: "PerchSwapExecutor", args: ["$WETH", "$uniswapV3Factory"] },
  { key: "seeder", artifact: "LiquiditySeeder", args: [] },
  // After everything above, so that no earlier address moves.
  { key: "SOL", artifact: "TestToken", args: ["Wrapped SOL (Wormhole)", "SOL", 9] },
];

const VENUE_FACTORY = { "uniswap-v2": "uniswapV2Factory", "sushi-v2": "sushiV2Factory", "uniswap-v3": "uniswapV3Factory" };

// ---- markets ------------------------------------------------------------------------------

// USD prices and a depth factor per chain, so the same trade quotes differently on each chain.
export const MARKETS = {
  1: { usd: { WETH: 3000, WBTC: 60000, USDC: 1, USDT: 1, DAI: 1, SOL: 150 }, depth: 1 },
  8453: { usd: { WETH: 3010, WBTC: 60150, USDC: 1, USDT: 0.9995, DAI: 1.0005, SOL: 150.3 }, depth: 0.6 },
  42161: { usd: { WETH: 2990, WBTC: 59900, USDC: 1, USDT: 1.0004, DAI: 0.9996, SOL: 149.7 }, depth: 0.8 },
};

// The pools, the same on every swap chain. `skew` moves the pool's price of `pair[0]` off the
// market a little, so venues disagree. V3 positions are [low, high, usd] with the range as
// factors of the price: narrow ones that a large trade crosses, and wide ones behind them. V2
// pairs hold `usd` in total. WBTC/DAI has only a very shallow pair: its good routes are multi-hop.
const POOLS = [
  { venue: "uniswap-v3", pair: ["WETH", "USDC"], fee: 500, skew: 0, positions: [[0.995, 1.005, 300e3], [0.95, 1.05, 2e6], [0.6, 1.6, 4e6]] },
  { venue: "uniswap-v3", pair: ["WETH", "USDC"], fee: 3000, skew: 0.001, positions: [[0.98, 1.02, 500e3], [0.5, 2, 2e6]] },
  { venue: "uniswap-v2", pair: ["WETH", "USDC"], skew: 0.0005, usd: 10e6 },
  { venue: "sushi-v2", pair: ["WETH", "USDC"], skew: 0.002, usd: 5e6 },
  { venue: "uniswap-v3", pair: ["WETH", "USDT"], fee: 500, skew: 0, positions: [[0.99, 1.01, 500e3], [0.7, 1.4, 2e6]] },
  { venue: "uniswap-v2", pair: ["WETH", "USDT"], skew: 0.001, usd: 2e6 },
  { venue: "uniswap-v3", pair: ["USDC", "USDT"], fee: 500, skew: 0, positions: [[0.999, 1.001, 2e6], [0.99, 1.01, 3e6]] },
  { venue: "uniswap-v2", pair: ["USDC", "USDT"], skew: 0.0005, usd: 1e6 },
  { venue: "uniswap-v3", pair: ["WBTC", "WETH"], fee: 3000, skew: 0, positions: [[0.98, 1.02, 1e6], [0.6, 1.6, 3e6]] },
  { venue: "sushi-v2", pair: ["WBTC", "WETH"], skew: 0.002, usd: 1e6 },
  { venue: "uniswap-v3", pair: ["WBTC", "USDC"], fee: 3000, skew: 0, positions: [[0.98, 1.02, 1e6], [0.5, 2, 2e6]] },
  { venue: "uniswap-v2", pair: ["WBTC", "USDC"], skew: -0.002, usd: 1.5e6 },
  { venue: "uniswap-v3", pair: ["WETH", "DAI"], fee: 3000, skew: 0, positions: [[0.97, 1.03, 500e3], [0.5, 2, 1.5e6]] },
  { venue: "sushi-v2", pair: ["WETH", "DAI"], skew: 0.001, usd: 1e6 },
  { venue: "uniswap-v3", pair: ["DAI", "USDC"], fee: 500, skew: 0, positions: [[0.998, 1.002, 1e6], [0.98, 1.02, 1e6]] },
  { venue: "sushi-v2", pair: ["DAI", "USDC"], skew: 0, usd: 500e3 },
  { venue: "sushi-v2", pair: ["WBTC", "DAI"], skew: 0.01, usd: 2e3 },
];

// The price oracles of cross-asset quotes (the profile's `price_oracles`): per swap chain, one
// Uniswap V3 pool per symbol against USDC, read as a time-weighted average over `twap_seconds`.
// ETH's is the deepest WETH/USDC pool of POOLS; SOL's pool exists for this alone. The window is
// short because the devnet's pools are seconds old when the tests start; a real deployment uses
// 30 minutes of pools that are years old (docs/security.md "Quote prices").
const ORACLE_POOLS = [{ venue: "uniswap-v3", pair: ["SOL", "USDC"], fee: 3000, skew: 0, positions: [[0.95, 1.05, 1e6], [0.5, 2, 2e6]] }];
const ORACLES = [
  { symbol: "ETH", pair: ["WETH", "USDC"], fee: 500 },
  { symbol: "SOL", pair: ["SOL", "USDC"], fee: 3000 },
];
const ORACLE_TWAP_SECONDS = 3;
// Observations the oracle pools keep (one per block with a trade): a window of ORACLE_TWAP_SECONDS
// must stay readable however busy the tests keep the pool.
const ORACLE_CARDINALITY = 16;

// ---- balances -----------------------------------------------------------------------------

const units = (n, decimals) => BigInt(n) * 10n ** BigInt(decimals);
// The deployer seeds every pool; its ETH is raised with hardhat_setBalance before the batch.
export const DEPLOYER_ETH = units(1_000_000, 18);
const DEPLOYER_WETH = units(100_000, 18);
const DEPLOYER_MINT = { USDC: units(1e9, 6), USDT: units(1e9, 6), WBTC: units(100_000, 8), DAI: units(1e9, 18), SOL: units(1e6, 9) };
// The maker pays bridge-and-swap outputs; users trade.
export const MAKER_SWAP_MINT = { WBTC: units(1_000, 8), DAI: units(10_000_000, 18) };
export const USER_SWAP_MINT = { WBTC: units(1, 8), DAI: units(10_000, 18) };

// ---- addresses ----------------------------------------------------------------------------

/** Addresses of SWAP_DEPLOYMENTS when the first one uses the deployer's nonce `firstNonce`. */
export function swapAddresses(deployer, firstNonce, existing) {
  const out = { ...existing, deployer };
  SWAP_DEPLOYMENTS.forEach((d, i) => {
    out[d.key] = getContractAddress({ from: deployer, nonce: BigInt(firstNonce + i) });
  });
  return out;
}

const V2_INIT_CODE_HASH = keccak256(uniswapArtifact("UniswapV2Pair").bytecode);
const V3_INIT_CODE_HASH = keccak256(uniswapArtifact("UniswapV3Pool").bytecode);

const sortTokens = (a, b) => (BigInt(a) < BigInt(b) ? [a, b] : [b, a]);

/** The CREATE2 address of a V2 pair (`fee` undefined) or V3 pool, and its sorted tokens. */
function poolAddress(factory, tokenA, tokenB, fee) {
  const [token0, token1] = sortTokens(tokenA, tokenB);
  const salt = fee === undefined
    ? keccak256(`0x${token0.slice(2)}${token1.slice(2)}`)
    : keccak256(encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "uint24" }], [token0, token1, fee]));
  const bytecodeHash = fee === undefined ? V2_INIT_CODE_HASH : V3_INIT_CODE_HASH;
  return { address: getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecodeHash }), token0, token1 };
}

const lower = (a) => a.toLowerCase();

/** The profile's `price_oracles`: each oracle on each swap chain (price/oracles.hpp reads them). */
export function priceOracles(addr) {
  return SWAP_CHAIN_IDS.flatMap((chainId) =>
    ORACLES.map((o) => ({
      chain_id: chainId,
      symbol: o.symbol,
      pool: lower(poolAddress(addr.uniswapV3Factory, addr[o.pair[0]], addr[o.pair[1]], o.fee).address),
      token: lower(addr[o.pair[0]]),
      decimals: decimalsOf(o.pair[0]),
      usd_token: lower(addr[o.pair[1]]),
      usd_decimals: decimalsOf(o.pair[1]),
      twap_seconds: ORACLE_TWAP_SECONDS,
    })),
  );
}

/** The `swap` object of state.json and the profile (docs/swap.md); `start_block` is filled in later. */
export function swapState(addr) {
  const pools = POOLS.map((p) => {
    const { address, token0, token1 } = poolAddress(addr[VENUE_FACTORY[p.venue]], addr[p.pair[0]], addr[p.pair[1]], p.fee);
    return { venue: p.venue, address: lower(address), token0: lower(token0), token1: lower(token1), fee_ppm: p.fee ?? V2_FEE_PPM };
  });
  const v2 = (name, factory, router) =>
    ({ name, kind: "v2", factory: lower(addr[factory]), router: lower(addr[router]), init_code_hash: V2_INIT_CODE_HASH, fee_ppm: V2_FEE_PPM });
  return {
    chain_ids: SWAP_CHAIN_IDS,
    weth: lower(addr.WETH),
    tokens: SWAP_TOKENS.map((t) => ({ address: lower(addr[t.symbol]), symbol: t.symbol, name: t.name, decimals: t.decimals })),
    venues: [
      v2("uniswap-v2", "uniswapV2Factory", "uniswapV2Router"),
      v2("sushi-v2", "sushiV2Factory", "sushiV2Router"),
      { name: "uniswap-v3", kind: "v3", factory: lower(addr.uniswapV3Factory), quoter_v2: lower(addr.quoterV2), init_code_hash: V3_INIT_CODE_HASH, fee_tiers: V3_FEE_TIERS },
    ],
    executor: lower(addr.executor),
    start_block: 0,
    pools,
  };
}

// ---- pool math (floating point is fine: it only picks the seeded prices and sizes) --------

const LOG_TICK = Math.log(1.0001);
const decimalsOf = (symbol) => [...SWAP_TOKENS, ...ORACLE_TOKENS].find((t) => t.symbol === symbol).decimals;

/** Price of token1 in token0, in base units, for a pool of `pair` on `market`. */
function rawPrice(pool, market, token0Symbol) {
  const [a, b] = pool.pair;
  const human = (market.usd[a] / market.usd[b]) * (1 + pool.skew); // b per a
  const p = human * 10 ** (decimalsOf(b) - decimalsOf(a));
  return token0Symbol === a ? p : 1 / p;
}

const sqrtPriceX96 = (price) => BigInt(Math.round(Math.sqrt(price) * 2 ** 96));

/** Ticks around `price` covering [price*low, price*high], widened to the tick spacing. */
function tickRange(price, low, high, spacing) {
  const tick = (p) => Math.log(p) / LOG_TICK;
  const lo = Math.floor(tick(price * low) / spacing) * spacing;
  const hi = Math.ceil(tick(price * high) / spacing) * spacing;
  return [lo, hi];
}

/** Liquidity of a position in [tickLower, tickUpper] worth `value1` (in token1 base units) at `price`. */
function liquidityFor(price, tickLower, tickUpper, value1) {
  const sp = Math.sqrt(price);
  const sa = Math.sqrt(1.0001 ** tickLower);
  const sb = Math.sqrt(1.0001 ** tickUpper);
  // amount0 * price + amount1 = L * (2 sp - price / sb - sa), for sa <= sp <= sb.
  return BigInt(Math.floor(value1 / (2 * sp - price / sb - sa)));
}

const toUnits = (amount, decimals) => BigInt(Math.round(amount * 10 ** decimals));

// ---- transactions -------------------------------------------------------------------------

const CALL_GAS = 150_000n;
const DEPLOY_GAS = 3_000_000n;
const SEED_V2_GAS = 3_500_000n;
const SEED_V3_GAS = 6_000_000n;
const ORACLE_SLOTS_GAS = 1_500_000n; // ~23k per observation slot written

function loadSwapArtifact(d, loadArtifact) {
  return d.uniswap ? uniswapArtifact(d.uniswap) : loadArtifact(d.artifact);
}

/**
 * The deployments, mints, the deployer's WETH and its approvals to the seeder: the same
 * transactions on every swap chain, right after the existing deployment. `addr` is from
 * swapAddresses().
 */
export function swapSetupTxs(addr, accounts, loadArtifact) {
  const txs = SWAP_DEPLOYMENTS.map((d) => {
    const art = loadSwapArtifact(d, loadArtifact);
    const args = d.args.map((a) => (typeof a === "string" && a.startsWith("$") ? addr[a.slice(1)] : a));
    return { data: encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args }), gas: d.gas ?? DEPLOY_GAS, expect: addr[d.key] };
  });
  const tokenAbi = loadArtifact("TestToken").abi;
  const call = (to, functionName, args, abi = tokenAbi, value) =>
    txs.push({ to, data: encodeFunctionData({ abi, functionName, args }), gas: CALL_GAS, value });
  for (const symbol of ["WBTC", "DAI"]) {
    call(addr[symbol], "mint", [accounts.maker, MAKER_SWAP_MINT[symbol]]);
    for (const u of accounts.users) call(addr[symbol], "mint", [u, USER_SWAP_MINT[symbol]]);
  }
  for (const [symbol, amount] of Object.entries(DEPLOYER_MINT)) call(addr[symbol], "mint", [accounts.deployer, amount]);
  const wethAbi = uniswapArtifact("WETH9").abi;
  call(addr.WETH, "deposit", [], wethAbi, DEPLOYER_WETH);
  for (const t of [...SWAP_TOKENS, ...ORACLE_TOKENS]) call(addr[t.symbol], "approve", [addr.seeder, maxUint256]);
  return txs;
}

/** One seeder call per pool, at `chainId`'s prices and depths, then the oracles' observation slots. */
export function seedTxs(chainId, addr, loadArtifact) {
  const market = MARKETS[chainId];
  const abi = loadArtifact("LiquiditySeeder").abi;
  const seeds = [...POOLS, ...ORACLE_POOLS].map((pool) => {
    const { functionName, args } = seedCall(pool, market, addr);
    return { to: addr.seeder, data: encodeFunctionData({ abi, functionName, args }), gas: pool.fee === undefined ? SEED_V2_GAS : SEED_V3_GAS };
  });
  const poolAbi = uniswapArtifact("UniswapV3Pool").abi;
  const slots = priceOracles(addr).filter((o) => o.chain_id === chainId).map((o) => ({
    to: o.pool,
    data: encodeFunctionData({ abi: poolAbi, functionName: "increaseObservationCardinalityNext", args: [ORACLE_CARDINALITY] }),
    gas: ORACLE_SLOTS_GAS,
  }));
  return [...seeds, ...slots];
}

/** The LiquiditySeeder call that creates and funds `pool` at `market`'s prices and depth. */
export function seedCall(pool, market, addr) {
  return pool.fee === undefined
    ? { functionName: "seedV2", args: seedV2Args(pool, market, addr) }
    : { functionName: "seedV3", args: seedV3Args(pool, market, addr) };
}

function seedV2Args(pool, market, addr) {
  const [a, b] = pool.pair;
  const human = (market.usd[a] / market.usd[b]) * (1 + pool.skew);
  const amountB = (pool.usd * market.depth) / 2 / market.usd[b];
  return [addr[VENUE_FACTORY[pool.venue]], addr[a], addr[b], toUnits(amountB / human, decimalsOf(a)), toUnits(amountB, decimalsOf(b))];
}

function seedV3Args(pool, market, addr) {
  const [a, b] = pool.pair;
  const { token0 } = poolAddress(addr.uniswapV3Factory, addr[a], addr[b], pool.fee);
  const [symbol0, symbol1] = token0 === addr[a] ? [a, b] : [b, a];
  const price = rawPrice(pool, market, symbol0);
  const spacing = V3_TICK_SPACING[pool.fee];
  const positions = pool.positions.map(([low, high, usd]) => {
    const [tickLower, tickUpper] = tickRange(price, low, high, spacing);
    const value1 = ((usd * market.depth) / market.usd[symbol1]) * 10 ** decimalsOf(symbol1);
    return { tickLower, tickUpper, liquidity: liquidityFor(price, tickLower, tickUpper, value1) };
  });
  return [addr.uniswapV3Factory, addr[a], addr[b], pool.fee, sqrtPriceX96(price), positions];
}
