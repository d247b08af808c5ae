-- `rejected`: a deposit of a token the bridge does not list, recorded with its reason and never
-- queued for a refund (0024). The state CHECK of 0003 is widened to allow it.
-- only sqlite
-- SQLite cannot alter a CHECK constraint: the table's stored definition is rewritten, as SQLite's
-- documentation describes for such changes; RESET reloads the schema on this connection.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, '''failed'', ''dropped'')',
                                       '''failed'', ''dropped'', ''rejected'')')
 WHERE type = 'table' AND name = 'bridge_orders';
PRAGMA writable_schema = RESET;
-- only postgresql
ALTER TABLE bridge_orders DROP CONSTRAINT bridge_orders_state_check;
ALTER TABLE bridge_orders ADD CONSTRAINT bridge_orders_state_check CHECK (state IN ('confirming',
  'queued', 'paying', 'completed', 'refunding', 'refunded', 'failed', 'dropped', 'rejected'));
-- both
