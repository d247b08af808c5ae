-- What each mined maker transaction cost the maker in the native coin, from its receipt (decimal
-- wei; '' : not mined, or mined before this column): gas_cost = gasUsed x effectiveGasPrice +
-- l1_fee, l1_fee the OP-stack L1 data fee ('0' on other chains). docs/operations.md.
ALTER TABLE maker_txs ADD COLUMN gas_cost TEXT NOT NULL DEFAULT '';
ALTER TABLE maker_txs ADD COLUMN l1_fee TEXT NOT NULL DEFAULT '';
