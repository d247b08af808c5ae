-- What one bad day can cost (docs/security.md, "Outflow limits"). A queued payout may wait: held
-- for its size until payout_hold_until (unix seconds; decided once, so a restart keeps it), or
-- delayed by its route's hourly and daily caps; payout_eta is the estimate the tracker shows
-- (0: it does not wait). The windows are counted from maker_txs (every signed payout, with
-- created_at), read by time: the index below. A route's pause is a maker_settings row
-- 'paused_route:<src>:<dst>:<token>' whose value is the reason.
ALTER TABLE bridge_orders ADD COLUMN payout_hold_until INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bridge_orders ADD COLUMN payout_eta INTEGER NOT NULL DEFAULT 0;
CREATE INDEX maker_txs_by_time ON maker_txs (kind, created_at);
