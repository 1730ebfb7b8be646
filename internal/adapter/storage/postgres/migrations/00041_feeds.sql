-- +goose Up
-- The CRM's feeds (issue #33): where the catalog is pulled from and on
-- which schedule, with their secrets sealed (account.SecretBox), what the
-- runs leave (validators, failures in a row), a lease so that one run at
-- a time works a feed, and the body of a run the guard stopped.
CREATE TABLE feeds (
    id            BIGSERIAL PRIMARY KEY,
    name          TEXT NOT NULL,
    url           TEXT NOT NULL,
    auth          TEXT NOT NULL,
    auth_name     TEXT NOT NULL DEFAULT '',
    secret        TEXT NOT NULL DEFAULT '',
    every_seconds INTEGER NOT NULL DEFAULT 0,
    daily         TEXT NOT NULL DEFAULT '',
    max_offline   INTEGER NOT NULL,
    paused        BOOLEAN NOT NULL DEFAULT FALSE,
    push_key      TEXT NOT NULL DEFAULT '',
    created_by    TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL,
    next_run_at   TIMESTAMPTZ,
    etag          TEXT NOT NULL DEFAULT '',
    last_modified TEXT NOT NULL DEFAULT '',
    content_hash  TEXT NOT NULL DEFAULT '',
    failures      INTEGER NOT NULL DEFAULT 0,
    alerted       BOOLEAN NOT NULL DEFAULT FALSE,
    last_run      BIGINT NOT NULL DEFAULT 0,
    locked_until  TIMESTAMPTZ
);

CREATE TABLE feed_holds (
    feed_id BIGINT PRIMARY KEY REFERENCES feeds (id) ON DELETE CASCADE,
    run_id  BIGINT NOT NULL,
    body    BYTEA NOT NULL
);

ALTER TABLE feed_runs ADD COLUMN feed_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE feed_runs ADD COLUMN http_status INTEGER NOT NULL DEFAULT 0;
CREATE INDEX feed_runs_feed ON feed_runs (feed_id, id);

-- +goose Down
DROP INDEX feed_runs_feed;
ALTER TABLE feed_runs DROP COLUMN http_status;
ALTER TABLE feed_runs DROP COLUMN feed_id;
DROP TABLE feed_holds;
DROP TABLE feeds;
