-- +goose Up
-- The platform's operators (issue #35): staff accounts of the implicit
-- agency flagged operator (staff_role stays 'agent' for the role's check);
-- the domain reads them as the role "operator", which reaches no agency's
-- leads.
ALTER TABLE accounts ADD COLUMN operator BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE accounts ADD CONSTRAINT accounts_operator_check CHECK (NOT operator OR role = 'staff');

-- An agency's leave for the platform's operators to read its leads, until
-- a time; one per agency, removed when taken back.
CREATE TABLE operator_grants (
    agency_id  BIGINT      PRIMARY KEY,
    granted_by BIGINT      NOT NULL,
    granted_at TIMESTAMPTZ NOT NULL,
    until      TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE operator_grants;
ALTER TABLE accounts DROP COLUMN operator;
