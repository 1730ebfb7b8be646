-- +goose Up
-- The editor right (issue #32): a staff agent an admin allows to edit the
-- site (its section of the inbox); an admin may always. FALSE for every
-- other account.
ALTER TABLE accounts ADD COLUMN site_editor BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE accounts DROP COLUMN site_editor;
