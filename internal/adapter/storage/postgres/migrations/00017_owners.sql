-- +goose Up
-- Which owner owns which property: an owner's portal shows these only. No
-- reference to properties: a listing taken offline stays its owner's.
CREATE TABLE owner_properties (
    account_id  BIGINT  NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    property_id BIGINT  NOT NULL,
    PRIMARY KEY (account_id, property_id)
);
-- Single-use links that set an account's password (an owner's invitation,
-- a reset): the token's SHA-256, never the token, so a copy of the table
-- opens nothing. A link is spent by one guarded UPDATE (used_at IS NULL).
CREATE TABLE account_tokens (
    hash       TEXT        PRIMARY KEY,
    account_id BIGINT      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    purpose    TEXT        NOT NULL CHECK (purpose IN ('set-password', 'reset')),
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX account_tokens_account ON account_tokens (account_id);

-- +goose Down
DROP TABLE account_tokens;
DROP TABLE owner_properties;
