-- The chains a database belongs to: each chain's genesis (an EVM chain's block 0 hash, Solana's
-- genesis hash), recorded on the server's first start with the chain. A chain id whose genesis
-- differs later (a restarted devnet, a reset testnet) is another chain: the server refuses it
-- rather than match this database's orders, cursors and nonces against it.
CREATE TABLE chain_genesis (
    chain_id INTEGER PRIMARY KEY,
    genesis_hash TEXT NOT NULL,
    recorded_at INTEGER NOT NULL
);
