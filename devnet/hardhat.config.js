// Hardhat 3 configuration for the Perch devnet nodes.
//
// Hardhat is used only to run the nodes (`hardhat node`); contracts are compiled offline with
// solc-js (scripts/compile.mjs) because Hardhat cannot download compilers on this network.
//
// Mining: automine OFF + interval mining every 1 s. The bridge watcher and the web app expect
// real-chain behaviour: transactions wait in the mempool and land in the next ~1 s block, blocks
// keep coming when idle (so `head - confirmations` advances), and pending state is observable.
// Deployment does not wait for 1 s per transaction: the runner sends the deploy batch and then
// calls `evm_mine` once (see scripts/lib/deploy.mjs).
import { defineConfig } from "hardhat/config";

export default defineConfig({
  paths: {
    // Hardhat's own artifacts/build-info (watched by `hardhat node`) stay out of artifacts/,
    // which holds our solc-js output.
    artifacts: "./cache/hardhat-artifacts",
    cache: "./cache/hardhat",
  },
  networks: {
    // In-process chain for the contract tests (test/*.test.mjs): automine, one block per tx.
    default: {
      type: "edr-simulated",
      chainType: "l1",
    },
    // `hardhat node` (started by scripts/devnet.mjs, one process per chain).
    node: {
      type: "edr-simulated",
      chainType: "l1",
      mining: {
        auto: false,
        // The runner passes the profile's block_time_ms.
        interval: Number(process.env.PERCH_DEVNET_BLOCK_TIME_MS ?? 1000),
      },
    },
  },
});
