-- +goose Up
-- Registered searches (package demand). The types and zones are JSON
-- arrays rather than a child table: a demand is always read whole (the
-- alert job matches every Active demand in memory), no query filters on
-- them, and a form bounds them (demand.MaxTypes, MaxZips); rows in a child
-- table would cost a join on every read and a write per zone for nothing.
-- A bound of 0 is no bound.
CREATE TABLE demands (
    id            INTEGER PRIMARY KEY,
    account_id    INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    lang          TEXT    NOT NULL,
    goal          INTEGER NOT NULL,
    types         TEXT    NOT NULL CHECK (json_valid(types)),
    zips          TEXT    NOT NULL CHECK (json_valid(zips)),
    price_min     INTEGER NOT NULL DEFAULT 0,
    price_max     INTEGER NOT NULL DEFAULT 0,
    bedrooms_min  INTEGER NOT NULL DEFAULT 0,
    bedrooms_max  INTEGER NOT NULL DEFAULT 0,
    garages_min   INTEGER NOT NULL DEFAULT 0,
    garages_max   INTEGER NOT NULL DEFAULT 0,
    parkings_min  INTEGER NOT NULL DEFAULT 0,
    parkings_max  INTEGER NOT NULL DEFAULT 0,
    bathrooms_min INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT    NOT NULL
);
CREATE INDEX demands_account ON demands (account_id);
-- Which properties each demand was told about: the primary key makes the
-- mark one INSERT … ON CONFLICT DO NOTHING, so servers racing announce a
-- property once. No reference to properties: a listing offline stays
-- announced.
CREATE TABLE demand_alerts (
    demand_id   INTEGER NOT NULL REFERENCES demands (id) ON DELETE CASCADE,
    property_id INTEGER NOT NULL,
    alerted_at  TEXT    NOT NULL,
    PRIMARY KEY (demand_id, property_id)
);
-- Property page visits per Brussels day (package visit), the day as
-- YYYY-MM-DD text on both databases so that ranges compare as text.
CREATE TABLE property_visits (
    property_id INTEGER NOT NULL,
    day         TEXT    NOT NULL CHECK (length(day) = 10),
    count       INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (property_id, day)
);

-- +goose Down
DROP TABLE property_visits;
DROP TABLE demand_alerts;
DROP TABLE demands;
