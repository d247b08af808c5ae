// Verdicts the fault scenarios share (t: the context faults.mjs hands each scenario).

/** Orders per final state ({completed: n, ...}; "unseen" for a deposit perch has no order for). */
export function statesOf(orders) {
  const states = {};
  for (const o of orders) states[o?.state ?? "unseen"] = (states[o?.state ?? "unseen"] ?? 0) + 1;
  return states;
}

/**
 * Once nothing the maker signed is in flight, stops perch and checks that the maker's nonce on
 * each chain grew since `before` by exactly `perChain` (its payouts and refunds there, as
 * t.verifyOrders counts them): a payout sent twice would need one more.
 */
export async function checkMakerNonces(t, label, before, perChain, what = "its payouts and refunds") {
  await t.makerSettled(label);
  await t.killPerch("SIGTERM");
  const after = await t.makerNonces();
  const extra = Object.keys(after).map((id) => after[id] - before[id] - (perChain[id] ?? 0));
  t.check(extra.every((n) => n === 0), `${label}: the maker's nonces grew by exactly ${what} (extra per chain: ${extra.join(", ")})`);
}
