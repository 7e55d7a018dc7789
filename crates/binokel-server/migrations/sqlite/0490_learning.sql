-- Learn Binokel for accounts (issue #37; docs/puzzles.md "Ratings of accounts", docs/learn.md
-- "Progress"). The same statements for SQLite and PostgreSQL.

-- An account's puzzle rating: Glicko-2 (rating, deviation, volatility), the puzzles it has
-- answered (each counts once) and how many of them right.
CREATE TABLE puzzle_players (
    account BIGINT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    tried BIGINT NOT NULL,
    solved BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);

-- A puzzle's rating as the answers of accounts moved it (a puzzle without a row has its
-- shipped rating and the starting deviation).
CREATE TABLE puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    plays BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);

-- The first answer of an account to a puzzle: the one that counted. Its primary key is what
-- makes a second answer count for nothing.
CREATE TABLE puzzle_attempts (
    account BIGINT NOT NULL,
    puzzle TEXT NOT NULL,
    choice TEXT NOT NULL,
    correct BIGINT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    answered_ms BIGINT NOT NULL,
    PRIMARY KEY (account, puzzle)
);

-- The lesson steps an account has solved.
CREATE TABLE learn_steps (
    account BIGINT NOT NULL,
    step TEXT NOT NULL,
    solved_ms BIGINT NOT NULL,
    PRIMARY KEY (account, step)
);

-- "My games may be used for puzzles" (off by default): `binokel puzzles mine` uses a match
-- only when every person at it said yes.
ALTER TABLE accounts ADD COLUMN puzzle_games BIGINT NOT NULL DEFAULT 0;
