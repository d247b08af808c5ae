-- Foundation: the user-action log and the append-only points ledger.
CREATE TABLE user_actions (
    id INTEGER PRIMARY KEY,
    user_address TEXT NOT NULL,
    action TEXT NOT NULL,
    sign TEXT NOT NULL DEFAULT '',
    agent TEXT NOT NULL DEFAULT '',
    wallet_name TEXT NOT NULL DEFAULT '',
    client_ip TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
CREATE INDEX user_actions_by_user ON user_actions (user_address, created_at);

-- Every credit names the event that caused it; the UNIQUE source makes crediting idempotent.
CREATE TABLE points_ledger (
    id INTEGER PRIMARY KEY,
    user_address TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('campaign', 'cross', 'refer', 'check_in', 'pool',
                                       'cross_v1', 'refer_v1')),
    points INTEGER NOT NULL,
    source TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
CREATE INDEX points_ledger_by_user ON points_ledger (user_address, kind);
