-- +goose Up
-- The platform's agencies and the host names each answers on (issue #35).
-- No row: the one implicit agency (number 1) answers every host; the first
-- agency added is number 1, whose data the other tables already hold.
-- A host is one agency's; one of an agency's hosts is preferred (the
-- others redirect to it).
CREATE TABLE agencies (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       TEXT        NOT NULL,
    lang       TEXT        NOT NULL,
    disabled   BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE agency_hosts (
    host      TEXT    PRIMARY KEY,
    agency_id BIGINT  NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
    preferred BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX agency_hosts_agency ON agency_hosts (agency_id);
CREATE UNIQUE INDEX agency_hosts_preferred ON agency_hosts (agency_id) WHERE preferred;

-- +goose Down
DROP TABLE agency_hosts;
DROP TABLE agencies;
