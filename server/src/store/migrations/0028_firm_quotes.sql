-- Firm quotes for cross-asset routes (bridge/firm_quote.hpp): issued, signed and stored by the
-- server; a deposit names one by id and the maker pays exactly its receive_amount when the deposit
-- matches it and was included before expires_at. Anyone can ask for a quote, so each is kept with
-- the client that asked (bounded per client) and old ones are deleted.
CREATE TABLE bridge_quotes (
  id TEXT PRIMARY KEY,
  from_chain_id BIGINT NOT NULL,
  to_chain_id BIGINT NOT NULL,
  token TEXT NOT NULL,
  amount TEXT NOT NULL,
  recipient TEXT NOT NULL,
  receive_token TEXT NOT NULL,
  receive_amount TEXT NOT NULL,
  bridge_fee TEXT NOT NULL,
  channel BIGINT NOT NULL,
  issued_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  signer TEXT NOT NULL,
  signature TEXT NOT NULL,
  client_ip TEXT NOT NULL DEFAULT ''
);
CREATE INDEX bridge_quotes_by_client ON bridge_quotes (client_ip, expires_at);
CREATE INDEX bridge_quotes_by_expiry ON bridge_quotes (expires_at);
-- The order of a cross-asset deposit keeps the quote it names and its block's time (the quote's
-- deadline is checked against the block, not against when the maker got round to it).
ALTER TABLE bridge_orders ADD COLUMN quote_id TEXT NOT NULL DEFAULT '';
ALTER TABLE bridge_orders ADD COLUMN block_time BIGINT NOT NULL DEFAULT 0;
