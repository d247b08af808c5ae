-- Bridge and swap (docs/swap.md "Bridge and swap"): a swap payout that reverted on the destination
-- burned the maker's gas there; its refund returns the deposit less that gas too, in base units of
-- the deposited token, stored when the reverted payout settles ('' : nothing beyond the refund's
-- own gas).
ALTER TABLE bridge_orders ADD COLUMN refund_deduction TEXT NOT NULL DEFAULT '';
