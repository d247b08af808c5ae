// The devnet's Solana node (devnet/solana/), driven over HTTP with @solana/kit and the program
// clients as a wallet or the server would: its keys and genesis, SOL and USDC transfers through the
// commitment steps, fees, preflight and blockhash expiry. One node with a long slot interval, so
// slots move only by perch_advanceSlots and every commitment step is deterministic. The wire
// formats and the chain's read methods: solana-node-wire.test.mjs; its clock, PubSub and process:
// solana-node-clock.test.mjs.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { generateKeyPairSigner, getBase58Decoder } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { findAssociatedTokenPda, getCloseAccountInstruction, getCreateAssociatedTokenIdempotentInstruction, getMintEncoder, getTokenEncoder, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { encodeMint, encodeTokenAccount } from "../solana/chain.mjs";
import { addressOf, ataOf, base58, devnetAccounts, seedOf, signerOf } from "../solana/keys.mjs";
import { DEVNET_DIR } from "../scripts/lib/nodes.mjs";
import { memoIx, WINDOW, DEPTH, SOL, raw, startTestNode } from "./solana-helpers.mjs";

describe("solana node", () => {
  let node, rpc, url, advance, build, send, status;
  before(async () => ({ node, url, rpc, advance, build, send, status } = await startTestNode()));
  after(() => node?.close());

  it("derives the documented keys and writes the maker's seed file", async () => {
    const maker = await signerOf("maker");
    assert.equal(maker.address, addressOf("maker"));
    const file = path.join(DEVNET_DIR, "solana-maker.key");
    assert.equal(fs.readFileSync(file, "utf8").trim(), Buffer.from(seedOf("maker")).toString("hex"));
    const accts = devnetAccounts();
    assert.equal(new Set([accts.maker, accts.deployer, accts.usdc_mint, accts.faucet, ...accts.users]).size, 12);
    // The genesis layouts (written by hand) agree with @solana-program/token's encoders, and the
    // ATA derivation with its findAssociatedTokenPda.
    const mintArgs = { mintAuthority: accts.deployer, supply: 123_456_789n, decimals: 6 };
    assert.deepEqual(encodeMint(mintArgs), new Uint8Array(getMintEncoder().encode({ ...mintArgs, isInitialized: true, mintAuthority: { __option: "Some", value: accts.deployer }, freezeAuthority: { __option: "None" } })));
    const tokArgs = { mint: accts.usdc_mint, owner: accts.users[3], amount: 42n };
    const none = { __option: "None" };
    assert.deepEqual(encodeTokenAccount(tokArgs), new Uint8Array(getTokenEncoder().encode({ ...tokArgs, delegate: none, state: 1, isNative: none, delegatedAmount: 0n, closeAuthority: none })));
    const [pda] = await findAssociatedTokenPda({ owner: accts.users[3], mint: accts.usdc_mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    assert.equal(await ataOf(accts.users[3], accts.usdc_mint), pda);
    for (const bytes of [new Uint8Array(32), Uint8Array.of(0, 0, 1, 255), crypto.getRandomValues(new Uint8Array(64))]) {
      assert.equal(base58(bytes), getBase58Decoder().decode(bytes), "keys.mjs's base58 agrees with kit's");
    }
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

  it("lands many transactions on the same accounts in one slot, and the confirmed view shows the state before it", async () => {
    const accts = devnetAccounts();
    const maker = await signerOf("maker");
    const src = await ataOf(maker.address, accts.usdc_mint);
    const before = (await rpc.getTokenAccountBalance(src, { commitment: "processed" }).send()).value.amount;
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: "processed" }).send();
    const owners = [];
    const sigs = [];
    for (let i = 0; i < 20; i++) {
      const owner = (await generateKeyPairSigner()).address;
      const [dst] = await findAssociatedTokenPda({ owner, mint: accts.usdc_mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
      const { wire, signature } = await build(maker, [
        getCreateAssociatedTokenIdempotentInstruction({ payer: maker, ata: dst, owner, mint: accts.usdc_mint }),
        getTransferCheckedInstruction({ source: src, mint: accts.usdc_mint, destination: dst, authority: maker, amount: 1_000_000n + BigInt(i), decimals: 6 }),
      ], { version: 0, blockhash: lifetime });
      owners.push(owner);
      sigs.push(signature);
      await send(wire);
    }
    const t0 = performance.now();
    const slot = await advance(1);
    console.log(`# 20 USDC payouts with ATA creation landed in one slot tick in ${(performance.now() - t0).toFixed(0)} ms (incl. the RPC round trip)`);
    const statuses = (await rpc.getSignatureStatuses(sigs).send()).value;
    assert.ok(statuses.every((st) => st && st.slot === BigInt(slot) && st.err === null));
    const sent = 20n * 1_000_000n + 190n;
    assert.equal((await rpc.getTokenAccountBalance(src, { commitment: "processed" }).send()).value.amount, String(BigInt(before) - sent));
    assert.equal((await rpc.getTokenAccountBalance(src, { commitment: "confirmed" }).send()).value.amount, before, "confirmed is the slot before");
    assert.equal((await rpc.getTokenAccountsByOwner(owners[7], { mint: accts.usdc_mint }, { commitment: "confirmed" }).send()).value.length, 0);
    await advance(1);
    const owned = await rpc.getTokenAccountsByOwner(owners[7], { mint: accts.usdc_mint }, { encoding: "jsonParsed", commitment: "confirmed" }).send();
    assert.equal(owned.value[0].account.data.parsed.info.tokenAmount.amount, "1000007");
    // Each transaction's meta saw the maker's ATA after the ones before it in the slot.
    const t = (await raw(url, "getTransaction", [sigs[1], { commitment: "confirmed", maxSupportedTransactionVersion: 0 }])).result;
    const srcIdx = t.transaction.message.accountKeys.indexOf(src);
    assert.equal(t.meta.preTokenBalances.find((b) => b.accountIndex === srcIdx).uiTokenAmount.amount, String(BigInt(before) - 1_000_000n));
  });

  it("still lists a token account closed at the head in the confirmed view", async () => {
    const accts = devnetAccounts();
    const user = await signerOf("user-1");
    const fresh = await generateKeyPairSigner();
    const [ata] = await findAssociatedTokenPda({ owner: fresh.address, mint: accts.usdc_mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const setup = await build(user, [
      getTransferSolInstruction({ source: user, destination: fresh.address, amount: SOL }),
      getCreateAssociatedTokenIdempotentInstruction({ payer: user, ata, owner: fresh.address, mint: accts.usdc_mint }),
    ]);
    await send(setup.wire);
    await advance(1);
    const close = await build(fresh, [getCloseAccountInstruction({ account: ata, destination: fresh.address, owner: fresh })]);
    await send(close.wire);
    await advance(1);
    assert.equal((await status(close.signature))?.err, null);
    const at = async (commitment) => (await rpc.getTokenAccountsByOwner(fresh.address, { mint: accts.usdc_mint }, { commitment, encoding: "jsonParsed" }).send()).value.map((v) => v.pubkey);
    assert.deepEqual(await at("processed"), []);
    assert.deepEqual(await at("confirmed"), [ata]);
    assert.equal((await rpc.getAccountInfo(ata, { commitment: "processed" }).send()).value, null);
  });

  it("charges and reports the fee the runtime takes, priority fee and default compute limits included", async () => {
    const user = await signerOf("user-3");
    const cb = (kind, n, size) => {
      const data = new Uint8Array(1 + size);
      data[0] = kind;
      if (size === 4) new DataView(data.buffer).setUint32(1, n, true);
      else new DataView(data.buffer).setBigUint64(1, BigInt(n), true);
      return { programAddress: "ComputeBudget111111111111111111111111111111", accounts: [], data };
    };
    const maker = addressOf("maker");
    const cases = [
      // 5,000 + ceil(1,000,000 µlamports × (3,000 × 2 builtins + 200,000 for the memo) / 10^6)
      { ixs: [cb(3, 1_000_000, 8), memoIx("fee")], fee: 5000n + 206_000n },
      { ixs: [cb(3, 7, 8), cb(2, 1_001, 4)], fee: 5000n + 1n },
      { ixs: [], fee: 5000n },
    ];
    for (const { ixs, fee } of cases) {
      const { wire, signature } = await build(user, [...ixs, getTransferSolInstruction({ source: user, destination: maker, amount: 777n })], { version: 0 });
      const message = Buffer.from(wire, "base64").subarray(65).toString("base64");
      assert.equal((await raw(url, "getFeeForMessage", [message, { commitment: "processed" }])).result.value, Number(fee));
      const before = (await rpc.getBalance(user.address, { commitment: "processed" }).send()).value;
      await send(wire);
      await advance(2);
      const t = await rpc.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }).send();
      assert.equal(t.meta.err, null);
      assert.equal(t.meta.fee, fee);
      assert.equal(before - (await rpc.getBalance(user.address, { commitment: "processed" }).send()).value, fee + 777n, "what the runtime took");
    }
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
});
