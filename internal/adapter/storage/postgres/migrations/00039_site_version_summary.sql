-- +goose Up
-- What a version changed of the one it was published over, as the site's
-- history shows it: JSON of agency.Summary (at most 50 changes and how
-- many more). NULL for the versions published before, and the first.
ALTER TABLE site_versions ADD COLUMN summary TEXT;

-- +goose Down
ALTER TABLE site_versions DROP COLUMN summary;
