-- +goose Up
-- One table for every single-use link (issue #31): a posted demand's
-- confirmation link joins the accounts' password links in account_tokens,
-- of purpose 'confirm-demand', naming the demand it confirms (and only it
-- names one). The links stored in demand_confirmations move over, each to
-- its demand's account. SQLite cannot change a CHECK constraint in place:
-- account_tokens is made again (no table refers to it).
CREATE TABLE account_tokens_next (
    hash       TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL CHECK (purpose IN ('set-password', 'reset', 'staff-password', 'confirm-demand')),
    demand_id  INTEGER REFERENCES demands (id) ON DELETE CASCADE,
    expires_at TEXT    NOT NULL,
    used_at    TEXT,
    CHECK ((purpose = 'confirm-demand') = (demand_id IS NOT NULL))
);
INSERT INTO account_tokens_next (hash, account_id, purpose, expires_at, used_at)
SELECT hash, account_id, purpose, expires_at, used_at FROM account_tokens;
INSERT INTO account_tokens_next (hash, account_id, purpose, demand_id, expires_at, used_at)
SELECT c.hash, d.account_id, 'confirm-demand', c.demand_id, c.expires_at, c.used_at
FROM demand_confirmations c JOIN demands d ON d.id = c.demand_id;
DROP TABLE account_tokens;
ALTER TABLE account_tokens_next RENAME TO account_tokens;
CREATE INDEX account_tokens_account ON account_tokens (account_id);
CREATE INDEX account_tokens_demand ON account_tokens (demand_id);
DROP TABLE demand_confirmations;

-- +goose Down
CREATE TABLE demand_confirmations (
    hash       TEXT PRIMARY KEY,
    demand_id  INTEGER NOT NULL REFERENCES demands (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE INDEX demand_confirmations_demand ON demand_confirmations (demand_id);
INSERT INTO demand_confirmations (hash, demand_id, expires_at, used_at)
SELECT hash, demand_id, expires_at, used_at FROM account_tokens WHERE purpose = 'confirm-demand';
CREATE TABLE account_tokens_prev (
    hash       TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL CHECK (purpose IN ('set-password', 'reset', 'staff-password')),
    expires_at TEXT    NOT NULL,
    used_at    TEXT
);
INSERT INTO account_tokens_prev SELECT hash, account_id, purpose, expires_at, used_at FROM account_tokens
WHERE purpose <> 'confirm-demand';
DROP TABLE account_tokens;
ALTER TABLE account_tokens_prev RENAME TO account_tokens;
CREATE INDEX account_tokens_account ON account_tokens (account_id);
