-- /query looks an order up by any of its transactions, and the maker's dashboard reads the orders
-- of the last days and their completions: index each without the source chain in front.
CREATE INDEX bridge_orders_by_src_tx_hash ON bridge_orders (src_tx_hash);
CREATE INDEX bridge_orders_by_dst_tx_hash ON bridge_orders (dst_tx_hash);
CREATE INDEX bridge_orders_by_refund_tx_hash ON bridge_orders (refund_tx_hash);
CREATE INDEX bridge_orders_by_created ON bridge_orders (created_at);
CREATE INDEX bridge_order_events_by_state ON bridge_order_events (state, at);
