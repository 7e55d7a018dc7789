-- Tournaments (issue #38; docs/tournaments.md).
-- A table of a tournament's round: after `deadline_ms` (the round's time limit) bots play
-- every seat of a person to the end of the round's deals. NULL: no time limit.
ALTER TABLE tables ADD COLUMN deadline_ms BIGINT;

CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    organizer BIGINT NOT NULL,
    preset TEXT NOT NULL,
    rounds BIGINT NOT NULL,
    deals BIGINT NOT NULL,
    scoring TEXT NOT NULL,
    start_ms BIGINT,
    round_ms BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    bot TEXT NOT NULL,
    seed BIGINT NOT NULL,
    -- entering, running, finished
    status TEXT NOT NULL,
    -- the round in play (0 before round 1 is seated)
    round BIGINT NOT NULL,
    round_started_ms BIGINT,
    created_ms BIGINT NOT NULL,
    finished_ms BIGINT
);
CREATE INDEX tournaments_status ON tournaments (status, created_ms);

-- The players of a tournament, numbered from 0 in the order they entered.
CREATE TABLE tournament_entrants (
    tournament TEXT NOT NULL,
    n BIGINT NOT NULL,
    name TEXT NOT NULL,
    canonical TEXT NOT NULL,
    account BIGINT,
    -- a guest's key to their tables (an account's entry is found by its login)
    token TEXT NOT NULL,
    dropped BIGINT NOT NULL DEFAULT 0,
    entered_ms BIGINT NOT NULL,
    PRIMARY KEY (tournament, n),
    UNIQUE (tournament, canonical)
);
CREATE INDEX tournament_entrants_token ON tournament_entrants (token);

-- The tables of each round; `seats` is a JSON list of entrant numbers, null for a bot.
CREATE TABLE tournament_tables (
    tournament TEXT NOT NULL,
    round BIGINT NOT NULL,
    n BIGINT NOT NULL,
    code TEXT NOT NULL,
    seats TEXT NOT NULL,
    PRIMARY KEY (tournament, round, n)
);
CREATE INDEX tournament_tables_code ON tournament_tables (code);
