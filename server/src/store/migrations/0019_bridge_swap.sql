-- Bridge and swap (docs/swap.md "Bridge and swap"): an order whose deposit asked for another token
-- on the destination. dst_token_address is that token there (the zero address: the native coin),
-- empty for a plain bridge, which pays the token it took. dst_token and dst_decimals are its
-- symbol and decimals as the swap deployment lists them (empty / 0 when it lists none: the order
-- is refunded). min_out is the deposit's minimum in the destination token's base units;
-- delivered_amount is what the executor's Swapped event paid the recipient (empty until mined).
ALTER TABLE bridge_orders ADD COLUMN dst_token_address TEXT NOT NULL DEFAULT '';
ALTER TABLE bridge_orders ADD COLUMN dst_token TEXT NOT NULL DEFAULT '';
ALTER TABLE bridge_orders ADD COLUMN dst_decimals INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bridge_orders ADD COLUMN min_out TEXT NOT NULL DEFAULT '';
ALTER TABLE bridge_orders ADD COLUMN delivered_amount TEXT NOT NULL DEFAULT '';
