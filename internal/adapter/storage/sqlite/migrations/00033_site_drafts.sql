-- +goose Up
-- Drafts of the site's configuration: checked by the same rules as a
-- published version, served only to the staff under /admin/preview/, never
-- cached, indexed or counted; publishing one makes it a site_versions row.
CREATE TABLE site_drafts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    config     BLOB NOT NULL,
    created_by TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- +goose Down
DROP TABLE site_drafts;
