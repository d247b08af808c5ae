-- The bridge (DESIGN §5): one order per Depositor `Deposit` log, keyed by (source chain, tx hash,
-- log index); the maker's signed transactions, stored before they are broadcast; the watchers'
-- cursors; the pause switch.
CREATE TABLE bridge_orders (
    id INTEGER PRIMARY KEY,
    order_key TEXT NOT NULL UNIQUE,    -- "<src_chain_id>:<src_tx_hash>:<log_index>"
    src_chain_id INTEGER NOT NULL,
    src_tx_hash TEXT NOT NULL,         -- 0x, lower case
    log_index INTEGER NOT NULL,
    block_number INTEGER NOT NULL,
    block_hash TEXT NOT NULL,
    sender TEXT NOT NULL,              -- 0x, lower case
    token_address TEXT NOT NULL,       -- on the source chain; the zero address is the native coin
    token TEXT NOT NULL DEFAULT '',    -- symbol; empty when the token has no route
    decimals INTEGER NOT NULL DEFAULT 18,
    amount TEXT NOT NULL,              -- raw units, decimal digits
    dst_chain_id INTEGER NOT NULL,
    recipient TEXT NOT NULL,           -- as deposited
    channel INTEGER NOT NULL DEFAULT 0,
    confirmations INTEGER NOT NULL,    -- needed before the deposit counts
    receive_amount TEXT NOT NULL DEFAULT '0',
    fee TEXT NOT NULL DEFAULT '0',
    state TEXT NOT NULL CHECK (state IN ('confirming', 'queued', 'paying', 'completed',
                                         'refunding', 'refunded', 'failed', 'dropped')),
    reason TEXT NOT NULL DEFAULT '',   -- why it is refunded, failed or dropped
    dst_tx_hash TEXT NOT NULL DEFAULT '',
    refund_tx_hash TEXT NOT NULL DEFAULT '',
    completed_seq INTEGER UNIQUE,      -- 1, 2, 3... in completion order: the rewards' event feed
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX bridge_orders_by_state ON bridge_orders (state, dst_chain_id, id);
CREATE INDEX bridge_orders_by_tx ON bridge_orders (src_chain_id, src_tx_hash);
CREATE INDEX bridge_orders_by_sender ON bridge_orders (sender, id);
CREATE INDEX bridge_orders_by_recipient ON bridge_orders (recipient, id);
CREATE INDEX bridge_orders_by_channel ON bridge_orders (channel, id);

-- Every state an order entered, and when.
CREATE TABLE bridge_order_events (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES bridge_orders (id),
    state TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    at INTEGER NOT NULL
);
CREATE INDEX bridge_order_events_by_order ON bridge_order_events (order_id, id);

-- A payout or refund: one nonce of the maker's account, never signed twice for one order.
CREATE TABLE maker_txs (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES bridge_orders (id),
    kind TEXT NOT NULL CHECK (kind IN ('payout', 'refund')),
    chain_id INTEGER NOT NULL,
    account TEXT NOT NULL,
    nonce INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'mined', 'reverted')),
    mined_hash TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (order_id, kind),
    UNIQUE (chain_id, account, nonce)
);
CREATE INDEX maker_txs_pending ON maker_txs (state, chain_id, nonce);

-- Each signed version of a maker transaction (a speed-up re-signs the same nonce at a higher fee).
CREATE TABLE maker_tx_attempts (
    id INTEGER PRIMARY KEY,
    maker_tx_id INTEGER NOT NULL REFERENCES maker_txs (id),
    tx_hash TEXT NOT NULL UNIQUE,
    raw_tx TEXT NOT NULL,              -- 0x-hex signed transaction
    max_fee_per_gas TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX maker_tx_attempts_by_tx ON maker_tx_attempts (maker_tx_id, id);

-- How far each source chain's Deposit watcher has read, and the hash of the last block it read.
CREATE TABLE watch_cursors (
    chain_id INTEGER PRIMARY KEY,
    next_block INTEGER NOT NULL,
    last_hash TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);

-- Operator switches (the maker's pause).
CREATE TABLE maker_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);
