-- +goose Up
-- A keyed hash of what a form posted (lead.Request.Fingerprint): the same
-- post sent twice (two tabs, a second press without JavaScript) is stored
-- once. Forgotten (set NULL) after a day, so the same request may be sent
-- again later.
ALTER TABLE requests ADD COLUMN fingerprint TEXT;
CREATE UNIQUE INDEX requests_fingerprint ON requests (fingerprint);

-- +goose Down
DROP INDEX requests_fingerprint;
ALTER TABLE requests DROP COLUMN fingerprint;
