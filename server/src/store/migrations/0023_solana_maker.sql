-- Solana as a bridge chain (docs/solana.md). A Solana watcher's place is not a block: it is the
-- newest signature it has read of each watched address (the maker's and its USDC account's), kept
-- as text in `position`. A Solana payout expires with its blockhash: `valid_until` is that
-- blockhash's lastValidBlockHeight, stored with the signed bytes before they are sent (0 for EVM
-- transactions). A new version is signed only once the chain's block height has passed it.
ALTER TABLE watch_cursors ADD COLUMN position TEXT NOT NULL DEFAULT '';
ALTER TABLE maker_tx_attempts ADD COLUMN valid_until INTEGER NOT NULL DEFAULT 0;
