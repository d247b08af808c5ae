-- Next nonce per (chain, account) for transactions the server signs; survives restarts.
CREATE TABLE account_nonces (
    chain_id INTEGER NOT NULL,
    account TEXT NOT NULL,
    next_nonce INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (chain_id, account)
);
