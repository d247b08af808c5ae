-- An order's identity that a reorganisation cannot change: (source chain, tx hash, position of the
-- deposit inside its transaction). The block-wide log index changes when the same transaction is
-- mined at another place, and a key built on it let a re-mined deposit become a second order.
-- EVM: the position among the Depositor's well-formed Deposit logs of the transaction, numbered in
-- log order; for rows written before this migration it is their rank among the stored orders of
-- the same transaction, which the watcher wrote for every well-formed Deposit log. Solana: the
-- instruction's index, which its orders already keep in log_index. Old rows keep their order keys
-- (readers and the points ledger use them); new ones end in the position.
ALTER TABLE bridge_orders ADD COLUMN tx_position INTEGER NOT NULL DEFAULT 0;
UPDATE bridge_orders SET tx_position = (
    SELECT COUNT(*) FROM bridge_orders p
    WHERE p.src_chain_id = bridge_orders.src_chain_id AND p.src_tx_hash = bridge_orders.src_tx_hash
      AND p.log_index < bridge_orders.log_index);
UPDATE bridge_orders SET tx_position = log_index WHERE src_chain_id = 83797601;
CREATE UNIQUE INDEX bridge_orders_by_identity ON bridge_orders (src_chain_id, src_tx_hash, tx_position);
