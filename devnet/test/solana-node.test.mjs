// The devnet's Solana node (devnet/solana/), driven over HTTP with @solana/kit and the program
// clients as a wallet or the server would. One node with a long slot interval, so slots move only
// by perch_advanceSlots and every commitment step is deterministic; one with a 50 ms timer for the
// live slot clock.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import {
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  getAddressEncoder,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { getAddMemoInstruction } from "@solana-program/memo";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { startSolanaNode } from "../solana/server.mjs";
import { addressOf, ataOf, devnetAccounts, seedOf, signerOf } from "../solana/keys.mjs";
import { DEVNET_DIR } from "../scripts/lib/nodes.mjs";

// @solana-program/memo 0.15 defaults to a newer memo program id; deposits use SPL Memo v3.
const MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
const memoIx = (memo) => getAddMemoInstruction({ memo }, { programAddress: MEMO_PROGRAM });
const WINDOW = 20; // blockhash_valid_slots in this suite
const DEPTH = 4; // finalize_depth
const SOL = 1_000_000_000n;

/** Raw JSON-RPC, for the shapes and errors kit would turn into exceptions. */
async function raw(url, method, params = []) {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return res.json();
}

describe("solana node", () => {
  let node;
  let rpc;
  let url;
  const advance = (n = 1) => raw(url, "perch_advanceSlots", [n]).then((r) => r.result);

  before(async () => {
    node = await startSolanaNode({ port: 0, slotMs: 3_600_000, finalizeDepth: DEPTH, blockhashValidSlots: WINDOW });
    url = node.url;
    rpc = createSolanaRpc(url);
    await advance(DEPTH + 1); // so finalized reads have a slot of their own
  });
  after(() => node?.close());

  /** Signs instructions with the processed head's blockhash (or `blockhash`) into a wire transaction. */
  async function build(payer, instructions, { version = "legacy", blockhash } = {}) {
    const lifetime = blockhash ?? (await rpc.getLatestBlockhash({ commitment: "processed" }).send()).value;
    const tx = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      ),
    );
    return { tx, wire: getBase64EncodedWireTransaction(tx), signature: getSignatureFromTransaction(tx) };
  }

  const send = (wire, opts = {}) => rpc.sendTransaction(wire, { encoding: "base64", preflightCommitment: "processed", ...opts }).send();
  const status = async (sig) => (await rpc.getSignatureStatuses([sig], { searchTransactionHistory: true }).send()).value[0];

  it("derives the documented keys and writes the maker's seed file", async () => {
    const maker = await signerOf("maker");
    assert.equal(maker.address, addressOf("maker"));
    const file = path.join(DEVNET_DIR, "solana-maker.key");
    assert.equal(fs.readFileSync(file, "utf8").trim(), Buffer.from(seedOf("maker")).toString("hex"));
    const accts = devnetAccounts();
    assert.equal(new Set([accts.maker, accts.deployer, accts.usdc_mint, accts.faucet, ...accts.users]).size, 12);
  });

  it("funds the maker and users with SOL and USDC in their ATAs at genesis", async () => {
    const accts = devnetAccounts();
    assert.equal((await rpc.getBalance(accts.maker, { commitment: "finalized" }).send()).value, 1000n * SOL);
    const mint = await rpc.getAccountInfo(accts.usdc_mint, { encoding: "jsonParsed" }).send();
    assert.equal(mint.value.owner, TOKEN_PROGRAM_ADDRESS);
    assert.equal(mint.value.data.parsed.type, "mint");
    assert.equal(mint.value.data.parsed.info.decimals, 6);
    assert.equal(mint.value.data.parsed.info.mintAuthority, accts.deployer);
    assert.equal(mint.value.data.parsed.info.supply, String(1_000_000n * 10n ** 6n + 8n * 10_000n * 10n ** 6n));
    const makerAta = await ataOf(accts.maker, accts.usdc_mint);
    const bal = await rpc.getTokenAccountBalance(makerAta).send();
    assert.deepEqual(bal.value, { amount: "1000000000000", decimals: 6, uiAmount: 1_000_000, uiAmountString: "1000000" });
    for (const user of accts.users) {
      assert.equal((await rpc.getBalance(user).send()).value, 100n * SOL);
      const owned = await rpc.getTokenAccountsByOwner(user, { mint: accts.usdc_mint }, { encoding: "jsonParsed" }).send();
      assert.equal(owned.value.length, 1);
      assert.equal(owned.value[0].pubkey, await ataOf(user, accts.usdc_mint));
      assert.equal(owned.value[0].account.data.parsed.info.tokenAmount.uiAmountString, "10000");
    }
  });

  it("moves SOL: lands at the next slot, processed -> confirmed -> finalized by depth, reads per commitment", async () => {
    const user = await signerOf("user-0");
    const dest = (await generateKeyPairSigner()).address;
    const { wire, signature } = await build(user, [getTransferSolInstruction({ source: user, destination: dest, amount: 2n * SOL })]);
    assert.equal(await send(wire), signature);
    assert.equal(await status(signature), null, "nothing lands before the next slot");
    const slot = await advance(1);
    let st = await status(signature);
    assert.equal(st.slot, BigInt(slot));
    assert.equal(st.confirmationStatus, "processed");
    assert.equal(st.confirmations, 0n);
    assert.deepEqual(st.status, { Ok: null });
    assert.equal((await rpc.getBalance(dest, { commitment: "processed" }).send()).value, 2n * SOL);
    assert.equal((await rpc.getBalance(dest, { commitment: "confirmed" }).send()).value, 0n, "not yet confirmed");
    assert.equal(await rpc.getTransaction(signature, { commitment: "confirmed" }).send(), null);
    await advance(1);
    st = await status(signature);
    assert.equal(st.confirmationStatus, "confirmed");
    assert.equal(st.confirmations, 1n);
    assert.equal((await rpc.getBalance(dest, { commitment: "confirmed" }).send()).value, 2n * SOL);
    assert.equal((await rpc.getBalance(dest, { commitment: "finalized" }).send()).value, 0n);
    await advance(DEPTH - 2);
    assert.equal((await status(signature)).confirmationStatus, "confirmed");
    await advance(1);
    st = await status(signature);
    assert.equal(st.confirmationStatus, "finalized");
    assert.equal(st.confirmations, null);
    assert.equal((await rpc.getBalance(dest, { commitment: "finalized" }).send()).value, 2n * SOL);
    const plain = await raw(url, "getBalance", [dest]);
    assert.equal(plain.result.value, 2 * 1e9, "the server's default commitment is finalized");
    const t = await rpc.getTransaction(signature, { encoding: "json", maxSupportedTransactionVersion: 0 }).send();
    assert.equal(t.slot, BigInt(slot));
    assert.equal(t.version, "legacy");
    assert.equal(t.meta.err, null);
    assert.equal(t.meta.fee, 5000n);
    const keys = t.transaction.message.accountKeys;
    const iUser = keys.indexOf(user.address);
    const iDest = keys.indexOf(dest);
    assert.equal(t.meta.preBalances[iUser] - t.meta.postBalances[iUser], 2n * SOL + 5000n);
    assert.equal(t.meta.postBalances[iDest] - t.meta.preBalances[iDest], 2n * SOL);
    assert.ok(t.meta.computeUnitsConsumed > 0n);
    assert.ok(t.meta.logMessages.some((l) => l.startsWith("Program 11111111111111111111111111111111 success")));
  });

  it("moves USDC with TransferChecked to a fresh owner, creating the ATA, with a memo the history shows", async () => {
    const accts = devnetAccounts();
    const user = await signerOf("user-1");
    const fresh = (await generateKeyPairSigner()).address;
    const [src] = await findAssociatedTokenPda({ owner: user.address, mint: accts.usdc_mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const [dst] = await findAssociatedTokenPda({ owner: fresh, mint: accts.usdc_mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const memo = "perch:1:8453:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:7";
    const { wire, signature } = await build(user, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: user, ata: dst, owner: fresh, mint: accts.usdc_mint }),
      getTransferCheckedInstruction({ source: src, mint: accts.usdc_mint, destination: dst, authority: user, amount: 12_500_000n, decimals: 6 }),
      memoIx(memo),
    ]);
    await send(wire);
    const slot = await advance(2); // landed and confirmed
    const owned = await rpc.getTokenAccountsByOwner(fresh, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: "jsonParsed", commitment: "confirmed" }).send();
    assert.equal(owned.value.length, 1);
    assert.equal(owned.value[0].pubkey, dst);
    assert.deepEqual(owned.value[0].account.data.parsed.info.tokenAmount, { amount: "12500000", decimals: 6, uiAmount: 12.5, uiAmountString: "12.5" });
    const sigs = await rpc.getSignaturesForAddress(fresh, { commitment: "confirmed" }).send();
    assert.equal(sigs.length, 1);
    assert.equal(sigs[0].signature, signature);
    assert.equal(sigs[0].memo, `[${Buffer.byteLength(memo)}] ${memo}`);
    assert.equal(sigs[0].slot, BigInt(slot - 1));
    assert.equal(sigs[0].confirmationStatus, "confirmed");
    assert.equal(sigs[0].err, null);

    const t = await rpc.getTransaction(signature, { encoding: "jsonParsed", commitment: "confirmed", maxSupportedTransactionVersion: 0 }).send();
    const ixs = t.transaction.message.instructions;
    assert.equal(ixs[0].program, "spl-associated-token-account");
    assert.equal(ixs[0].parsed.type, "createIdempotent");
    assert.equal(ixs[0].parsed.info.wallet, fresh);
    assert.equal(ixs[1].parsed.type, "transferChecked");
    assert.deepEqual(ixs[1].parsed.info, {
      authority: user.address,
      destination: dst,
      mint: accts.usdc_mint,
      source: src,
      tokenAmount: { amount: "12500000", decimals: 6n, uiAmount: 12.5, uiAmountString: "12.5" },
    });
    assert.deepEqual(ixs[2], { parsed: memo, program: "spl-memo", programId: "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr", stackHeight: null });
    const keys = t.transaction.message.accountKeys;
    assert.deepEqual(keys[0], { pubkey: user.address, signer: true, source: "transaction", writable: true });
    const idx = (a) => keys.findIndex((k) => k.pubkey === a);
    const pre = t.meta.preTokenBalances.find((b) => b.accountIndex === idx(src));
    const post = t.meta.postTokenBalances.find((b) => b.accountIndex === idx(src));
    assert.equal(pre.uiTokenAmount.amount, "10000000000");
    assert.equal(post.uiTokenAmount.amount, "9987500000");
    assert.equal(post.owner, user.address);
    assert.equal(post.mint, accts.usdc_mint);
    assert.equal(post.programId, TOKEN_PROGRAM_ADDRESS);
    assert.equal(t.meta.preTokenBalances.find((b) => b.accountIndex === idx(dst)), undefined, "the ATA did not exist before");
    assert.equal(t.meta.postTokenBalances.find((b) => b.accountIndex === idx(dst)).uiTokenAmount.uiAmountString, "12.5");
    assert.ok(t.meta.innerInstructions.length > 0, "the ATA program's CPIs are inner instructions");
    const asB64 = await rpc.getTransaction(signature, { encoding: "base64", commitment: "confirmed" }).send();
    assert.equal(asB64.transaction[0], wire);
    assert.equal(asB64.transaction[1], "base64");
  });

  it("refuses a failing transaction at preflight with its logs, and lands it with skipPreflight (fee charged)", async () => {
    const user = await signerOf("user-2");
    const dest = (await generateKeyPairSigner()).address;
    const { wire, signature } = await build(user, [getTransferSolInstruction({ source: user, destination: dest, amount: 1_000n * SOL })]);
    const r = await raw(url, "sendTransaction", [wire, { encoding: "base64", preflightCommitment: "processed" }]);
    assert.equal(r.error.code, -32002);
    assert.equal(r.error.message, "Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1");
    assert.deepEqual(r.error.data.err, { InstructionError: [0, { Custom: 1 }] });
    assert.ok(r.error.data.logs.some((l) => l.includes("insufficient lamports")), JSON.stringify(r.error.data.logs));
    const before = (await rpc.getBalance(user.address, { commitment: "processed" }).send()).value;
    assert.equal(await send(wire, { skipPreflight: true }), signature);
    await advance(1);
    const st = (await raw(url, "getSignatureStatuses", [[signature]])).result.value[0];
    assert.deepEqual(st.err, { InstructionError: [0, { Custom: 1 }] });
    assert.deepEqual(st.status, { Err: { InstructionError: [0, { Custom: 1 }] } });
    assert.equal(before - (await rpc.getBalance(user.address, { commitment: "processed" }).send()).value, 5000n);
    const sim = await raw(url, "simulateTransaction", [wire, { encoding: "base64", replaceRecentBlockhash: true, commitment: "processed" }]);
    assert.deepEqual(sim.result.value.err, { InstructionError: [0, { Custom: 1 }] });
    assert.equal(typeof sim.result.value.replacementBlockhash.blockhash, "string");
  });

  it("expires a blockhash after the window and refuses a transaction that uses it", async () => {
    const user = await signerOf("user-3");
    const { value: old } = await rpc.getLatestBlockhash({ commitment: "processed" }).send();
    const head = Number(await rpc.getSlot({ commitment: "processed" }).send());
    assert.equal(Number(old.lastValidBlockHeight), head + WINDOW);
    assert.equal((await rpc.isBlockhashValid(old.blockhash, { commitment: "processed" }).send()).value, true);
    await advance(WINDOW);
    assert.equal((await rpc.isBlockhashValid(old.blockhash, { commitment: "processed" }).send()).value, true, "valid through lastValidBlockHeight");
    // Accepted at the last valid height, it would land one slot later, past lastValidBlockHeight:
    // dropped, so a signature not seen once the height passes lastValidBlockHeight never lands.
    const late = await build(user, [getTransferSolInstruction({ source: user, destination: addressOf("maker"), amount: 2n })], { blockhash: old });
    assert.equal(await send(late.wire), late.signature);
    await advance(1);
    assert.equal(await status(late.signature), null);
    assert.ok((await rpc.getBlockHeight({ commitment: "processed" }).send()) > old.lastValidBlockHeight);
    assert.equal((await rpc.isBlockhashValid(old.blockhash, { commitment: "processed" }).send()).value, false);
    const { wire, signature } = await build(user, [getTransferSolInstruction({ source: user, destination: addressOf("maker"), amount: 1n })], { blockhash: old });
    const r = await raw(url, "sendTransaction", [wire, { encoding: "base64" }]);
    assert.equal(r.error.code, -32002);
    assert.equal(r.error.message, "Transaction simulation failed: Blockhash not found");
    assert.equal(r.error.data.err, "BlockhashNotFound");
    assert.equal(await send(wire, { skipPreflight: true }), signature, "skipPreflight accepts it...");
    await advance(1);
    assert.equal(await status(signature), null, "...and the leader drops it");
    const msgFee = await raw(url, "getFeeForMessage", [Buffer.from(wire, "base64").subarray(65).toString("base64"), { commitment: "processed" }]);
    assert.equal(msgFee.result.value, null);
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
    // An active lookup table (type 1, never deactivated, extended before this slot) holding a and b,
    // written as a genesis-style account: creating one through the program needs SlotHashes entries.
    const table = (await generateKeyPairSigner()).address;
    const header = new Uint8Array(56);
    const view = new DataView(header.buffer);
    view.setUint32(0, 1, true);
    view.setBigUint64(4, 2n ** 64n - 1n, true);
    view.setBigUint64(12, 0n, true);
    const data = new Uint8Array(56 + 64);
    data.set(header);
    data.set(getAddressEncoder().encode(a), 56);
    data.set(getAddressEncoder().encode(b), 88);
    node.chain.setAccount(table, { lamports: node.chain.minimumBalanceForRentExemption(data.length), data, owner: "AddressLookupTab1e1111111111111111111111111" });
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

describe("solana node slot clock", () => {
  it("advances slots on its timer and lands a sent transaction at the next tick", async () => {
    const node = await startSolanaNode({ port: 0, slotMs: 50, finalizeDepth: 2, blockhashValidSlots: 150 });
    try {
      const rpc = createSolanaRpc(node.url);
      const s0 = await rpc.getSlot({ commitment: "processed" }).send();
      const user = await signerOf("user-7");
      const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
      const tx = await signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: "legacy" }),
          (m) => setTransactionMessageFeePayerSigner(user, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
          (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: user, destination: addressOf("maker"), amount: SOL })], m),
        ),
      );
      const sig = await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: "base64" }).send();
      const t0 = Date.now();
      let st = null;
      while (Date.now() - t0 < 5000) {
        st = (await rpc.getSignatureStatuses([sig]).send()).value[0];
        if (st?.confirmationStatus === "finalized") break;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.equal(st?.confirmationStatus, "finalized");
      assert.ok(st.slot > s0);
      assert.ok((await rpc.getSlot({ commitment: "processed" }).send()) >= st.slot + 2n);
    } finally {
      await node.close();
    }
  });
});

describe("solana node under the devnet runner's plumbing", () => {
  it("also loads and answers under the system Node 20", async (t) => {
    const { execFileSync, spawn } = await import("node:child_process");
    const system = ["/usr/bin/node", "/usr/local/bin/node"].find((f) => fs.existsSync(f));
    const version = system && execFileSync(system, ["--version"], { encoding: "utf8" }).trim();
    if (!version?.startsWith("v20.")) return t.skip(`no system Node 20 (${version ?? "none"})`);
    const child = spawn(system, [path.join(DEVNET_DIR, "solana", "server.mjs"), "--port", "0", "--slot-ms", "100"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      let out = "";
      const nodeUrl = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready in 30 s: ${out}`)), 30_000);
        const onData = (d) => {
          out += d;
          const m = /solana node ready (\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const r = await raw(nodeUrl, "getBalance", [addressOf("maker")]);
      assert.equal(r.result.value, 1000 * 1e9);
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("runs as its own process group on Node 22, answers, and is reaped from a dead runner's state.json", async () => {
    const { startSolanaNode: spawnNode, waitForSolanaNode, reapStaleNodes, isAlive, probeSolana } = await import("../scripts/lib/nodes.mjs");
    const os = await import("node:os");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perch-solana-test-"));
    const port = 21000 + Math.floor(Math.random() * 4000);
    const n = spawnNode({ port, logFile: path.join(dir, "node-solana.log"), slotMs: 100 });
    try {
      await waitForSolanaNode(n, { timeoutMs: 30_000 });
      assert.equal(typeof (await probeSolana(n.url)), "string");
      const stateFile = path.join(dir, "state.json");
      // A runner pid that is gone (this test's own pid would count as alive).
      fs.writeFileSync(stateFile, JSON.stringify({ runner_pid: 2 ** 22 + 1, chains: [], solana: { pid: n.pid, port } }));
      assert.deepEqual(reapStaleNodes(stateFile), [n.pid]);
      await n.exitPromise;
      assert.equal(isAlive(n.pid), false);
      assert.equal(await probeSolana(n.url), null);
    } finally {
      if (!n.exited) process.kill(-n.pid, "SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
