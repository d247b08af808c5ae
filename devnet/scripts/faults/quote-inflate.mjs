// quote-inflate: on a cross-asset route the depositor must not choose what it is paid (issue 32,
// section 1). Before firm quotes, an ETH -> SOL deposit carried the amount out in its recipient
// (`<owner>?out=N`) and the maker paid N when it was within the route's price tolerance of its own
// fair amount: an attacker asking for fair x 1.0099 was paid that, ~1 % over the quote each way.
// Now the server issues a firm quote (signed, stored, 120 s) and the deposit names it:
//   A  the attacker's deposit asking `?out=` fair x 1.0099 is refunded with a reason, never paid;
//   B  a deposit built by build_tx (naming its firm quote) is paid exactly the quoted lamports,
//      and the quote's EIP-712 signature verifies against the signer perch announces;
//   C  a deposit naming a real quote with another amount is refunded (the quote's amount wins);
//   D  a deposit naming a quote, sent once the quote expired (its block's time is past the quote's
//      expiry; the test waits the 120 s out rather than move a shared chain's clock), is refunded.
// Every refund's reason is on the order (what the tracker shows), and no Solana recipient but B's
// received anything.
import crypto from "node:crypto";
import { parseUnits, verifyTypedData } from "viem";

const SRC = 42161;
const SOLANA = 83797601;
const AMOUNT = "0.004";
const FINAL_WITHIN_MS = 90000;

async function freshSolanaAccount() {
  const { getBase58Decoder } = await import("@solana/kit");
  const { publicKey } = crypto.generateKeyPairSync("ed25519");
  return getBase58Decoder().decode(new Uint8Array(Buffer.from(publicKey.export({ format: "jwk" }).x, "base64url")));
}

async function lamports(t, owner) {
  const r = await t.d.rpc(t.state.solana.rpc_url, "getBalance", [owner, { commitment: "confirmed" }]);
  return BigInt(r.value);
}

async function api(t, path, body) {
  const res = await fetch(`${t.perchUrl}/api/bridge_api/v1/${path}`, body
    ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
    : undefined);
  return { status: res.status, body: await res.json() };
}

/** build_tx for an ETH -> SOL deposit of AMOUNT from `sender` to `owner`: the deposit tx and the firm quote. */
async function built(t, sender, owner) {
  const r = await api(t, "build_tx", { from_chain_id: SRC, to_chain_id: SOLANA, token: "ETH", amount: AMOUNT, sender, recipient: owner });
  if (r.body.code !== 0) throw new Error(`build_tx: ${r.status} ${r.body.msg}`);
  return r.body.data;
}

async function sendBuilt(t, from, tx) {
  return t.d.rpc(t.rpcOf(SRC), "eth_sendTransaction", [{ from, to: tx.to, data: tx.data, value: t.d.hex(BigInt(tx.value)), gas: t.d.hex(300000) }]);
}

async function waitFinal(t, hash) {
  const until = Date.now() + FINAL_WITHIN_MS;
  let o = null;
  while (Date.now() < until) {
    o = await t.d.order(t.perchUrl, SRC, hash).catch(() => null);
    if (o && ["completed", "refunded", "failed", "rejected"].includes(o.state)) return o;
    await t.sleep(300);
  }
  return o;
}

export async function run(t) {
  const { check, log, d } = t;
  if (!t.state.solana) {
    check(false, "quote-inflate: the devnet runs no Solana node");
    return;
  }
  const url = t.rpcOf(SRC);
  await t.startPerch(t.writeConfig("faults-quote-inflate"));
  const amount = parseUnits(AMOUNT, 18);
  const q = (await api(t, `quote?from_chain_id=${SRC}&to_chain_id=${SOLANA}&token=ETH&amount=${AMOUNT}`)).body.data;
  const fair = BigInt(q.receive_amount_wei);
  const asked = (fair * 10099n) / 10000n;

  // D's quote first: it expires while A, B and C are judged.
  const late = await d.freshAccount(url, t.nextAccount(), 1n);
  const ownerD = await freshSolanaAccount();
  const dq = await built(t, late, ownerD);

  // A: the attacker writes its own amount, 0.99 % over perch's quote.
  const attacker = await d.freshAccount(url, t.nextAccount(), 1n);
  const ownerA = await freshSolanaAccount();
  const hashA = await d.sendDeposit(url, { from: attacker, depositor: t.depositor, amount, dst: SOLANA, recipient: `${ownerA}?out=${asked}` });

  // B: an honest deposit as the app makes it (build_tx names a firm quote).
  const honest = await d.freshAccount(url, t.nextAccount(), 1n);
  const ownerB = await freshSolanaAccount();
  const b = await built(t, honest, ownerB);
  const firm = b.quote.firm_quote;
  const hashB = await sendBuilt(t, honest, b.deposit);

  // C: a real quote, but the deposit sends twice the amount it was quoted for.
  const tamperer = await d.freshAccount(url, t.nextAccount(), 1n);
  const ownerC = await freshSolanaAccount();
  const c = await built(t, tamperer, ownerC);
  const idC = c.quote.firm_quote?.id;
  const hashC = await d.sendDeposit(url, { from: tamperer, depositor: t.depositor, amount: amount * 2n, dst: SOLANA, recipient: `${ownerC}?quote=${idC}` });

  log(`quote-inflate: fair ${fair} lamports, the attacker asked ${asked}; firm quote ${firm?.id ?? "(none)"} for ${firm?.typed_data?.message?.receiveAmount ?? "-"}`);

  const [oA, oB, oC] = [await waitFinal(t, hashA), await waitFinal(t, hashB), await waitFinal(t, hashC)];

  // D: deposited once its quote expired (by the chain's block time, which follows the clock here).
  const expiresAt = dq.quote.firm_quote?.expires_at ?? Math.floor(Date.now() / 1000);
  while (Date.now() / 1000 <= expiresAt + 1) await t.sleep(1000);
  const hashD = await sendBuilt(t, late, dq.deposit);
  const minedAt = Number((await d.rpc(url, "eth_getBlockByNumber", [(await d.waitReceipt(url, hashD)).blockNumber, false])).timestamp);
  log(`quote-inflate: D mined at block time ${minedAt}, its quote expired at ${expiresAt}`);
  const oD = await waitFinal(t, hashD);
  for (const [name, o] of [["A", oA], ["B", oB], ["C", oC], ["D", oD]])
    log(`quote-inflate: ${name} ${o?.state} receive ${o?.receive_amount} (${o?.reason || "no reason"})`);
  const [gotA, gotB, gotC, gotD] = [await lamports(t, ownerA), await lamports(t, ownerB), await lamports(t, ownerC), await lamports(t, ownerD)];

  check(oA?.state === "refunded" && oA.reason.length > 0 && gotA === 0n,
    `quote-inflate: a deposit asking fair x 1.0099 (${asked} lamports) is refunded with a reason, not paid ` +
      `(${oA?.state}, recipient holds ${gotA}; reason: ${oA?.reason})`);
  const quoted = firm ? BigInt(firm.typed_data.message.receiveAmount) : -1n;
  check(oB?.state === "completed" && BigInt(oB.receive_amount) === quoted && gotB === quoted,
    `quote-inflate: a deposit naming its firm quote is paid exactly the quoted ${quoted} lamports (${oB?.state}, recipient holds ${gotB})`);
  const { domain, types, primaryType, message } = firm?.typed_data ?? {};
  const valid = firm ? await verifyTypedData({ address: firm.signer, domain, types, primaryType, message, signature: firm.signature }) : false;
  const tampered = firm ? await verifyTypedData({ address: firm.signer, domain, types, primaryType,
    message: { ...message, receiveAmount: String(BigInt(message.receiveAmount) + 1n) }, signature: firm.signature }) : true;
  check(valid && !tampered && message?.recipient === ownerB,
    `quote-inflate: the firm quote's EIP-712 signature verifies against ${firm?.signer}, and not once its amount is changed`);
  check(oC?.state === "refunded" && /amount/.test(oC.reason) && gotC === 0n,
    `quote-inflate: a deposit of another amount than its quote's is refunded (${oC?.state}: ${oC?.reason})`);
  check(oD?.state === "refunded" && /expired/.test(oD.reason) && gotD === 0n,
    `quote-inflate: a deposit included after its quote expired is refunded (${oD?.state}: ${oD?.reason})`);
  await t.killPerch("SIGTERM");
}
