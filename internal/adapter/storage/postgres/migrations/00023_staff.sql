-- +goose Up
-- The agency's staff (issue #21): a staff account is an admin or an agent
-- (NULL for every other role, and required for staff); its password links
-- have a purpose of their own, so an owner's page takes no staff link and
-- the staff's page no owner's; its optional TOTP second factor. No staff
-- account exists before this migration (nothing could make one).
ALTER TABLE accounts ADD COLUMN staff_role TEXT;
ALTER TABLE accounts ADD CONSTRAINT accounts_staff_role_check
    CHECK (CASE WHEN role = 'staff' THEN coalesce(staff_role IN ('admin', 'agent'), false) ELSE staff_role IS NULL END);

ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
    CHECK (purpose IN ('set-password', 'reset', 'staff-password'));

-- A staff account's second factor: its TOTP secret sealed with the
-- server's key (account.SecretBox: a copy of the database alone does not
-- give it), on once its first code was given (enabled_at), and the step of
-- the last code accepted, so a code opens once.
CREATE TABLE staff_totp (
    account_id BIGINT      PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    secret     TEXT        NOT NULL,
    enabled_at TIMESTAMPTZ,
    last_step  BIGINT      NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE staff_totp;
DELETE FROM account_tokens WHERE purpose = 'staff-password';
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('set-password', 'reset'));
ALTER TABLE accounts DROP CONSTRAINT accounts_staff_role_check;
ALTER TABLE accounts DROP COLUMN staff_role;
