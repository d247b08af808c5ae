-- PerchPool's Deposited / Withdrawn logs per chain, as indexed (pool points come from these),
-- and how far each chain has been read.
CREATE TABLE pool_events (
    id INTEGER PRIMARY KEY,
    chain_id INTEGER NOT NULL,
    block_number INTEGER NOT NULL,
    log_index INTEGER NOT NULL,
    tx_hash TEXT NOT NULL,
    user_address TEXT NOT NULL,   -- lower case
    token TEXT NOT NULL,          -- lower case; the zero address is ETH
    kind TEXT NOT NULL,           -- deposit, withdraw
    amount TEXT NOT NULL,         -- smallest unit, decimal
    block_time INTEGER NOT NULL,
    UNIQUE (chain_id, tx_hash, log_index)
);
CREATE INDEX pool_events_by_user ON pool_events (user_address, block_time, log_index);
CREATE TABLE pool_cursors (
    chain_id INTEGER PRIMARY KEY,
    next_block INTEGER NOT NULL
);
