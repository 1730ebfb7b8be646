-- +goose Up
-- When the account's address was proven, by a link mailed to it (a demand's
-- confirmation, a reset, an invitation): no login before it, so a stranger
-- who registered someone's address can never use the account, and the
-- password is the one chosen through the link. Accounts that proved it
-- already: the staff and owners who set a password (through their link),
-- the registrants with a confirmed demand.
ALTER TABLE accounts ADD COLUMN email_confirmed_at TIMESTAMPTZ;
UPDATE accounts SET email_confirmed_at = created_at
WHERE (role <> 'registrant' AND password_hash <> '')
   OR (role = 'registrant' AND EXISTS (SELECT 1 FROM demands d WHERE d.account_id = accounts.id AND d.confirmed_at IS NOT NULL));

-- +goose Down
ALTER TABLE accounts DROP COLUMN email_confirmed_at;
