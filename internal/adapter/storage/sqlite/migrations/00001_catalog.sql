-- Each listing is stored as the JSON document of its domain type: the types
-- are wide and evolve, and queries run on the in-memory index built by Load.
-- Only the columns the store itself filters on (or an operator may want to
-- inspect with the sqlite3 shell) are broken out.
--
-- Ids are INTEGER PRIMARY KEY (not BIGINT) so they alias the rowid; SQLite
-- integers are 64-bit anyway.

-- +goose Up
CREATE TABLE catalog_meta (
    id         INTEGER PRIMARY KEY CHECK (id = 1), -- exactly one row
    version    BIGINT  NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL
);
INSERT INTO catalog_meta (id, version, updated_at)
VALUES (1, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

CREATE TABLE property_types (
    id   INTEGER PRIMARY KEY,
    data TEXT    NOT NULL CHECK (json_valid(data))
);

CREATE TABLE properties (
    id         INTEGER PRIMARY KEY,
    online     BOOLEAN NOT NULL CHECK (online IN (0, 1)),
    status     TEXT    NOT NULL,
    goal       INTEGER NOT NULL,
    data       TEXT    NOT NULL CHECK (json_valid(data)),
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE INDEX properties_online ON properties (id) WHERE online;

CREATE TABLE projects (
    id         INTEGER PRIMARY KEY,
    online     BOOLEAN NOT NULL CHECK (online IN (0, 1)),
    data       TEXT    NOT NULL CHECK (json_valid(data)),
    updated_at TEXT    NOT NULL
);
CREATE INDEX projects_online ON projects (id) WHERE online;

-- +goose Down
DROP TABLE projects;
DROP TABLE properties;
DROP TABLE property_types;
DROP TABLE catalog_meta;
