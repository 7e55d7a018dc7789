-- A table unloaded from memory after a long time without actions or connections
-- (`--idle-unload-secs`): not an orphan to take over; the next hello loads it again.
ALTER TABLE tables ADD COLUMN idle BIGINT NOT NULL DEFAULT 0;
