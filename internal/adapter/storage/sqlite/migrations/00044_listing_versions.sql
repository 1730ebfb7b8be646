-- +goose Up
-- The catalog version that last wrote each listing (issue #33): a server
-- whose index is at version V reads only the listings written after it
-- (catalog.Store.Changes) and patches its index, rather than decoding the
-- whole catalog after a CRM run changed 1 % of it. 0: before this column.
-- And the hash of each listing's stored document: an import compares the
-- document it would write with it and sends nothing for an unchanged one
-- (the database parsing 10 000 documents to find 100 changed cost a
-- second). '': not known yet (the next import that sees it sets it).
ALTER TABLE properties ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE properties ADD COLUMN doc_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN doc_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX properties_version ON properties (version);
CREATE INDEX projects_version ON projects (version);

-- +goose Down
DROP INDEX projects_version;
DROP INDEX properties_version;
ALTER TABLE projects DROP COLUMN doc_hash;
ALTER TABLE properties DROP COLUMN doc_hash;
ALTER TABLE projects DROP COLUMN version;
ALTER TABLE properties DROP COLUMN version;
