-- +goose Up
-- The twin of PostgreSQL's 00047 (a lead's words carry its agency): the
-- SQLite search index is the FTS5 table requests_fts, keyed by the
-- request's rowid, which the inbox's statement joins to requests and scopes
-- there. Nothing to change.
SELECT 1;

-- +goose Down
SELECT 1;
