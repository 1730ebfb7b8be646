-- The resized variants of the site's own pictures (internal/adapter/pictures), made
-- ahead of time by the background worker and served from here, so a request
-- never encodes; in the database so that several servers share them. Same
-- meaning as the SQLite schema.

-- +goose Up
CREATE TABLE picture_variants (
    source     TEXT        NOT NULL,
    width      INT         NOT NULL CHECK (width > 0),
    format     TEXT        NOT NULL CHECK (format IN ('jpeg', 'webp')),
    height     INT         NOT NULL CHECK (height > 0),
    original   TEXT        NOT NULL,
    etag       TEXT        NOT NULL,
    data       BYTEA       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (source, width, format)
);
-- JPEG and WebP are compressed already: keep them out of line without
-- trying to compress them again.
ALTER TABLE picture_variants ALTER COLUMN data SET STORAGE EXTERNAL;

-- +goose Down
DROP TABLE picture_variants;
