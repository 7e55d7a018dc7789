-- The lobby under a flood (issue #30): `opener` is the client address that created a public
-- table (at most `--open-tables-per-address` of its public tables wait at once); `taken_ms`
-- when a person last took a seat; `online_ms` since when a person has had an open WebSocket
-- at one of its seats (0: nobody), kept by the process that holds the table's lease. The
-- lists and quick match take tables where a person is present, most recent activity first.
ALTER TABLE tables ADD COLUMN opener TEXT;
ALTER TABLE tables ADD COLUMN taken_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN online_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX tables_opener ON tables (opener, status);
