-- +goose Up
-- The twin of PostgreSQL's 00048 (an agency's own keys, agency_id first):
-- SQLite holds one agency's data and keeps its keys, and its upserts name
-- them (sqlstore.Dialect.AgencyKey is empty here). Nothing to change.
SELECT 1;

-- +goose Down
SELECT 1;
