-- The lobby (issue #19): a public table (`listed` = 1) is listed for anyone to join or watch; `fill_bot`
-- and `fill_after_ms` say which bot takes the free seats, and how long after `created_ms`.
ALTER TABLE tables ADD COLUMN listed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN fill_bot TEXT;
ALTER TABLE tables ADD COLUMN fill_after_ms BIGINT;
CREATE INDEX tables_lobby ON tables (listed, status);
