-- A maker transaction the nodes keep refusing is cancelled by a filler: a 0-value transfer from
-- the maker to itself at the same nonce, stored as the transaction's newest attempt (filler = 1).
-- void_reason says why (the node's message). The order moves only once that nonce is mined, by
-- whichever attempt: a payout mined after all completes the order; a filler mined refunds it.
ALTER TABLE maker_txs ADD COLUMN void_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE maker_tx_attempts ADD COLUMN filler INTEGER NOT NULL DEFAULT 0;
