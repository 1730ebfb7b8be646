-- +goose Up
-- The CRM's pictures fetched into the site (issue #33), by the key of
-- their address: the validators and hash of the CRM's last answer, the
-- picture as served (checked by content, re-encoded), when it was fetched
-- and checked, and why the last fetch failed.
CREATE TABLE feed_pictures (
    key           TEXT PRIMARY KEY,
    url           TEXT NOT NULL,
    name          TEXT NOT NULL,
    feed_id       BIGINT NOT NULL,
    etag          TEXT NOT NULL DEFAULT '',
    last_modified TEXT NOT NULL DEFAULT '',
    hash          TEXT NOT NULL DEFAULT '',
    width         INTEGER NOT NULL DEFAULT 0,
    height        INTEGER NOT NULL DEFAULT 0,
    size          INTEGER NOT NULL DEFAULT 0,
    data          BYTEA,
    fetched_at    TIMESTAMPTZ,
    checked_at    TIMESTAMPTZ,
    error         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX feed_pictures_due ON feed_pictures (feed_id, checked_at);

-- +goose Down
DROP TABLE feed_pictures;
