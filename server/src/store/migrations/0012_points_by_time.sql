-- Leaderboards of past events sum the ledger over a time window (GET .../events/{name}).
CREATE INDEX points_ledger_by_time ON points_ledger (created_at);
