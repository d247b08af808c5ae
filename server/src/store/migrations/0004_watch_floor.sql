-- The block a chain's watcher started from in this database. A reorg rewind never reads below it:
-- deposits before it belong to whatever paid them before this database existed.
ALTER TABLE watch_cursors ADD COLUMN floor_block INTEGER NOT NULL DEFAULT 0;
