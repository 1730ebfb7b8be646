-- +goose Up
-- Who logs in: demand registrants, owners and the agency's staff, one
-- account per address and role, the password as an argon2id hash.
CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    role          TEXT    NOT NULL CHECK (role IN ('registrant', 'owner', 'staff')),
    email         TEXT    NOT NULL,
    first_name    TEXT    NOT NULL,
    last_name     TEXT    NOT NULL,
    lang          TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    disabled      BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (role, email)
);
-- The sessions of the logged-in (scs): the token's SHA-256, never the
-- token, so a copy of the table opens no session.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    data       BLOB NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- +goose Down
DROP TABLE sessions;
DROP TABLE accounts;
