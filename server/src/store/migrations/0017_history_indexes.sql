-- History by address matches the recipient as written in any case: index lower(recipient), which
-- the query uses, instead of the raw column, which nothing reads by.
DROP INDEX bridge_orders_by_recipient;
CREATE INDEX bridge_orders_by_recipient_lower ON bridge_orders (lower(recipient), id);
