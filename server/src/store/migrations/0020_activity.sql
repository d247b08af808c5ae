-- The activity indexer (issue 12, docs/tracker.md). Per (chain, address): the figures, the sets
-- behind the distinct counts (activity_periods: kind 'd' day, 'w' ISO week, 'm' month;
-- activity_contracts) and value per token. Amounts are decimal text (wei exceed 64 bits).
CREATE TABLE activity_accounts (
    chain_id INTEGER NOT NULL,
    address TEXT NOT NULL,             -- lower case
    tx_count INTEGER NOT NULL DEFAULT 0,
    first_active INTEGER NOT NULL DEFAULT 0,
    last_active INTEGER NOT NULL DEFAULT 0,
    active_days INTEGER NOT NULL DEFAULT 0,
    active_weeks INTEGER NOT NULL DEFAULT 0,
    active_months INTEGER NOT NULL DEFAULT 0,
    contracts INTEGER NOT NULL DEFAULT 0,
    contracts_deployed INTEGER NOT NULL DEFAULT 0,
    gas_spent TEXT NOT NULL DEFAULT '0',
    PRIMARY KEY (chain_id, address)
);
CREATE TABLE activity_periods (
    chain_id INTEGER NOT NULL,
    address TEXT NOT NULL,
    kind TEXT NOT NULL,                -- d, w, m
    period TEXT NOT NULL,              -- 2026-11-20, 2026-W47, 2026-11
    PRIMARY KEY (chain_id, address, kind, period)
);
CREATE TABLE activity_contracts (
    chain_id INTEGER NOT NULL,
    address TEXT NOT NULL,
    contract TEXT NOT NULL,
    PRIMARY KEY (chain_id, address, contract)
);
CREATE TABLE activity_tokens (
    chain_id INTEGER NOT NULL,
    address TEXT NOT NULL,
    token TEXT NOT NULL,               -- lower case; the zero address is the native coin
    sent TEXT NOT NULL DEFAULT '0',
    received TEXT NOT NULL DEFAULT '0',
    PRIMARY KEY (chain_id, address, token)
);
-- How far each chain has been read, the hashes of the last blocks read (to find where a
-- reorganisation forked) and, for those blocks, what each write replaced, so the figures of
-- dropped blocks are undone exactly: kind 'account' / 'token' with the row before ('' when it
-- did not exist), 'period' / 'contract' for a set row the block added.
CREATE TABLE activity_cursors (
    chain_id INTEGER PRIMARY KEY,
    next_block INTEGER NOT NULL,
    last_hash TEXT NOT NULL
);
CREATE TABLE activity_blocks (
    chain_id INTEGER NOT NULL,
    block_number INTEGER NOT NULL,
    block_hash TEXT NOT NULL,
    PRIMARY KEY (chain_id, block_number)
);
CREATE TABLE activity_undo (
    id INTEGER PRIMARY KEY,
    chain_id INTEGER NOT NULL,
    block_number INTEGER NOT NULL,
    kind TEXT NOT NULL,
    address TEXT NOT NULL,
    item TEXT NOT NULL,                -- token, period kind + period, or contract; '' for accounts
    prev TEXT NOT NULL                 -- the row before, '|'-joined; '' when there was none
);
CREATE INDEX activity_undo_by_block ON activity_undo (chain_id, block_number, id);
