-- +goose Up
-- The agency's staff (issue #21): a staff account is an admin or an agent
-- (NULL for every other role, and required for staff); its password links
-- have a purpose of their own, so an owner's page takes no staff link and
-- the staff's page no owner's; its optional TOTP second factor. No staff
-- account exists before this migration (nothing could make one).
ALTER TABLE accounts ADD COLUMN staff_role TEXT
    CHECK (CASE WHEN role = 'staff' THEN coalesce(staff_role IN ('admin', 'agent'), FALSE) ELSE staff_role IS NULL END);

-- SQLite cannot change a CHECK constraint in place: account_tokens is made
-- again (no table refers to it, so dropping the old one cascades nowhere).
CREATE TABLE account_tokens_next (
    hash       TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL CHECK (purpose IN ('set-password', 'reset', 'staff-password')),
    expires_at TEXT    NOT NULL,
    used_at    TEXT
);
INSERT INTO account_tokens_next (hash, account_id, purpose, expires_at, used_at)
SELECT hash, account_id, purpose, expires_at, used_at FROM account_tokens;
DROP TABLE account_tokens;
ALTER TABLE account_tokens_next RENAME TO account_tokens;
CREATE INDEX account_tokens_account ON account_tokens (account_id);

-- A staff account's second factor: its TOTP secret sealed with the
-- server's key (account.SecretBox: a copy of the database alone does not
-- give it), on once its first code was given (enabled_at), and the step of
-- the last code accepted, so a code opens once.
CREATE TABLE staff_totp (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    secret     TEXT    NOT NULL,
    enabled_at TEXT,
    last_step  INTEGER NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE staff_totp;
DELETE FROM account_tokens WHERE purpose = 'staff-password';
CREATE TABLE account_tokens_prev (
    hash       TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL CHECK (purpose IN ('set-password', 'reset')),
    expires_at TEXT    NOT NULL,
    used_at    TEXT
);
INSERT INTO account_tokens_prev SELECT hash, account_id, purpose, expires_at, used_at FROM account_tokens;
DROP TABLE account_tokens;
ALTER TABLE account_tokens_prev RENAME TO account_tokens;
CREATE INDEX account_tokens_account ON account_tokens (account_id);
ALTER TABLE accounts DROP COLUMN staff_role;
