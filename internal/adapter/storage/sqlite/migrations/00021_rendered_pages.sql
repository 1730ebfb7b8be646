-- +goose Up
-- Server-rendered pages by what they are made of (package rendered): the
-- SHA-256 of a page's build, status, language, head and page object, its
-- document compressed, and when it was last used, for the bound in bytes
-- (the least recently used go first). Every server reads and writes it, so
-- a page rendered by one is served by the others, and by itself after a
-- restart.
CREATE TABLE rendered_pages (
    key     BLOB NOT NULL PRIMARY KEY CHECK (length(key) = 32),
    body    BLOB NOT NULL,
    size    INTEGER NOT NULL CHECK (size >= 0),
    used_at TEXT NOT NULL
);
CREATE INDEX rendered_pages_used ON rendered_pages (used_at);
-- The bytes stored, kept with every insert and delete: the bound is checked
-- without summing the table.
CREATE TABLE rendered_total (
    id    INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    bytes INTEGER NOT NULL CHECK (bytes >= 0)
);
INSERT INTO rendered_total (id, bytes) VALUES (1, 0);

-- +goose Down
DROP TABLE rendered_total;
DROP INDEX rendered_pages_used;
DROP TABLE rendered_pages;
