-- Webhooks for integrators (issue 31): a URL that receives every state change of one partner
-- channel's orders. A webhook is a cursor over bridge_order_events: each event after
-- cursor_event_id becomes one delivery, written in the transaction that moves the cursor, so an
-- event is neither skipped nor queued twice while perch or the receiver is down.
-- disabled_at 0: active. The secret signs every delivery (HMAC-SHA256); it is shown once.
CREATE TABLE webhooks (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL,
    channel INTEGER NOT NULL,
    secret TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    disabled_at INTEGER NOT NULL DEFAULT 0,
    cursor_event_id INTEGER NOT NULL DEFAULT 0
);

-- One event of one order for one webhook: pending until a 2xx answer (delivered) or 24 hours of
-- retries (failed). The body (all but its leading "id") is fixed when the delivery is made, so
-- every retry sends the same bytes and the same "id", which receivers dedupe by; next_at is when
-- it may be tried again (or, while an attempt runs, when another instance may take it over).
CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY,
    webhook_id INTEGER NOT NULL REFERENCES webhooks (id),
    event_id INTEGER NOT NULL,
    order_id INTEGER NOT NULL,
    state TEXT NOT NULL,            -- pending, delivered, failed
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER NOT NULL,
    last_status INTEGER NOT NULL DEFAULT 0,   -- the last answer's HTTP status; 0: none
    last_error TEXT NOT NULL DEFAULT '',
    delivered_at INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (webhook_id, event_id);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, webhook_id, event_id);
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id);
