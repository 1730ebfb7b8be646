-- +goose NO TRANSACTION
-- The agency's inbox (package inbox): a request's status widens to new,
-- in_progress, done and spam ('handled' becomes 'done'), it may be assigned
-- to a staff account, staff add notes, and every change is written to the
-- audit log in the change's transaction. `search` holds the words the
-- inbox's search looks in (names, address, remark; inbox.SearchText), with
-- an FTS5 index on it kept by triggers; request_mails ties a mail job to
-- the request it is about.
--
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt
-- (https://sqlite.org/lang_altertable.html#otheralter), with foreign keys
-- off, which only works outside a transaction — hence NO TRANSACTION and
-- the explicit BEGIN/COMMIT (the store's writer is one connection, so every
-- statement here runs on it). Dropping the old table with foreign keys on
-- would cascade to request_files.

-- +goose Up
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE requests_next (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL,
    lang        TEXT    NOT NULL,
    page        TEXT    NOT NULL DEFAULT '',
    property_id INTEGER,           -- NULL: none
    project_id  INTEGER,           -- NULL: none
    created_at  TEXT    NOT NULL,
    ip_hash     TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'done', 'spam')),
    data        TEXT    NOT NULL CHECK (json_valid(data)),
    fingerprint TEXT,
    assignee_id INTEGER,           -- a staff account; NULL: nobody
    search      TEXT    NOT NULL DEFAULT ''
);
-- The stored requests' words as they are: FTS5's tokenizer folds case and
-- accents and splits on punctuation like inbox.SearchText.
INSERT INTO requests_next (id, kind, lang, page, property_id, project_id, created_at, ip_hash, status, data,
    fingerprint, search)
SELECT id, kind, lang, page, property_id, project_id, created_at, ip_hash,
    CASE status WHEN 'handled' THEN 'done' ELSE status END, data, fingerprint,
    trim(coalesce(json_extract(data, '$.person.firstName'), '') || ' ' ||
         coalesce(json_extract(data, '$.person.lastName'), '') || ' ' ||
         coalesce(json_extract(data, '$.person.email'), '') || ' ' ||
         coalesce(json_extract(data, '$.remark'), ''))
FROM requests;
DROP TABLE requests;
ALTER TABLE requests_next RENAME TO requests;

CREATE INDEX requests_sender ON requests (ip_hash, created_at);
CREATE UNIQUE INDEX requests_fingerprint ON requests (fingerprint);
-- The inbox's list is in the order leads came in, the id (the rowid, which
-- ends every index): one index per filter, walked backwards from the
-- newest; a time range becomes an id range through requests_created.
CREATE INDEX requests_created ON requests (created_at);
CREATE INDEX requests_status ON requests (status);
CREATE INDEX requests_kind ON requests (kind);
CREATE INDEX requests_lang ON requests (lang);
CREATE INDEX requests_property ON requests (property_id, created_at) WHERE property_id IS NOT NULL;
CREATE INDEX requests_project ON requests (project_id) WHERE project_id IS NOT NULL;
CREATE INDEX requests_assignee ON requests (assignee_id) WHERE assignee_id IS NOT NULL;

CREATE VIRTUAL TABLE requests_fts USING fts5 (
    search, content = 'requests', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
INSERT INTO requests_fts (requests_fts) VALUES ('rebuild');
-- +goose StatementBegin
CREATE TRIGGER requests_fts_insert AFTER INSERT ON requests BEGIN
    INSERT INTO requests_fts (rowid, search) VALUES (new.id, new.search);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER requests_fts_delete AFTER DELETE ON requests BEGIN
    INSERT INTO requests_fts (requests_fts, rowid, search) VALUES ('delete', old.id, old.search);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER requests_fts_update AFTER UPDATE OF search ON requests BEGIN
    INSERT INTO requests_fts (requests_fts, rowid, search) VALUES ('delete', old.id, old.search);
    INSERT INTO requests_fts (rowid, search) VALUES (new.id, new.search);
END;
-- +goose StatementEnd

CREATE TABLE request_notes (
    id         INTEGER PRIMARY KEY,
    request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    author_id  INTEGER NOT NULL,   -- a staff account
    text       TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
CREATE INDEX request_notes_request ON request_notes (request_id, id);

-- Who changed what and when: one row per change, in the change's
-- transaction; never updated. The actor is a staff account (no foreign key:
-- the log outlives an account).
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    at          TEXT    NOT NULL,
    actor_id    INTEGER NOT NULL,
    action      TEXT    NOT NULL,
    target_kind TEXT    NOT NULL,
    target_id   INTEGER NOT NULL,
    before      TEXT    NOT NULL DEFAULT '',
    after       TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id);

-- The mails queued about a request (mailqueue.Enqueue, from
-- mail.Message.Request), in the request's transaction: its detail shows
-- their delivery. A job River deleted (sent 30 days ago) leaves its row.
CREATE TABLE request_mails (
    request_id INTEGER NOT NULL,
    job_id     INTEGER NOT NULL,
    PRIMARY KEY (request_id, job_id)
);

PRAGMA foreign_key_check;
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
DROP TABLE request_mails;
DROP TABLE audit_log;
DROP TABLE request_notes;
DROP TABLE requests_fts;
CREATE TABLE requests_prev (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL,
    lang        TEXT    NOT NULL,
    page        TEXT    NOT NULL DEFAULT '',
    property_id INTEGER,
    project_id  INTEGER,
    created_at  TEXT    NOT NULL,
    ip_hash     TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'handled')),
    data        TEXT    NOT NULL CHECK (json_valid(data)),
    fingerprint TEXT
);
INSERT INTO requests_prev
SELECT id, kind, lang, page, property_id, project_id, created_at, ip_hash,
    CASE status WHEN 'new' THEN 'new' WHEN 'in_progress' THEN 'new' ELSE 'handled' END, data, fingerprint
FROM requests;
DROP TABLE requests;
ALTER TABLE requests_prev RENAME TO requests;
CREATE INDEX requests_sender ON requests (ip_hash, created_at);
CREATE INDEX requests_new ON requests (created_at) WHERE status = 'new';
CREATE UNIQUE INDEX requests_fingerprint ON requests (fingerprint);
CREATE INDEX requests_property ON requests (property_id, created_at) WHERE property_id IS NOT NULL;
COMMIT;
PRAGMA foreign_keys = ON;
