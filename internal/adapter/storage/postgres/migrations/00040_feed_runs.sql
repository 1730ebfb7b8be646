-- +goose Up
-- The catalog's runs (issue #33): every bringing up to date of the catalog
-- (a file imported today; a CRM's feed pulled or pushed later), with what
-- it did and refused, as JSON (report: counts per section and problems).
CREATE TABLE feed_runs (
    id              BIGSERIAL PRIMARY KEY,
    source          TEXT NOT NULL,
    trigger_kind    TEXT NOT NULL,
    started_by      TEXT NOT NULL DEFAULT '',
    started_at      TIMESTAMPTZ NOT NULL,
    ended_at        TIMESTAMPTZ NOT NULL,
    status          TEXT NOT NULL,
    error           TEXT NOT NULL DEFAULT '',
    catalog_version INTEGER NOT NULL DEFAULT 0,
    report          TEXT NOT NULL
);

-- +goose Down
DROP TABLE feed_runs;
