-- A refund the payer cannot sign now (the maker lacks the token or the gas for it) waits until
-- refund_retry_at (unix seconds) before it is offered again, so the refunds behind it go out
-- meanwhile; refund_retries counts those waits (each one longer). Deposits of a token the bridge
-- does not list are `rejected`, never refunding, so they never take a place in that queue.
ALTER TABLE bridge_orders ADD COLUMN refund_retries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bridge_orders ADD COLUMN refund_retry_at INTEGER NOT NULL DEFAULT 0;
