import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { parseEventLogs } from "viem";
import { expectRevert, newChain } from "./helpers.mjs";

const yyyymmdd = (tsSeconds) => {
  const d = new Date(Number(tsSeconds) * 1000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

describe("CheckIn", () => {
  let c, checkIn, user;
  // A day start safely after the chain's clock (timestamps may only move forward), and its dates.
  let day0, d0, d1, d2;

  // Mines the next block at `ts` so the next transaction's block.timestamp is known exactly.
  const setNextTimestamp = (ts) => c.testClient.setNextBlockTimestamp({ timestamp: BigInt(ts) });

  before(async () => {
    c = await newChain();
    user = c.accounts[2];
    checkIn = await c.deploy("CheckIn");
    const latest = await c.publicClient.getBlock();
    day0 = (Math.floor(Number(latest.timestamp) / 86400) + 2) * 86400;
    [d0, d1, d2] = [0, 1, 2].map((k) => yyyymmdd(day0 + k * 86400));
  });
  after(() => c.close());

  it("converts timestamps to UTC dates like the calendar does", async () => {
    const samples = [
      0, 86399, 86400, 951782400 /* 2000-02-29 */, 951868800 /* 2000-03-01 */, 1709164800 /* 2024-02-29 */,
      1735689599 /* 2024-12-31 23:59:59 */, 1735689600 /* 2025-01-01 */, 4107542400 /* 2100-03-01 */,
      4102444800 /* 2100-01-01 */, 253402300799 /* 9999-12-31 23:59:59 */,
    ];
    // Plus one pseudo-random timestamp per ~37 days over 1970..2200.
    for (let t = 12345; t < 7258118400; t += 37 * 86400 + 4321) samples.push(t);
    const got = await Promise.all(samples.map((t) => c.read(checkIn, "dateOf", [BigInt(t)])));
    samples.forEach((t, i) => assert.equal(got[i], yyyymmdd(t), `timestamp ${t}`));
  });

  it("accepts today's date once and records it", async () => {
    const ts = day0 + 3600; // 01:00:00 UTC
    await setNextTimestamp(ts);
    const date = yyyymmdd(ts);
    assert.equal(date, d0);
    const receipt = await c.send(checkIn, "checkIn", [date], { from: 2 });
    const [ev] = parseEventLogs({ abi: checkIn.abi, logs: receipt.logs, eventName: "CheckedIn" });
    assert.equal(ev.args.user.toLowerCase(), user.toLowerCase());
    assert.equal(ev.args.date, date);
    assert.equal(await c.read(checkIn, "checkedIn", [user, date]), true);
    assert.equal(await c.read(checkIn, "checkedIn", [c.accounts[3], date]), false);
  });

  it("rejects a second check-in the same day", async () => {
    const block = await c.publicClient.getBlock();
    await setNextTimestamp(Number(block.timestamp) + 3600);
    await expectRevert(c.send(checkIn, "checkIn", [d0], { from: 2 }), checkIn.abi, "AlreadyCheckedIn");
  });

  it("rejects another day's date (yesterday, tomorrow, malformed)", async () => {
    for (const wrong of [yyyymmdd(day0 - 86400), d1, d0 - 10000, 0, Math.floor(d0 / 10)]) {
      const block = await c.publicClient.getBlock();
      await setNextTimestamp(Number(block.timestamp) + 1);
      const err = await expectRevert(c.send(checkIn, "checkIn", [wrong], { from: 3 }), checkIn.abi, "WrongDate");
      if (err?.args) assert.equal(err.args[0], wrong);
    }
  });

  it("lets another user check in the same day", async () => {
    await c.send(checkIn, "checkIn", [d0], { from: 3 });
    assert.equal(await c.read(checkIn, "checkedIn", [c.accounts[3], d0]), true);
  });

  it("accepts the next UTC day after time passes (evm_increaseTime)", async () => {
    const block = await c.publicClient.getBlock();
    await c.testClient.increaseTime({ seconds: 86400 });
    await c.testClient.mine({ blocks: 1 });
    const today = await c.read(checkIn, "today");
    assert.equal(today, yyyymmdd(Number(block.timestamp) + 86400));
    assert.equal(today, d1);
    await c.send(checkIn, "checkIn", [today], { from: 2 });
    assert.equal(await c.read(checkIn, "checkedIn", [user, d1]), true);
    assert.equal(await c.read(checkIn, "checkedIn", [user, d0]), true);
  });

  it("switches day exactly at 00:00:00 UTC", async () => {
    await setNextTimestamp(day0 + 2 * 86400 - 1); // day 1, 23:59:59
    await expectRevert(c.send(checkIn, "checkIn", [d2], { from: 4 }), checkIn.abi, "WrongDate");
    await setNextTimestamp(day0 + 2 * 86400); // day 2, 00:00:00
    await c.send(checkIn, "checkIn", [d2], { from: 4 });
    assert.equal(await c.read(checkIn, "checkedIn", [c.accounts[4], d2]), true);
  });
});
