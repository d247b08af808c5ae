-- One X account earns for one wallet: the account a social task verified is bound to the first
-- wallet that completed a task with it (platform 'twitter', account the lower-case handle).
CREATE TABLE social_accounts (
    platform TEXT NOT NULL,
    account TEXT NOT NULL,
    wallet TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (platform, account)
);
