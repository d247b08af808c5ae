-- A bridge's points grow with its USD value (docs/security.md, "Points farmed from nothing"). The
-- value the points were computed from is kept with them, in USD cents at the price when the points
-- were credited (-1: credited before values were kept), and whether the bridge counts toward the
-- boost tiers (only one worth the reference value does; older bridges all counted).
ALTER TABLE reward_bridges ADD COLUMN value_cents INTEGER NOT NULL DEFAULT -1;
ALTER TABLE reward_bridges ADD COLUMN boosts INTEGER NOT NULL DEFAULT 1;
