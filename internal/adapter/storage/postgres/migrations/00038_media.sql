-- +goose Up
-- The site's picture library (issue #32): the pictures the staff upload
-- for the site, kept here so that every server serves them (their variants
-- go to picture_variants like the demo's), with their alternative text per
-- language as JSON ({"fr": "…"}).
CREATE TABLE media (
    id         BIGSERIAL PRIMARY KEY,
    name       TEXT NOT NULL,
    mime       TEXT NOT NULL,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    size       INTEGER NOT NULL,
    alt        TEXT NOT NULL DEFAULT '{}',
    created_by TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    data       BYTEA NOT NULL
);

-- +goose Down
DROP TABLE media;
