-- Each listing is stored as the JSON document of its domain type: the types
-- are wide and evolve, and queries run on the in-memory index built by Load.
-- Only the columns the store itself filters on (or an operator may want to
-- inspect with psql) are broken out. Same meaning as the SQLite schema.

-- +goose Up
CREATE TABLE catalog_meta (
    id         SMALLINT    PRIMARY KEY DEFAULT 1 CHECK (id = 1), -- exactly one row
    version    BIGINT      NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
INSERT INTO catalog_meta (id) VALUES (1);

CREATE TABLE property_types (
    id   BIGINT PRIMARY KEY,
    data JSONB  NOT NULL
);

CREATE TABLE properties (
    id         BIGINT      PRIMARY KEY,
    online     BOOLEAN     NOT NULL,
    status     TEXT        NOT NULL,
    goal       INT         NOT NULL,
    data       JSONB       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX properties_online ON properties (id) WHERE online;

CREATE TABLE projects (
    id         BIGINT      PRIMARY KEY,
    online     BOOLEAN     NOT NULL,
    data       JSONB       NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX projects_online ON projects (id) WHERE online;

-- +goose Down
DROP TABLE projects;
DROP TABLE properties;
DROP TABLE property_types;
DROP TABLE catalog_meta;
