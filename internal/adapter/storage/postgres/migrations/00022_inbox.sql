-- +goose Up
-- The agency's inbox (package inbox): a request's status widens to new,
-- in_progress, done and spam ('handled' becomes 'done'), it may be assigned
-- to a staff account, staff add notes, and every change is written to the
-- audit log in the change's transaction. `search` holds the words the
-- inbox's search looks in (names, address, remark) as inbox.SearchText
-- writes them — lower case, accents folded, punctuation as spaces; the
-- stored requests' are made alike below — and search_words their 'simple'
-- tsvector (no stemming, no stop words: names), with a GIN index.
-- request_mails ties a mail job to the request it is about.
ALTER TABLE requests DROP CONSTRAINT requests_status_check;
UPDATE requests SET status = 'done' WHERE status = 'handled';
ALTER TABLE requests ADD CONSTRAINT requests_status_check
    CHECK (status IN ('new', 'in_progress', 'done', 'spam'));
ALTER TABLE requests
    ADD COLUMN assignee_id BIGINT,          -- a staff account; NULL: nobody
    ADD COLUMN search      TEXT NOT NULL DEFAULT '';
UPDATE requests SET search = btrim(regexp_replace(lower(translate(
    concat_ws(' ', data->'person'->>'firstName', data->'person'->>'lastName',
        data->'person'->>'email', data->>'remark'),
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy')), '[^[:alnum:]]+', ' ', 'g'));

DROP INDEX requests_new;
-- The inbox's list is in the order leads came in, the id: one index per
-- filter ending in the id, walked backwards from the newest; a time range
-- becomes an id range through requests_created.
CREATE INDEX requests_created ON requests (created_at);
CREATE INDEX requests_status ON requests (status, id);
CREATE INDEX requests_kind ON requests (kind, id);
CREATE INDEX requests_lang ON requests (lang, id);
CREATE INDEX requests_property_id ON requests (property_id, id) WHERE property_id IS NOT NULL;
CREATE INDEX requests_project ON requests (project_id, id) WHERE project_id IS NOT NULL;
CREATE INDEX requests_assignee ON requests (assignee_id, id) WHERE assignee_id IS NOT NULL;
-- The words as a stored tsvector, not an index on an expression: a plan
-- that walks the ids newest first and tests each row (a frequent word)
-- reads the vector instead of parsing the text again for every row.
ALTER TABLE requests ADD COLUMN search_words TSVECTOR
    GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
CREATE INDEX requests_search ON requests USING GIN (search_words);

CREATE TABLE request_notes (
    id         BIGSERIAL   PRIMARY KEY,
    request_id BIGINT      NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    author_id  BIGINT      NOT NULL,   -- a staff account
    text       TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX request_notes_request ON request_notes (request_id, id);

-- Who changed what and when: one row per change, in the change's
-- transaction; never updated. The actor is a staff account (no foreign key:
-- the log outlives an account).
CREATE TABLE audit_log (
    id          BIGSERIAL   PRIMARY KEY,
    at          TIMESTAMPTZ NOT NULL,
    actor_id    BIGINT      NOT NULL,
    action      TEXT        NOT NULL,
    target_kind TEXT        NOT NULL,
    target_id   BIGINT      NOT NULL,
    before      TEXT        NOT NULL DEFAULT '',
    after       TEXT        NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id);

-- The mails queued about a request (mailqueue.Enqueue, from
-- mail.Message.Request), in the request's transaction: its detail shows
-- their delivery. A job River deleted (sent 30 days ago) leaves its row.
CREATE TABLE request_mails (
    request_id BIGINT NOT NULL,
    job_id     BIGINT NOT NULL,
    PRIMARY KEY (request_id, job_id)
);

-- +goose Down
DROP TABLE request_mails;
DROP TABLE audit_log;
DROP TABLE request_notes;
DROP INDEX requests_search;
DROP INDEX requests_property_id;
DROP INDEX requests_assignee;
DROP INDEX requests_project;
DROP INDEX requests_lang;
DROP INDEX requests_kind;
DROP INDEX requests_status;
DROP INDEX requests_created;
CREATE INDEX requests_new ON requests (created_at) WHERE status = 'new';
ALTER TABLE requests DROP COLUMN search_words, DROP COLUMN search, DROP COLUMN assignee_id;
ALTER TABLE requests DROP CONSTRAINT requests_status_check;
UPDATE requests SET status = CASE status WHEN 'in_progress' THEN 'new' WHEN 'new' THEN 'new' ELSE 'handled' END;
ALTER TABLE requests ADD CONSTRAINT requests_status_check CHECK (status IN ('new', 'handled'));
