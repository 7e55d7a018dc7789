-- Accounts (issue #36; docs/accounts.md). `canonical` is the name's UTS #39 skeleton after
-- NFKC case folding: two names that look alike have the same one, and it is unique.
-- `password` is an argon2id PHC string. An identity column: the id of a deleted account is never
-- given again, so a stored seat that names it can never point at somebody else.
CREATE TABLE accounts (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL,
    canonical TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    disabled BIGINT NOT NULL DEFAULT 0
);

-- Login sessions: the SHA-256 of the cookie's secret (hex), never the secret itself, so a
-- copy of the database (a backup) holds no live login.
CREATE TABLE login_sessions (
    token_hash TEXT PRIMARY KEY,
    account BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX login_sessions_account ON login_sessions (account);
CREATE INDEX login_sessions_expires ON login_sessions (expires_ms);
