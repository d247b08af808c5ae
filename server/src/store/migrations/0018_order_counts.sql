-- Orders per partner channel, kept by the deposit watcher as it records each new order: a
-- channel's history total without counting its orders again on every page.
CREATE TABLE bridge_order_counts (
    channel INTEGER PRIMARY KEY,
    orders INTEGER NOT NULL
);
INSERT INTO bridge_order_counts (channel, orders)
    SELECT channel, COUNT(*) FROM bridge_orders GROUP BY channel;
