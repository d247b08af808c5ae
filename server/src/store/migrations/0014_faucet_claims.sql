-- Faucet claims: queued, then signed and stored before broadcast (sent), then done or failed.
CREATE TABLE faucet_claims (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL,
    chain_id INTEGER NOT NULL,
    address TEXT NOT NULL,          -- lower case
    client_ip TEXT NOT NULL,
    amount TEXT NOT NULL,           -- smallest unit, decimal
    status TEXT NOT NULL,           -- queued, sent, done, failed
    nonce INTEGER,
    raw_tx TEXT NOT NULL DEFAULT '',
    tx_hash TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
-- A nonce is used once per chain: a second signed transaction for it cannot be stored.
CREATE UNIQUE INDEX faucet_claims_nonce ON faucet_claims (chain_id, nonce) WHERE nonce IS NOT NULL;
CREATE INDEX faucet_claims_by_address ON faucet_claims (slug, address, created_at);
CREATE INDEX faucet_claims_by_ip ON faucet_claims (slug, client_ip, created_at);
CREATE INDEX faucet_claims_by_recipient ON faucet_claims (address, id);
CREATE INDEX faucet_claims_by_status ON faucet_claims (chain_id, status, id);
