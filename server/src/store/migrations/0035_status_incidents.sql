-- The public status page's incident log (issue 31): pauses of the bridge ('pause', subject 'all')
-- and of a route ('route_pause', its route key), written with the pause itself, and chains whose
-- heads stopped ('head_stopped', the chain id). ended_at 0: still going on.
CREATE TABLE status_incidents (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    started_at INTEGER NOT NULL,
    ended_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX status_incidents_open ON status_incidents (kind, subject, ended_at);
CREATE INDEX status_incidents_by_end ON status_incidents (ended_at, started_at);
