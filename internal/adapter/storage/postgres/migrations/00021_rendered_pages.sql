-- +goose Up
-- Server-rendered pages by what they are made of (package rendered): the
-- SHA-256 of a page's build, status, language, head and page object, its
-- document compressed, and when it was last used, for the bound in bytes
-- (the least recently used go first). Every server reads and writes it, so
-- a page rendered by one is served by the others, and by itself after a
-- restart.
CREATE TABLE rendered_pages (
    key     BYTEA NOT NULL PRIMARY KEY CHECK (length(key) = 32),
    body    BYTEA NOT NULL,
    size    BIGINT NOT NULL CHECK (size >= 0),
    used_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rendered_pages_used ON rendered_pages (used_at);
-- The bytes stored, kept with every insert and delete: the bound is checked
-- without summing the table.
CREATE TABLE rendered_total (
    id    BIGINT NOT NULL PRIMARY KEY CHECK (id = 1),
    bytes BIGINT NOT NULL CHECK (bytes >= 0)
);
INSERT INTO rendered_total (id, bytes) VALUES (1, 0);

-- +goose Down
DROP TABLE rendered_total;
DROP INDEX rendered_pages_used;
DROP TABLE rendered_pages;
