-- The match-end seam (issue #31): the result of a finished match, stored in the same
-- transaction as the action that ended it and the table's `finished` status, so that
-- whatever acts on a result (the lobby; later ratings and tournaments) sees it exactly once.
-- `totals` is a JSON array of each seat's total; `winner` the winning seat (NULL: none).
CREATE TABLE match_results (
    code TEXT PRIMARY KEY,
    winner BIGINT,
    totals TEXT NOT NULL,
    deals BIGINT NOT NULL,
    finished_ms BIGINT NOT NULL
);
