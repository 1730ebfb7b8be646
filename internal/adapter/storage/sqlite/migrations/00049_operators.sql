-- +goose Up
-- The platform's operators (issue #35): staff accounts of the implicit
-- agency flagged operator (staff_role stays 'agent' for the role's check,
-- which the accounts' table keeps since 00034); the domain reads them as
-- the role "operator", which reaches no agency's leads.
ALTER TABLE accounts ADD COLUMN operator INTEGER NOT NULL DEFAULT 0 CHECK (operator = 0 OR role = 'staff');

-- An agency's leave for the platform's operators to read its leads, until
-- a time; one per agency, removed when taken back.
CREATE TABLE operator_grants (
    agency_id  INTEGER PRIMARY KEY,
    granted_by INTEGER NOT NULL,
    granted_at TEXT    NOT NULL,
    until      TEXT    NOT NULL
);

-- +goose Down
DROP TABLE operator_grants;
ALTER TABLE accounts DROP COLUMN operator;
