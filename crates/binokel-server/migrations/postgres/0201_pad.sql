-- Score pads (issue #8): games played with real cards. `secret` edits, `share` only reads;
-- `pad` is the binokel::pad::Pad as JSON; `version` grows with every change, so writers
-- that race are detected (an update names the version it read).
CREATE TABLE pads (
    secret TEXT PRIMARY KEY NOT NULL,
    share TEXT NOT NULL UNIQUE,
    pad TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
