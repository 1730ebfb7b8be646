-- +goose NO TRANSACTION
-- A request's, an account's or a testimonial's number is never given
-- again. Without AUTOINCREMENT SQLite numbers a new row one past the
-- largest it holds, so deleting the newest (a registrant erasing their
-- account and their registrations, a testimonial deleted) gave its number
-- to the next: the audit log's entries about the old one then read as the
-- new one's history, the inbox's links to it lead to someone else.
-- PostgreSQL's sequences never go back (its twin of this migration does
-- nothing).
--
-- SQLite adds AUTOINCREMENT to a table only by rebuilding it
-- (https://sqlite.org/lang_altertable.html#otheralter), with foreign keys
-- off, outside a transaction — as 00022 does; the columns, checks, indexes
-- and triggers are those the table has at 00033. The ids are copied, and
-- sqlite_sequence starts at the largest.

-- +goose Up
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE requests_next (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO requests_next (id, kind, lang, page, property_id, project_id, created_at, ip_hash, status, data,
    fingerprint, assignee_id, search)
SELECT id, kind, lang, page, property_id, project_id, created_at, ip_hash, status, data,
    fingerprint, assignee_id, search
FROM requests;
DROP TABLE requests;
ALTER TABLE requests_next RENAME TO requests;
CREATE INDEX requests_sender ON requests (ip_hash, created_at);
CREATE UNIQUE INDEX requests_fingerprint ON requests (fingerprint);
CREATE INDEX requests_created ON requests (created_at);
CREATE INDEX requests_status ON requests (status);
CREATE INDEX requests_kind ON requests (kind);
CREATE INDEX requests_lang ON requests (lang);
CREATE INDEX requests_property ON requests (property_id, created_at) WHERE property_id IS NOT NULL;
CREATE INDEX requests_project ON requests (project_id) WHERE project_id IS NOT NULL;
CREATE INDEX requests_assignee ON requests (assignee_id) WHERE assignee_id IS NOT NULL;
CREATE INDEX requests_register_email ON requests (lower(trim(data->'person'->>'email')), id)
    WHERE kind = 'demand-register';
-- The search index keeps its rows (the same ids); its triggers went with
-- the old table.
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

CREATE TABLE accounts_next (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    role                TEXT    NOT NULL CHECK (role IN ('registrant', 'owner', 'staff')),
    email               TEXT    NOT NULL,
    first_name          TEXT    NOT NULL,
    last_name           TEXT    NOT NULL,
    lang                TEXT    NOT NULL,
    password_hash       TEXT    NOT NULL,
    created_at          TEXT    NOT NULL,
    disabled            BOOLEAN NOT NULL DEFAULT FALSE,
    alert_frequency     TEXT    NOT NULL DEFAULT 'instant' CHECK (alert_frequency IN ('instant', 'daily')),
    weekly_report       BOOLEAN NOT NULL DEFAULT TRUE,
    password_changed_at TEXT,
    staff_role          TEXT
        CHECK (CASE WHEN role = 'staff' THEN coalesce(staff_role IN ('admin', 'agent'), FALSE) ELSE staff_role IS NULL END),
    email_confirmed_at  TEXT,
    UNIQUE (role, email)
);
INSERT INTO accounts_next (id, role, email, first_name, last_name, lang, password_hash, created_at, disabled,
    alert_frequency, weekly_report, password_changed_at, staff_role, email_confirmed_at)
SELECT id, role, email, first_name, last_name, lang, password_hash, created_at, disabled,
    alert_frequency, weekly_report, password_changed_at, staff_role, email_confirmed_at
FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_next RENAME TO accounts;

CREATE TABLE testimonials_next (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL,
    comment    TEXT    NOT NULL,
    website    TEXT    NOT NULL DEFAULT '',
    picture    TEXT    NOT NULL DEFAULT '',
    about      TEXT    NOT NULL DEFAULT '',
    lang       TEXT    NOT NULL DEFAULT '',
    approved   BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT    NOT NULL,
    request_id INTEGER REFERENCES requests (id) ON DELETE SET NULL
);
INSERT INTO testimonials_next (id, name, comment, website, picture, about, lang, approved, created_at, request_id)
SELECT id, name, comment, website, picture, about, lang, approved, created_at, request_id
FROM testimonials;
DROP TABLE testimonials;
ALTER TABLE testimonials_next RENAME TO testimonials;
CREATE INDEX testimonials_approved ON testimonials (created_at) WHERE approved;
CREATE INDEX testimonials_pending ON testimonials (created_at) WHERE NOT approved;
CREATE INDEX testimonials_review ON testimonials (approved, id);

PRAGMA foreign_key_check;
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
-- Numbers that are never given again harm nothing: the tables stay as
-- they are.
SELECT 1;
