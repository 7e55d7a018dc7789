-- The deal of the day (issue #38; docs/daily.md).
-- The server's secret the days' seeds are drawn from: one row (id 1), 32 random bytes in hex,
-- made by the first process that needs it. It is never served.
CREATE TABLE daily_secret (
    id BIGINT PRIMARY KEY,
    secret TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

-- Every table opened for a day's deals: which day, whose (NULL: a guest), ranked or not.
CREATE TABLE daily_tries (
    code TEXT PRIMARY KEY,
    day TEXT NOT NULL,
    account BIGINT,
    ranked BIGINT NOT NULL,
    created_ms BIGINT NOT NULL
);
-- One ranked try per account and day, even when two requests (or two processes) race.
CREATE UNIQUE INDEX daily_tries_ranked ON daily_tries (day, account) WHERE ranked = 1;
CREATE INDEX daily_tries_day ON daily_tries (day, ranked);
