// quote-price: a cross-asset quote is priced only from firm prices (issue 32, section 1). Before,
// an ETH -> SOL quote took ETH from one chain's pools at their spot price (a single trade moves
// it) and SOL from the fixed table, and was issued whatever the age of either. Now each symbol's
// price is the median of time-weighted prices of the profile's oracle pools on several chains
// (price/quote_prices.hpp), refused (503) when too few are fresh or they disagree:
//   A  sales of ETH on chain 1 push its pools' ETH price down by more than 15 %: the quote moves by
//      less than 0.5 % (chain 1 is outvoted by Base and Arbitrum), where the spot price moved it
//      by as much as the pools;
//   B  two of the three oracle chains stop making blocks: their prices age past max_age_s (by their
//      own block times, which run a few seconds ahead of the clock after the deployment's burst of
//      blocks), one live source is left, and the quote is refused with 503 and the reason; once they
//      mine again it is quoted again;
//   C  a profile without oracles: the fixed table does not price a quote, it is refused with 503.
import fs from "node:fs";
import path from "node:path";

const SRC = 42161;
const SOLANA = 83797601;
const AMOUNT = "0.004";
const ETH = "0x0000000000000000000000000000000000000000";
const QUOTE = `bridge_api/v1/quote?from_chain_id=${SRC}&to_chain_id=${SOLANA}&token=ETH&amount=${AMOUNT}`;

async function api(t, p, body) {
  const res = await fetch(`${t.perchUrl}/api/${p}`, body
    ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
    : undefined);
  return { status: res.status, body: await res.json() };
}

// perch as the devnet runs it (prices from the pools, refreshed every second), with quote prices
// that count as stale after 5 s so that B does not wait two minutes; `profile` replaces the chain
// profile.
function config(t, name, profile) {
  const file = t.writeConfig(name);
  const c = JSON.parse(fs.readFileSync(file, "utf8"));
  c.prices = { source: "pools", refresh_ms: 1000, quotes: { max_age_s: 5, cache_ms: 0 } };
  if (profile) c.chain_profile = profile;
  fs.writeFileSync(file, JSON.stringify(c));
  return file;
}

// What 1 ETH buys in USDC on chain 1 (base units), by perch's swap quote.
async function ethInUsdc(t, usdc) {
  const r = await api(t, `swap_api/v1/quote?chain_id=1&token_in=${ETH}&token_out=${usdc}&amount=1`);
  if (r.body.code !== 0) throw new Error(`swap quote: ${r.status} ${r.body.msg}`);
  return { out: BigInt(r.body.data.amount_out_wei), block: r.body.data.block_number };
}

// Someone sells ETH for USDC on chain 1 through the executor until 1 ETH buys under 85 % of before.
async function sellEthOnChainOne(t, usdc) {
  const url = t.rpcOf(1);
  const seller = await t.d.freshAccount(url, t.nextAccount(), 100_000n);
  const before = (await ethInUsdc(t, usdc)).out;
  let now = before;
  for (let sale = 0; sale < 12 && now * 100n > before * 85n; sale++) {
    const built = await api(t, "swap_api/v1/build_tx", { chain_id: 1, token_in: ETH, token_out: usdc, amount: "1500", slippage_bps: 5000, sender: seller });
    if (built.body.code !== 0) throw new Error(`swap build_tx: ${built.body.msg}`);
    const s = built.body.data.swap;
    const hash = await t.d.rpc(url, "eth_sendTransaction", [{ from: seller, to: s.to, data: s.data, value: s.value, gas: t.d.hex(3_000_000) }]);
    const mined = Number(BigInt((await t.d.waitReceipt(url, hash)).blockNumber));
    let q = await ethInUsdc(t, usdc);
    while (q.block < mined) {
      await t.sleep(200);
      q = await ethInUsdc(t, usdc);
    }
    now = q.out;
  }
  return { before, after: now };
}

const setMining = (t, chainId, ms) => t.d.rpc(t.rpcOf(chainId), "evm_setIntervalMining", [ms]);

export async function run(t) {
  const { check, log } = t;
  if (!t.state.solana || !t.state.price_oracles) {
    check(false, "quote-price: the devnet runs no Solana node or has no price oracles");
    return;
  }
  const usdc = t.state.contracts.USDC;
  await t.startPerch(config(t, "faults-quote-price"));
  await t.sleep(4000); // the oracle pools' windows (3 s) are older than the devnet here; the spot table is read

  // A: the quote before and after chain 1's pools are pushed down.
  const q0 = await api(t, QUOTE);
  const { before, after } = await sellEthOnChainOne(t, usdc);
  await t.sleep(4500); // chain 1's time-weighted price is now all manipulated; the spot table read again
  const q1 = await api(t, QUOTE);
  const r0 = BigInt(q0.body.data?.receive_amount_wei ?? 0);
  const r1 = BigInt(q1.body.data?.receive_amount_wei ?? 0);
  const moved = r0 ? Number(((r1 - r0) * 1_000_000n) / r0) / 10_000 : NaN;
  log(`quote-price: 1 ETH bought ${before} then ${after} USDC units on chain 1; the quote paid ${r0} then ${r1} lamports (${moved} %), ETH at ${q0.body.data?.price?.ETH} then ${q1.body.data?.price?.ETH}`);
  check(after * 100n <= before * 85n, `quote-price: chain 1's pools were moved by more than 15 % (${before} -> ${after})`);
  check(q0.status === 200 && q1.status === 200 && Math.abs(moved) < 0.5,
    `quote-price: the ETH -> SOL quote moved ${moved} % after chain 1's pools moved ${Number(((after - before) * 10000n) / before) / 100} % (bound 0.5 %)`);

  // B: Ethereum and Base stop making blocks; their prices age out.
  await setMining(t, 1, 0);
  await setMining(t, 8453, 0);
  let q2;
  try {
    await t.sleep(12000);
    q2 = await api(t, QUOTE);
  } finally {
    await setMining(t, 1, t.state.block_time_ms ?? 1000);
    await setMining(t, 8453, t.state.block_time_ms ?? 1000);
  }
  log(`quote-price: with two oracle chains stopped: ${q2.status} ${q2.body.msg}`);
  check(q2.status === 503 && /1 live price source\(s\) answered, 2 are needed/.test(q2.body.msg ?? ""),
    `quote-price: with two of three oracle chains stale the quote is refused with 503 and the reason (${q2.status}: ${q2.body.msg})`);
  await t.sleep(2500);
  const q3 = await api(t, QUOTE);
  check(q3.status === 200, `quote-price: once they mine again it is quoted again (${q3.status} ${q3.body.msg ?? ""})`);
  await t.killPerch("SIGTERM");

  // C: no oracles in the profile; the fixed table must not price the quote.
  const bare = { ...t.state };
  delete bare.price_oracles;
  const profile = path.join(t.stateDir, "state-without-oracles.json");
  fs.writeFileSync(profile, JSON.stringify(bare));
  const file = config(t, "faults-quote-price-fixed", profile);
  const c = JSON.parse(fs.readFileSync(file, "utf8"));
  c.prices.source = "fixed";
  fs.writeFileSync(file, JSON.stringify(c));
  await t.startPerch(file);
  const q4 = await api(t, QUOTE);
  log(`quote-price: without oracles: ${q4.status} ${q4.body.msg}`);
  check(q4.status === 503 && /no firm price/.test(q4.body.msg ?? ""),
    `quote-price: without live sources the fixed table prices no quote: 503 (${q4.status}: ${q4.body.msg})`);
  await t.killPerch("SIGTERM");
}
