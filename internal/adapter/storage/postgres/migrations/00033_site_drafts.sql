-- +goose Up
-- Drafts of the site's configuration: checked by the same rules as a
-- published version, served only to the staff under /admin/preview/, never
-- cached, indexed or counted; publishing one makes it a site_versions row.
CREATE TABLE site_drafts (
    id         BIGSERIAL PRIMARY KEY,
    config     BYTEA NOT NULL,
    created_by TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE site_drafts;
