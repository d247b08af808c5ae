-- Rewards (issue 5): wallet sign-in, check-ins, referrals, the rewards' copy of completed bridges,
-- the consumer's cursor over bridge_orders.completed_seq, and admin edits of campaigns/themes/quests.

-- Sign-in nonces handed out by GET /api/auth/nonce; each is used at most once.
CREATE TABLE auth_nonces (
    nonce TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
);

-- Sessions proven by a SIWE signature. Only the SHA-256 of the cookie's token is stored.
CREATE TABLE auth_sessions (
    token_hash TEXT PRIMARY KEY,
    address TEXT NOT NULL,             -- 0x, lower case
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX auth_sessions_by_address ON auth_sessions (address);

-- One check-in per wallet and UTC day, one per transaction.
CREATE TABLE checkins (
    id INTEGER PRIMARY KEY,
    user_address TEXT NOT NULL,        -- 0x, lower case
    day INTEGER NOT NULL,              -- yyyymmdd (UTC)
    chain_id INTEGER NOT NULL,
    tx_hash TEXT NOT NULL UNIQUE,      -- 0x, lower case
    base_points INTEGER NOT NULL,      -- 2, or 10 with a bridge that day
    multiplier INTEGER NOT NULL,       -- 2 on special days, else 1
    points INTEGER NOT NULL,           -- base_points * multiplier, top-ups included
    in_bridge INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    UNIQUE (user_address, day)
);

-- Who referred whom. Bound by the referee's session; fixed once the referee has bridged.
CREATE TABLE referrals (
    referee TEXT PRIMARY KEY,          -- 0x, lower case
    referrer TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX referrals_by_referrer ON referrals (referrer);

-- Completed bridge orders as the rewards saw them (campaign progress, check-in bonus, boosts).
CREATE TABLE reward_bridges (
    order_key TEXT PRIMARY KEY,
    user_address TEXT NOT NULL,
    src_chain_id INTEGER NOT NULL,
    dst_chain_id INTEGER NOT NULL,
    token TEXT NOT NULL,
    day INTEGER NOT NULL,              -- yyyymmdd (UTC) of completion
    completed_at INTEGER NOT NULL,
    points INTEGER NOT NULL,           -- cross points credited
    completed_seq INTEGER NOT NULL
);
CREATE INDEX reward_bridges_by_user ON reward_bridges (user_address, completed_at);

-- Named cursors of rewards consumers (bridge_orders.completed_seq already credited).
CREATE TABLE reward_cursors (
    name TEXT PRIMARY KEY,
    position INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

-- Campaigns, themes and quests created or changed through the admin API; they override the
-- entries of the config files with the same kind and id.
CREATE TABLE reward_config (
    kind TEXT NOT NULL CHECK (kind IN ('campaign', 'theme', 'quest')),
    id INTEGER NOT NULL,
    body TEXT NOT NULL,                -- the whole entry as JSON
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (kind, id)
);
