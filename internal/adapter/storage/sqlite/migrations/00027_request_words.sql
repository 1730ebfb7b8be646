-- The inbox's search on PostgreSQL becomes a word table of its own
-- (request_words, its 00027), read in the list's order as FTS5's
-- requests_fts (00022) is here: SQLite has it already. Nothing to do but
-- keep the two databases' migrations numbered alike.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
