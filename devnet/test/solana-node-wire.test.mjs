// The devnet's Solana node's wire formats and read methods, over HTTP with @solana/kit: base58 and
// base64 transactions, a new genesis per run, dropped transactions, v0 transactions with address
// lookup tables, signature paging, the faucet and the chain info methods. Slots move only by
// perch_advanceSlots (solana-helpers.mjs).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { AccountRole, appendTransactionMessageInstructions, compressTransactionMessageUsingAddressLookupTables, getAddressEncoder, createSolanaRpc, createTransactionMessage, generateKeyPairSigner, getBase64EncodedWireTransaction, getProgramDerivedAddress, getSignatureFromTransaction, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { startSolanaNode } from "../solana/server.mjs";
import { addressOf, ataOf, base58, signerOf } from "../solana/keys.mjs";
import { memoIx, DEPTH, SOL, raw, startTestNode } from "./solana-helpers.mjs";

describe("solana node", () => {
  let node, rpc, url, advance, build, send, status;
  before(async () => ({ node, url, rpc, advance, build, send, status } = await startTestNode()));
  after(() => node?.close());

  it("takes base58 as well as base64 wire transactions, and refuses a bad signature with -32003", async () => {
    const user = await signerOf("user-2");
    const dest = (await generateKeyPairSigner()).address;
    const { wire, signature } = await build(user, [getTransferSolInstruction({ source: user, destination: dest, amount: SOL })]);
    const bytes = Buffer.from(wire, "base64");
    const sim = await raw(url, "simulateTransaction", [base58(bytes), { sigVerify: true, commitment: "processed" }]);
    assert.equal(sim.result.value.err, null, "simulateTransaction defaults to base58");
    assert.ok(sim.result.value.unitsConsumed > 0);
    const bad = Buffer.from(bytes);
    bad[1] ^= 1; // the first signature's first byte
    const sigFail = await raw(url, "sendTransaction", [base58(bad)]);
    assert.deepEqual(sigFail.error, { code: -32003, message: "Transaction signature verification failure" });
    assert.equal((await raw(url, "simulateTransaction", [bad.toString("base64"), { encoding: "base64", sigVerify: true }])).error.code, -32003);
    assert.equal((await raw(url, "sendTransaction", [base58(bytes), { encoding: "base58", preflightCommitment: "processed" }])).result, signature);
    await advance(1);
    assert.equal((await status(signature)).err, null);
    assert.equal((await rpc.getBalance(dest, { commitment: "processed" }).send()).value, SOL);
    assert.equal((await raw(url, "sendTransaction", ["0OIl", {}])).error.code, -32602, "not base58");
    const huge = await raw(url, "sendTransaction", [Buffer.alloc(1300).toString("base64"), { encoding: "base64" }]);
    assert.match(huge.error.message, /too large: 1736 bytes \(max: encoded\/raw 1644\/1232\)/);
    const preflight = await fetch(url, { method: "OPTIONS", headers: { origin: "http://127.0.0.1:5173", "access-control-request-method": "POST", "access-control-request-headers": "content-type,solana-client" } });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
    assert.equal(preflight.headers.get("access-control-allow-headers"), "content-type,solana-client");
  });

  it("starts every run with a new genesis hash, so a transaction signed for an earlier run is refused", async () => {
    const other = await startSolanaNode({ port: 0, slotMs: 3_600_000 });
    try {
      const otherRpc = createSolanaRpc(other.url);
      assert.notEqual(await otherRpc.getGenesisHash().send(), await rpc.getGenesisHash().send());
      const user = await signerOf("user-4");
      const { wire } = await build(user, [getTransferSolInstruction({ source: user, destination: addressOf("maker"), amount: 5n })]);
      const r = await raw(other.url, "sendTransaction", [wire, { encoding: "base64", preflightCommitment: "processed" }]);
      assert.equal(r.error?.data?.err, "BlockhashNotFound");
    } finally {
      await other.close();
    }
  });

  it("drops every incoming transaction while perch_dropIncoming is on", async () => {
    const user = await signerOf("user-4");
    const ix = () => getTransferSolInstruction({ source: user, destination: addressOf("maker"), amount: 1000n });
    assert.equal((await raw(url, "perch_dropIncoming", [true])).result, true);
    const a = await build(user, [ix()]);
    assert.equal(await send(a.wire), a.signature);
    await advance(2);
    assert.equal(await status(a.signature), null);
    await raw(url, "perch_dropIncoming", [false]);
    assert.equal(await send(a.wire), a.signature, "the same bytes, re-sent, land");
    await advance(1);
    assert.equal((await status(a.signature)).confirmationStatus, "processed");
    const again = await raw(url, "sendTransaction", [a.wire, { encoding: "base64" }]);
    assert.equal(again.error.message, "Transaction simulation failed: This transaction has already been processed");
  });

  it("runs a v0 transaction and needs maxSupportedTransactionVersion to return it", async () => {
    const user = await signerOf("user-5");
    const dest = (await generateKeyPairSigner()).address;
    const { wire, signature } = await build(user, [getTransferSolInstruction({ source: user, destination: dest, amount: 3n * SOL }), memoIx("v0")], { version: 0 });
    await rpc.sendTransaction(wire, { encoding: "base64", preflightCommitment: "processed" }).send();
    await advance(2);
    const noVersion = await raw(url, "getTransaction", [signature, { commitment: "confirmed" }]);
    assert.equal(noVersion.error.code, -32015);
    const t = await rpc.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }).send();
    assert.equal(t.version, 0);
    assert.deepEqual(t.transaction.message.addressTableLookups, []);
    assert.deepEqual(t.meta.loadedAddresses, { writable: [], readonly: [] });
    assert.equal((await rpc.getBalance(dest, { commitment: "confirmed" }).send()).value, 3n * SOL);
    const sigs = await rpc.getSignaturesForAddress(user.address, { commitment: "confirmed", limit: 1 }).send();
    assert.equal(sigs[0].memo, "[2] v0");
  });

  it("resolves a v0 transaction's address lookup table into loadedAddresses, balances and parsed keys", async () => {
    const user = await signerOf("user-5");
    const [a, b] = [(await generateKeyPairSigner()).address, (await generateKeyPairSigner()).address];
    // The table is created and extended through the Address Lookup Table program, as a wallet would.
    const ALT = "AddressLookupTab1e1111111111111111111111111";
    const recent = BigInt(await rpc.getSlot({ commitment: "finalized" }).send());
    const recentBytes = new Uint8Array(8);
    new DataView(recentBytes.buffer).setBigUint64(0, recent, true);
    const [table, bump] = await getProgramDerivedAddress({ programAddress: ALT, seeds: [getAddressEncoder().encode(user.address), recentBytes] });
    const tableAccounts = [
      { address: table, role: AccountRole.WRITABLE },
      { address: user.address, role: AccountRole.READONLY_SIGNER, signer: user },
      { address: user.address, role: AccountRole.WRITABLE_SIGNER, signer: user },
      { address: "11111111111111111111111111111111", role: AccountRole.READONLY },
    ];
    const create = new Uint8Array(13); // CreateLookupTable { recent_slot, bump_seed }
    new DataView(create.buffer).setBigUint64(4, recent, true);
    create[12] = bump;
    const extend = new Uint8Array(12 + 64); // ExtendLookupTable { new_addresses }
    new DataView(extend.buffer).setUint32(0, 2, true);
    new DataView(extend.buffer).setBigUint64(4, 2n, true);
    extend.set(getAddressEncoder().encode(a), 12);
    extend.set(getAddressEncoder().encode(b), 44);
    for (const data of [create, extend]) {
      const made = await build(user, [{ programAddress: ALT, accounts: tableAccounts, data }]);
      await send(made.wire);
      await advance(1);
      assert.equal((await status(made.signature))?.err, null);
    }
    await advance(1); // addresses extended in a slot are usable from the next one
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: "processed" }).send();
    const message = compressTransactionMessageUsingAddressLookupTables(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(user, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions([
          getTransferSolInstruction({ source: user, destination: a, amount: SOL }),
          getTransferSolInstruction({ source: user, destination: b, amount: 2n * SOL }),
        ], m),
      ),
      { [table]: [a, b] },
    );
    const tx = await signTransactionMessageWithSigners(message);
    const signature = getSignatureFromTransaction(tx);
    await send(getBase64EncodedWireTransaction(tx));
    await advance(2);
    const t = (await raw(url, "getTransaction", [signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }])).result;
    assert.equal(t.meta.err, null);
    const [lookup] = t.transaction.message.addressTableLookups;
    assert.equal(lookup.accountKey, table);
    assert.deepEqual(lookup.readonlyIndexes, []);
    assert.deepEqual([...lookup.writableIndexes].sort(), [0, 1]);
    const loaded = lookup.writableIndexes.map((i) => [a, b][i]);
    assert.deepEqual(t.meta.loadedAddresses, { writable: loaded, readonly: [] });
    assert.equal(t.transaction.message.accountKeys.includes(a), false, "a comes from the table");
    const n = t.transaction.message.accountKeys.length;
    assert.equal(t.meta.postBalances[n + loaded.indexOf(a)], 1e9);
    assert.equal(t.meta.postBalances[n + loaded.indexOf(b)], 2e9);
    const parsed = (await raw(url, "getTransaction", [signature, { commitment: "confirmed", encoding: "jsonParsed", maxSupportedTransactionVersion: 0 }])).result;
    assert.deepEqual(parsed.transaction.message.accountKeys.slice(-2), loaded.map((pubkey) => ({ pubkey, signer: false, source: "lookupTable", writable: true })));
    assert.deepEqual(parsed.transaction.message.instructions[1].parsed, { type: "transfer", info: { destination: b, lamports: 2e9, source: user.address } });
    const sigs = await rpc.getSignaturesForAddress(b, { commitment: "confirmed" }).send();
    assert.deepEqual(sigs.map((s) => s.signature), [signature]);
  });

  it("pages getSignaturesForAddress newest first with before/until/limit", async () => {
    const user = await signerOf("user-6");
    const target = (await generateKeyPairSigner()).address;
    const sent = [];
    for (let i = 0; i < 4; i++) {
      const { wire, signature } = await build(user, [getTransferSolInstruction({ source: user, destination: target, amount: SOL + BigInt(i) })]);
      await send(wire);
      sent.push(signature);
      await advance(1);
    }
    await advance(1);
    const list = (await rpc.getSignaturesForAddress(target, { commitment: "confirmed" }).send()).map((s) => s.signature);
    assert.deepEqual(list, [...sent].reverse());
    const page = (await rpc.getSignaturesForAddress(target, { commitment: "confirmed", before: sent[3], limit: 2 }).send()).map((s) => s.signature);
    assert.deepEqual(page, [sent[2], sent[1]]);
    const until = (await rpc.getSignaturesForAddress(target, { commitment: "confirmed", until: sent[1] }).send()).map((s) => s.signature);
    assert.deepEqual(until, [sent[3], sent[2]]);
    const finalized = await rpc.getSignaturesForAddress(target, { commitment: "finalized" }).send();
    assert.deepEqual(finalized.map((s) => s.signature), [sent[0]], "only the oldest is finalized");
    assert.equal((await raw(url, "getSignaturesForAddress", [target])).result.length, 1, "the server's default commitment is finalized");
  });

  it("airdrops from the faucet, answers the chain info methods, batches and errors", async () => {
    const fresh = (await generateKeyPairSigner()).address;
    const sig = await rpc.requestAirdrop(fresh, 5n * SOL).send();
    await advance(1);
    assert.equal((await status(sig)).err, null);
    assert.equal((await rpc.getBalance(fresh, { commitment: "processed" }).send()).value, 5n * SOL);
    assert.equal(await rpc.getHealth().send(), "ok");
    assert.equal(typeof (await rpc.getGenesisHash().send()), "string");
    assert.equal(typeof (await rpc.getVersion().send())["solana-core"], "string");
    const head = await rpc.getSlot({ commitment: "processed" }).send();
    assert.equal(await rpc.getBlockHeight({ commitment: "processed" }).send(), head);
    assert.equal(await rpc.getSlot({ commitment: "confirmed" }).send(), head - 1n);
    assert.equal(await rpc.getSlot({ commitment: "finalized" }).send(), head - BigInt(DEPTH));
    assert.equal((await raw(url, "getSlot")).result, Number(head) - DEPTH);
    const epoch = await rpc.getEpochInfo({ commitment: "processed" }).send();
    assert.equal(epoch.absoluteSlot, head);
    assert.equal(await rpc.getMinimumBalanceForRentExemption(165n).send(), 2039280n);
    const multi = await rpc.getMultipleAccounts([addressOf("maker"), fresh, (await generateKeyPairSigner()).address], { encoding: "base64" }).send();
    assert.equal(multi.value[0].lamports > 0n, true);
    assert.equal(multi.value[2], null);

    const text = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "getAccountInfo", params: [addressOf("maker")] }),
    }).then((r) => r.text());
    assert.match(text, /"rentEpoch":18446744073709551615,/, "u64::MAX written exactly");
    assert.equal(JSON.parse(text).result.value.data, "", "the default encoding is the legacy base58 string");
    const big = await raw(url, "getAccountInfo", [await ataOf(addressOf("maker"), addressOf("usdc-mint")), { encoding: "base58" }]);
    assert.match(big.error.message, /less than 128 bytes/);

    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "getSlot", params: [{ commitment: "processed" }] },
        { jsonrpc: "2.0", id: 2, method: "noSuchMethod" },
        { jsonrpc: "2.0", id: 3, method: "getBalance", params: ["not-an-address"] },
      ]),
    });
    const batch = await res.json();
    assert.equal(batch.length, 3);
    assert.equal(batch[0].result, Number(head));
    assert.equal(batch[1].error.code, -32601);
    assert.deepEqual(batch[2].error, { code: -32602, message: "Invalid param: Invalid" });
    const bad = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{" }).then((r) => r.json());
    assert.equal(bad.error.code, -32700);
    const garbage = await raw(url, "sendTransaction", ["AAAA", { encoding: "base64" }]);
    assert.equal(garbage.error.code, -32602);
    assert.equal((await raw(url, "getTransaction", [sig, { commitment: "processed" }])).error.code, -32602);
  });
});
