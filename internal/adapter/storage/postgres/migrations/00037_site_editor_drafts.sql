-- +goose Up
-- The site editor (issue #32). A draft remembers the published version it
-- started from (a publish over a newer one is refused: another editor's
-- work is never lost silently) and who changed it last. site_head is the
-- version served: a publication moves it in its transaction, only from the
-- version it was made over when it names one, so two publications made
-- over the same version cannot both pass, on any number of servers. A
-- draft may be scheduled (publish_at, by scheduled_by): the server that
-- claims it when due publishes it; why it could not stays in
-- schedule_failed (a translation key).
ALTER TABLE site_drafts ADD COLUMN base_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE site_drafts ADD COLUMN updated_by TEXT NOT NULL DEFAULT '';
ALTER TABLE site_drafts ADD COLUMN publish_at TIMESTAMPTZ;
ALTER TABLE site_drafts ADD COLUMN scheduled_by BIGINT NOT NULL DEFAULT 0;
ALTER TABLE site_drafts ADD COLUMN schedule_failed TEXT NOT NULL DEFAULT '';
CREATE INDEX site_drafts_due ON site_drafts (publish_at);
CREATE TABLE site_head (
    one     INTEGER PRIMARY KEY CHECK (one = 1),
    version BIGINT NOT NULL
);
INSERT INTO site_head (one, version) SELECT 1, COALESCE(MAX(id), 0) FROM site_versions;

-- +goose Down
DROP TABLE site_head;
DROP INDEX site_drafts_due;
ALTER TABLE site_drafts DROP COLUMN schedule_failed;
ALTER TABLE site_drafts DROP COLUMN scheduled_by;
ALTER TABLE site_drafts DROP COLUMN publish_at;
ALTER TABLE site_drafts DROP COLUMN updated_by;
ALTER TABLE site_drafts DROP COLUMN base_version;
