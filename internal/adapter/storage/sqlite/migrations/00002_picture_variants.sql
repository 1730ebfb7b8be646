-- The resized variants of the site's own pictures (internal/adapter/pictures), made
-- ahead of time by the background worker and served from here, so a request
-- never encodes. source is the picture's URL path; width and height are the
-- variant's own pixel size; original is the fingerprint of the original the
-- variant was made from (a changed picture makes its variants stale); etag
-- is the fingerprint of data.

-- +goose Up
CREATE TABLE picture_variants (
    source     TEXT    NOT NULL,
    width      INTEGER NOT NULL CHECK (width > 0),
    format     TEXT    NOT NULL CHECK (format IN ('jpeg', 'webp')),
    height     INTEGER NOT NULL CHECK (height > 0),
    original   TEXT    NOT NULL,
    etag       TEXT    NOT NULL,
    data       BLOB    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (source, width, format)
);

-- +goose Down
DROP TABLE picture_variants;
