-- +goose Up
-- The listings each CRM feed delivered in its last applied run (JSON:
-- {"properties": [...], "projects": [...]}): another feed's run leaves
-- them as they are rather than take them offline (issue #33).
ALTER TABLE feeds ADD COLUMN listings TEXT NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE feeds DROP COLUMN listings;
