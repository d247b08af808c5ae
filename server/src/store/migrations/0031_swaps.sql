-- The swaps made through this deployment's executor, as their Swapped events say, recorded when a
-- client reports the transaction (the app does after each swap; anyone may, it is public chain
-- data): the history page lists a wallet's swaps beside its bridges. Amounts in base units, as
-- decimal text; a zero token address is the native coin; swapped_at is the block's timestamp.
CREATE TABLE swaps (
    id INTEGER PRIMARY KEY,
    chain_id INTEGER NOT NULL,
    tx_hash TEXT NOT NULL,
    sender TEXT NOT NULL,
    recipient TEXT NOT NULL,
    token_in TEXT NOT NULL,
    token_out TEXT NOT NULL,
    amount_in TEXT NOT NULL,
    amount_out TEXT NOT NULL,
    block_number INTEGER NOT NULL,
    swapped_at INTEGER NOT NULL,
    UNIQUE (chain_id, tx_hash)
);
CREATE INDEX swaps_by_sender ON swaps (sender, id);
CREATE INDEX swaps_by_recipient ON swaps (recipient, id);
