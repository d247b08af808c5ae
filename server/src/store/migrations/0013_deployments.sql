-- Contracts users deployed from /deploy, each verified from its receipt before it is recorded.
CREATE TABLE deployments (
    id INTEGER PRIMARY KEY,
    user_address TEXT NOT NULL,       -- the receipt's `from`, lower case
    chain_id INTEGER NOT NULL,
    tx_hash TEXT NOT NULL,            -- lower case
    contract_address TEXT NOT NULL,   -- lower case
    template TEXT NOT NULL,           -- erc20, erc721, hello, or custom
    block_number INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (chain_id, tx_hash)
);
CREATE INDEX deployments_by_user ON deployments (user_address, id);
