-- Tables, their seats, every accepted action, and the lease that says which process owns a table.
CREATE TABLE tables (
    code TEXT PRIMARY KEY NOT NULL,
    rules TEXT NOT NULL,
    seed BIGINT NOT NULL,
    status TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX tables_status ON tables (status);

CREATE TABLE seats (
    code TEXT NOT NULL REFERENCES tables (code),
    seat BIGINT NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    name TEXT,
    token TEXT,
    PRIMARY KEY (code, seat)
);
CREATE UNIQUE INDEX seats_token ON seats (token);

CREATE TABLE actions (
    code TEXT NOT NULL REFERENCES tables (code),
    deal BIGINT NOT NULL,
    idx BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, deal, idx)
);

CREATE TABLE leases (
    code TEXT PRIMARY KEY NOT NULL REFERENCES tables (code),
    owner TEXT NOT NULL,
    url TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);
