-- The portfolio's daily snapshots (issue 12): the addresses watched (opt-in by visiting
-- /portfolio; bounded in number, dropped after days without a visit) and one total per address
-- per UTC day.
CREATE TABLE portfolio_watch (
    address TEXT PRIMARY KEY,                -- lower case
    first_visit INTEGER NOT NULL,            -- unix seconds
    last_visit INTEGER NOT NULL,
    last_snapshot_day TEXT NOT NULL DEFAULT ''  -- YYYY-MM-DD (UTC); '' before the first
);
CREATE INDEX portfolio_watch_by_visit ON portfolio_watch (last_visit);
CREATE TABLE portfolio_snapshots (
    address TEXT NOT NULL,
    day TEXT NOT NULL,                       -- YYYY-MM-DD (UTC)
    total_usd_cents INTEGER NOT NULL,
    taken_at INTEGER NOT NULL,
    PRIMARY KEY (address, day)
);
