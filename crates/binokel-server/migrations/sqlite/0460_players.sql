-- Players with accounts (issue #36; docs/accounts.md, "Seats, ratings and history").
-- A seat taken by a logged-in person (or by a bot account at a rated table) names the account.
-- No foreign key: an account that is deleted leaves its id here (ids are never given again),
-- and the seat then reads as "a former player".
ALTER TABLE seats ADD COLUMN account BIGINT;
-- A person gone too long from a rated match: a bot plays the seat to the end, and the seat
-- takes the last place in the rating.
ALTER TABLE seats ADD COLUMN forfeit BIGINT NOT NULL DEFAULT 0;
CREATE INDEX seats_account ON seats (account);
-- The rating format (the preset's name) of a rated table; NULL: not rated.
ALTER TABLE tables ADD COLUMN rated TEXT;
-- A bot account: the bot's id (`beginner`, `easy`, `medium`, `hard`); NULL for people.
ALTER TABLE accounts ADD COLUMN bot TEXT;

-- One rating per account and format: Weng-Lin's mu and sigma (docs/accounts.md).
CREATE TABLE ratings (
    account BIGINT NOT NULL,
    format TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (account, format)
);
CREATE INDEX ratings_format ON ratings (format, mu);

-- What a match gave each seat of an account, written in the transaction that stores the
-- match's result (the match-end seam), so it is written exactly once: the place, the
-- statistics (JSON), and for a rated match the rating before and after.
CREATE TABLE match_players (
    code TEXT NOT NULL,
    seat BIGINT NOT NULL,
    account BIGINT NOT NULL,
    finished_ms BIGINT NOT NULL,
    format TEXT NOT NULL,
    rated BIGINT NOT NULL,
    place BIGINT NOT NULL,
    stats TEXT NOT NULL,
    mu_before DOUBLE PRECISION,
    sigma_before DOUBLE PRECISION,
    mu_after DOUBLE PRECISION,
    sigma_after DOUBLE PRECISION,
    PRIMARY KEY (code, seat)
);
CREATE INDEX match_players_account ON match_players (account, finished_ms);
