#!/usr/bin/env node
// Bridge fault tests against a running devnet and the real perch binary (issue 4):
//   crash   200 concurrent deposits (native ETH and USDC, five chain pairs, one in ten below the
//           minimum) per round, three rounds; in each round perch is killed -9 two or three
//           times and restarted: first at a random 0-500 ms after perch shows an order of the
//           round paying, then at random 200-2000 ms after each restart. At every kill the test
//           reads perch's SQLite file (sqlite3 CLI, read-only) and the chains to record what was
//           in flight: orders queued or paying, payouts signed and stored but not mined, and of
//           those the ones never broadcast; at least one kill must have hit stored, unmined
//           payouts. Then every deposit must end completed or refunded exactly once, from chain
//           balances: each recipient's balance rose by exactly its receive amount (and its
//           sender got nothing back), each refunded sender's balance rose by exactly its one
//           refund transfer; and the maker's nonce on each chain grew by exactly the payouts and
//           refunds made there (a double payment would need one more transaction).
//   revert  a payout that reverts on the destination (the recipient is a contract that rejects
//           ETH, deployed here): the order is refunded on the source chain and the depositor
//           gets back the amount minus the refund's cost, checked from balances.
//   reorg   a deposit mined and then removed by evm_snapshot / evm_revert before its
//           confirmations: the order is dropped and nothing is paid.
//   outage  the destination node frozen (SIGSTOP) for 30 s with deposits in flight: every order
//           completes after it returns.
//   stuck   the destination stops mining for 20 s with payouts in its mempool: perch re-signs
//           them at a higher fee (same nonces), and when blocks resume exactly one version of
//           each is mined.
//   instances  two perch instances with the maker on, one PostgreSQL database, nginx in front
//           (deploy/nginx.conf): 200 concurrent deposits as in crash; the leader is killed -9
//           twice (the first time while an order is paying), each time the other instance must
//           take the maker's lease (the takeover time is printed), and PostgreSQL is restarted
//           in between while perch keeps running. Every deposit must end completed or refunded
//           exactly once (balances, as in crash) and the maker's nonces grow by exactly the
//           payouts and refunds. Needs --pg-url and --pg-dir (the cluster make test starts).
//
//   solana  (when the devnet runs a Solana node) 100 concurrent deposits from the EVM chains to
//           Solana: ETH -> SOL (a cross-asset route: each deposit names its own firm quote) and
//           USDC -> USDC, each to a fresh Solana account; perch is killed -9 two or three times
//           while the Solana payouts are in flight (the first once one is paying) and restarted.
//           Every order must complete, each recipient holding exactly its order's receive amount
//           (lamports, or USDC in its new token account): a second payment would double it; and
//           every order has one payout signature the chain knows, its stored versions all others
//           unknown to the chain.
//   <name>  every scripts/faults/<name>.mjs: an attack on the maker (a reorg replay, a flood of
//           worthless deposits, ...) run after the scenarios above, each with its own perch.
//   node scripts/faults.mjs --state-dir DIR --perch BIN --port N [--only crash,revert,reorg,outage,stuck,instances,solana]
//     [--pg-url postgresql://postgres@127.0.0.1:PORT/ --pg-dir DIR]
// This file is the runner: it picks the scenarios (--only), runs the built-in ones
// (scripts/builtin-faults/) and then every attack in scripts/faults/ with the context t, and
// prints the summary. What they share: scripts/lib/fault-context.mjs.
import fs from "node:fs";
import path from "node:path";
import * as d from "./lib/bridge-driver.mjs";
import { args, check, depositor, ethRoutes, failed, freshAddress, killPerch, log, maker, makerNonces, makerSettled, nextAccount, nodeOf, passed, perchBin, perchUrl, port, prepareDeposits, root, rpcOf, sendDeposits, sleep, sql, startPerch, state, stateDir, verifyOrders, writeConfig } from "./lib/fault-context.mjs";
import { crashRounds } from "./builtin-faults/crash.mjs";
import { instances } from "./builtin-faults/instances.mjs";
import { outage, reorg, revertedPayout, stuck } from "./builtin-faults/payouts.mjs";
import { solanaCrash } from "./builtin-faults/solana.mjs";

// Attack scenarios live in scripts/faults/<name>.mjs, each exporting `run(t)` with the context below.
const attackDir = path.join(path.dirname(new URL(import.meta.url).pathname), "faults");
const attacks = fs.existsSync(attackDir) ? fs.readdirSync(attackDir).filter((f) => f.endsWith(".mjs")).map((f) => f.slice(0, -4)).sort() : [];
const only = (args.only ?? [`crash,revert,reorg,outage,stuck,instances${state.solana ? ",solana" : ""}`, ...attacks].join(",")).split(",");

try {
  if (only.includes("crash")) await crashRounds();
  if (only.includes("revert")) await revertedPayout();
  if (only.includes("reorg")) await reorg();
  if (only.includes("outage")) await outage();
  if (only.includes("stuck")) await stuck();
  if (only.includes("instances")) await instances();
  if (only.includes("solana")) await solanaCrash();
  const t = { state, root, perchUrl, perchBin, rpcOf, nodeOf, depositor, maker, sleep, log, check, d, sql, writeConfig, startPerch, killPerch,
    freshAddress, nextAccount, makerNonces, makerSettled, prepareDeposits, sendDeposits, ethRoutes, verifyOrders, stateDir, port };
  for (const name of attacks.filter((a) => only.includes(a))) {
    const scenario = await import(path.join(attackDir, `${name}.mjs`));
    // A scenario that proves a fault perch still has names the fix it awaits: the default run
    // (make test) leaves it out, `--only NAME` runs it.
    if (scenario.awaits && !args.only) {
      log(`${name}: left out of the default run until ${scenario.awaits}`);
      continue;
    }
    log(`${name}: start`);
    await scenario.run(t);
  }
} catch (e) {
  check(false, `fault tests stopped: ${e.message}`);
} finally {
  await killPerch("SIGKILL");
}
console.log(`faults: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
