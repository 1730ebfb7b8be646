-- +goose Up
-- Registered searches (package demand). The types and zones are JSON
-- arrays rather than a child table: a demand is always read whole (the
-- alert job matches every Active demand in memory), no query filters on
-- them, and a form bounds them (demand.MaxTypes, MaxZips); rows in a child
-- table would cost a join on every read and a write per zone for nothing.
-- A bound of 0 is no bound.
CREATE TABLE demands (
    id            BIGSERIAL   PRIMARY KEY,
    account_id    BIGINT      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    lang          TEXT        NOT NULL,
    goal          INTEGER     NOT NULL,
    types         JSONB       NOT NULL,
    zips          JSONB       NOT NULL,
    price_min     BIGINT      NOT NULL DEFAULT 0,
    price_max     BIGINT      NOT NULL DEFAULT 0,
    bedrooms_min  BIGINT      NOT NULL DEFAULT 0,
    bedrooms_max  BIGINT      NOT NULL DEFAULT 0,
    garages_min   BIGINT      NOT NULL DEFAULT 0,
    garages_max   BIGINT      NOT NULL DEFAULT 0,
    parkings_min  BIGINT      NOT NULL DEFAULT 0,
    parkings_max  BIGINT      NOT NULL DEFAULT 0,
    bathrooms_min BIGINT      NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX demands_account ON demands (account_id);
-- Which properties each demand was told about: the primary key makes the
-- mark one INSERT … ON CONFLICT DO NOTHING, so servers racing announce a
-- property once. No reference to properties: a listing offline stays
-- announced.
CREATE TABLE demand_alerts (
    demand_id   BIGINT      NOT NULL REFERENCES demands (id) ON DELETE CASCADE,
    property_id BIGINT      NOT NULL,
    alerted_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (demand_id, property_id)
);
-- Property page visits per Brussels day (package visit), the day as
-- YYYY-MM-DD text on both databases so that ranges compare as text.
CREATE TABLE property_visits (
    property_id BIGINT NOT NULL,
    day         TEXT   NOT NULL CHECK (length(day) = 10),
    count       BIGINT NOT NULL CHECK (count >= 0),
    PRIMARY KEY (property_id, day)
);

-- +goose Down
DROP TABLE property_visits;
DROP TABLE demand_alerts;
DROP TABLE demands;
