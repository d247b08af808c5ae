-- Maker leadership among perch instances on one database: `holder` leads until expires_at_ms
-- (unix milliseconds, renewed every second); after that another instance may take the lease, with
-- token + 1. Every nonce reservation checks holder and token in its own transaction, so a leader
-- that lost the lease can no longer sign a new payout or refund.
CREATE TABLE maker_lease (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    token INTEGER NOT NULL,
    expires_at_ms INTEGER NOT NULL
);
