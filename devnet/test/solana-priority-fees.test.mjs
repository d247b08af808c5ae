// The devnet Solana node's getRecentPrioritizationFees (devnet/solana/priority-fees.mjs): per
// recent finalized slot the lowest compute-unit price that landed there, raised by the accounts
// asked about to the lowest price of the transactions that wrote them, as a validator's
// prioritization fee cache answers. Its own node, so no other test's transactions are counted.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { generateKeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { signerOf } from "../solana/keys.mjs";
import { RECENT_SLOTS } from "../solana/priority-fees.mjs";
import { DEPTH, raw, startTestNode } from "./solana-helpers.mjs";

// SetComputeUnitPrice (ComputeBudget instruction 3) at `microLamports`.
const price = (microLamports) => {
  const data = new Uint8Array(9);
  data[0] = 3;
  new DataView(data.buffer).setBigUint64(1, BigInt(microLamports), true);
  return { programAddress: "ComputeBudget111111111111111111111111111111", accounts: [], data };
};

describe("solana node: getRecentPrioritizationFees", () => {
  let node, url, advance, build, send;
  before(async () => ({ node, url, advance, build, send } = await startTestNode()));
  after(() => node?.close());

  const fees = async (params = []) => {
    const r = await raw(url, "getRecentPrioritizationFees", params);
    assert.equal(r.error, undefined, JSON.stringify(r.error));
    return r.result;
  };
  // One transfer of 0.001 SOL to `to` from `user` at a compute-unit price (none: no price set).
  const transfer = async (user, to, microLamports) => {
    const ixs = microLamports === undefined ? [] : [price(microLamports)];
    const signer = await signerOf(user);
    const { wire } = await build(signer, [...ixs, getTransferSolInstruction({ source: signer, destination: to, amount: 1_000_000n })]);
    await send(wire);
  };

  it("lists the finalized slots, each at 0 while nothing paid a price", async () => {
    const list = await fees();
    assert.ok(list.length > 0 && list.length <= RECENT_SLOTS);
    const finalized = Number((await raw(url, "getSlot", [{ commitment: "finalized" }])).result);
    assert.equal(list.at(-1).slot, finalized);
    for (let i = 1; i < list.length; i++) assert.equal(list[i].slot, list[i - 1].slot + 1);
    assert.ok(list.every((f) => f.prioritizationFee === 0), JSON.stringify(list));
  });

  it("gives a slot its lowest price, and an account the lowest price of the transactions that wrote it", async () => {
    const x = (await generateKeyPairSigner()).address;
    const y = (await generateKeyPairSigner()).address;
    await transfer("user-0", x, 5_000);
    await transfer("user-1", y, 20_000);
    const slot = await advance(1);
    // Not finalized yet: not listed.
    assert.ok((await fees()).every((f) => f.slot < slot));
    await advance(DEPTH);
    const at = (list) => list.find((f) => f.slot === slot)?.prioritizationFee;
    assert.equal(at(await fees()), 5_000);
    assert.equal(at(await fees([[x]])), 5_000);
    assert.equal(at(await fees([[y]])), 20_000);
    assert.equal(at(await fees([[x, y]])), 20_000);
    assert.equal(at(await fees([[(await generateKeyPairSigner()).address]])), 5_000, "an account nobody wrote adds nothing");
    // A transaction without a price makes the slot's lowest 0; the account written at 9,000 still says 9,000.
    const z = (await generateKeyPairSigner()).address;
    await transfer("user-2", z, 9_000);
    await transfer("user-3", x);
    const second = await advance(1);
    await advance(DEPTH);
    const list = await fees();
    assert.equal(list.find((f) => f.slot === second).prioritizationFee, 0);
    assert.equal((await fees([[z]])).find((f) => f.slot === second).prioritizationFee, 9_000);
    assert.equal(at(list), 5_000, "the earlier slot keeps its own");
  });

  it("keeps the newest 150 slots and refuses what the real method refuses", async () => {
    await advance(RECENT_SLOTS + 10);
    const list = await fees();
    assert.equal(list.length, RECENT_SLOTS);
    const tooMany = await raw(url, "getRecentPrioritizationFees", [Array(129).fill("11111111111111111111111111111111")]);
    assert.equal(tooMany.error.code, -32602);
    assert.equal(tooMany.error.message, "Invalid params: Too many inputs provided; max 128");
    assert.equal((await raw(url, "getRecentPrioritizationFees", ["not-an-array"])).error.code, -32602);
    assert.equal((await raw(url, "getRecentPrioritizationFees", [["not-base58!"]])).error.code, -32602);
  });
});
