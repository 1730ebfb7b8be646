-- +goose Up
-- The agency's site configuration, published as numbered versions (a file
-- imported at start or by `immo config import`, later the site editor):
-- every server serves the latest and notices a new one within seconds.
-- config is the file's bytes as given; sha256 finds a file published
-- before, so a server started again with it does not publish it again.
CREATE TABLE site_versions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    config     BLOB NOT NULL,
    sha256     BLOB NOT NULL,
    created_by TEXT NOT NULL DEFAULT '',
    note       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);
CREATE INDEX site_versions_sha256 ON site_versions (sha256);

-- +goose Down
DROP TABLE site_versions;
