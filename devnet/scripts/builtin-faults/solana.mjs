// solana: deposits from the EVM chains to Solana while perch is killed -9 and restarted; each
// recipient holds exactly its receive amount (faults.mjs describes it in full).
import crypto from "node:crypto";
import { parseUnits } from "viem";
import * as d from "../lib/bridge-driver.mjs";
import { check, depositor, killPerch, log, nextAccount, perchUrl, rpcOf, sendDeposits, sleep, sql, startPerch, state, tokenAddress, writeConfig } from "../lib/fault-context.mjs";
import { untilPaying } from "./crash.mjs";

// ---- Solana payouts through kill -9 ----
const SOLANA = 83797601;
async function solanaRpc(method, params = []) {
  return d.rpc(state.solana.rpc_url, method, params);
}
/** A fresh Solana account (a new ed25519 key's public key, base58). */
async function freshSolanaAccount() {
  const { getBase58Decoder } = await import("@solana/kit");
  const { publicKey } = crypto.generateKeyPairSync("ed25519");
  return getBase58Decoder().decode(new Uint8Array(Buffer.from(publicKey.export({ format: "jwk" }).x, "base64url")));
}
/** What `owner` holds on Solana (confirmed): lamports, or USDC base units in its token account. */
async function solanaHolding(owner, token) {
  if (token === "ETH") return BigInt((await solanaRpc("getBalance", [owner, { commitment: "confirmed" }])).value);
  const { ataOf } = await import("../../solana/keys.mjs");
  const ata = await ataOf(owner, state.solana.usdc_mint);
  const info = await solanaRpc("getAccountInfo", [ata, { commitment: "confirmed", encoding: "jsonParsed" }]);
  return info.value ? BigInt(info.value.data.parsed.info.tokenAmount.amount) : 0n;
}
const SOLANA_ROUTES = [
  { src: 8453, token: "ETH", amount: "0.004" }, { src: 42161, token: "ETH", amount: "0.003" },
  { src: 1, token: "ETH", amount: "0.005" }, { src: 42161, token: "USDC", amount: "6" },
  { src: 8453, token: "USDC", amount: "4" },
];

export async function solanaCrash() {
  const config = writeConfig("faults-solana");
  await startPerch(config);
  // One quote per route; a cross-asset deposit (ETH -> SOL) names the firm quote build_tx issues
  // for its own sender and recipient, and is paid exactly that quote's amount.
  const quotes = new Map();
  for (const r of SOLANA_ROUTES) {
    const res = await fetch(`${perchUrl}/api/bridge_api/v1/quote?from_chain_id=${r.src}&to_chain_id=${SOLANA}&token=${r.token}&amount=${r.amount}`);
    const q = (await res.json()).data;
    if (!q) throw new Error(`no quote for ${r.token} from ${r.src} to Solana`);
    quotes.set(r, q);
  }
  const firmQuote = async (r, sender, owner) => {
    const res = await fetch(`${perchUrl}/api/bridge_api/v1/build_tx`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ from_chain_id: r.src, to_chain_id: SOLANA, token: r.token, amount: r.amount, sender, recipient: owner }),
    });
    const body = await res.json();
    if (body.code !== 0) throw new Error(`build_tx for ${r.token} from ${r.src}: ${body.msg}`);
    return body.data.quote.firm_quote;
  };
  const deposits = await Promise.all(Array.from({ length: 100 }, async (_, i) => {
    const r = SOLANA_ROUTES[i % SOLANA_ROUTES.length];
    const q = quotes.get(r);
    const amount = parseUnits(r.amount, q.decimals);
    const from = await d.freshAccount(rpcOf(r.src), nextAccount(), 1n);
    const owner = await freshSolanaAccount();
    const firm = r.token === "ETH" ? await firmQuote(r, from, owner) : null;
    const recipient = firm ? `${owner}?quote=${firm.id}` : owner;
    const quoted = firm ? BigInt(firm.typed_data.message.receiveAmount) : BigInt(q.receive_amount_wei);
    // The deposit carries the channel its quote was issued for (build_tx's default channel).
    const channel = firm ? Number(firm.typed_data.message.channel) : 0;
    return { chainId: r.src, dst: SOLANA, token: r.token, tokenAddr: tokenAddress(r.token), from, owner, recipient, amount, quoted, channel };
  }));
  const tokenDeps = deposits.filter((x) => x.token !== "ETH");
  const setup = await Promise.all(tokenDeps.flatMap((x) => [
    d.mint(rpcOf(x.chainId), { deployer: state.accounts.deployer, token: x.tokenAddr, to: x.from, amount: x.amount }),
    d.approve(rpcOf(x.chainId), { from: x.from, token: x.tokenAddr, spender: depositor, amount: x.amount }),
  ]));
  for (let i = 0; i < setup.length; i++) {
    const r = await d.waitReceipt(rpcOf(tokenDeps[i >> 1].chainId), setup[i]);
    if (r.status !== "0x1") throw new Error("token setup transaction reverted");
  }
  const t0 = Date.now();
  await sendDeposits(deposits);
  log(`solana: the EVM nodes accepted all 100 deposits to Solana at +${Date.now() - t0} ms`);
  const kills = [];
  const count = 2 + Math.floor(Math.random() * 2);
  for (let k = 1; k <= count; k++) {
    const wait = k === 1 ? await untilPaying(deposits, 30000) : 200 + Math.floor(Math.random() * 1800);
    await sleep(wait);
    await killPerch("SIGKILL");
    const stored = sql(
      "SELECT COUNT(DISTINCT m.id) AS txs, COUNT(a.id) AS versions FROM maker_txs m JOIN maker_tx_attempts a ON " +
        "a.maker_tx_id = m.id WHERE m.chain_id = 83797601 AND m.state = 'pending'",
    )[0];
    const states = Object.fromEntries(sql("SELECT state, COUNT(*) AS n FROM bridge_orders GROUP BY state").map((r) => [r.state, r.n]));
    kills.push({ k, pending: stored.txs });
    log(`solana: kill -9 #${k} at +${Date.now() - t0} ms: orders ${JSON.stringify(states)}; Solana payouts stored, not settled: ${stored.txs} (${stored.versions} signed versions)`);
    await sleep(300);
    await startPerch(config);
  }
  const orders = await d.waitFinal(perchUrl, deposits, 240000);
  log(`solana: all 100 final ${Date.now() - t0} ms after the first deposit`);
  await sleep(2000); // a second payment, were there one, would have landed by now
  let exact = 0;
  const bad = [];
  for (let i = 0; i < deposits.length; i++) {
    const x = deposits[i];
    const o = orders[i];
    const got = await solanaHolding(x.owner, x.token);
    if (o.state === "completed" && got === BigInt(o.receive_amount) && got === x.quoted) exact++;
    else bad.push(`${x.chainId}:${x.hash} ${o.state} ${o.reason} got ${got} quoted ${x.quoted} order ${o.receive_amount}`);
  }
  for (const b of bad.slice(0, 5)) log(`solana: unexpected: ${b}`);
  check(kills.some((k) => k.pending > 0), `solana: ${kills.length} kills, ${kills.filter((k) => k.pending > 0).length} with Solana payouts stored and not settled`);
  check(exact === deposits.length, `solana: ${exact}/${deposits.length} Solana recipients hold exactly their order's receive amount (the quoted amount; paid once)`);
  // Every version of every payout: the order's one is known to the chain, every other one is not.
  const versions = sql(
    "SELECT o.dst_tx_hash AS paid, a.tx_hash AS version FROM maker_txs m JOIN maker_tx_attempts a ON a.maker_tx_id = m.id " +
      "JOIN bridge_orders o ON o.id = m.order_id WHERE m.chain_id = 83797601 AND m.kind = 'payout'",
  );
  const statuses = [];
  for (let i = 0; i < versions.length; i += 200) {
    const page = await solanaRpc("getSignatureStatuses", [versions.slice(i, i + 200).map((v) => v.version), { searchTransactionHistory: true }]);
    statuses.push(...page.value);
  }
  const landed = versions.filter((v, i) => statuses[i] !== null);
  const wrong = versions.filter((v, i) => (statuses[i] !== null) !== (v.version === v.paid));
  check(wrong.length === 0 && landed.length === deposits.length,
    `solana: ${landed.length} payout signatures known to the chain for ${deposits.length} orders, each the order's own (${versions.length} versions stored)`);
  await killPerch("SIGTERM");
}
