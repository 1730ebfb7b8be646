-- Visitors' requests and what keeps the forms honest. A request is its few
-- columns the agency sorts and brakes by, plus the person, remark and the
-- kind's own fields as one JSON document (like the catalog's listings);
-- never the sender's IP address, only its keyed hash. Uploads are stored
-- with their request, in the same transaction, and served from nowhere.
--
-- Bookings take a place in an agenda slot: agenda_slots holds the places
-- taken per slot start (UTC), and a booking raises it with one guarded
-- upsert (taken < capacity), which the single writer serialises. A cancel
-- link's token is kept hashed; cancelling marks the booking and frees its
-- place once.
--
-- spent_challenges makes an anti-spam challenge usable once across servers
-- (its signature is the key); rate_hits counts attempts per key and fixed
-- window, refused ones included. Both are purged by time.

-- +goose Up
CREATE TABLE requests (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL,
    lang        TEXT    NOT NULL,
    page        TEXT    NOT NULL DEFAULT '',
    property_id INTEGER,           -- NULL: none
    project_id  INTEGER,           -- NULL: none
    created_at  TEXT    NOT NULL,
    ip_hash     TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'handled')),
    data        TEXT    NOT NULL CHECK (json_valid(data))
);
CREATE INDEX requests_sender ON requests (ip_hash, created_at);
CREATE INDEX requests_new ON requests (created_at) WHERE status = 'new';

CREATE TABLE request_files (
    request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    field      TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    type       TEXT    NOT NULL,
    size       INTEGER NOT NULL CHECK (size = length(data)),
    data       BLOB    NOT NULL,
    PRIMARY KEY (request_id, field)
);

CREATE TABLE agenda_slots (
    start_at TEXT    PRIMARY KEY,
    taken    INTEGER NOT NULL CHECK (taken >= 0)
);

CREATE TABLE bookings (
    id           INTEGER PRIMARY KEY,
    start_at     TEXT    NOT NULL REFERENCES agenda_slots (start_at),
    property_id  INTEGER,          -- NULL: a meeting at the agency
    request_id   INTEGER REFERENCES requests (id),
    cancel_hash  BLOB    UNIQUE,   -- SHA-256 of the cancel token
    created_at   TEXT    NOT NULL,
    cancelled_at TEXT
);
CREATE INDEX bookings_start ON bookings (start_at);

CREATE TABLE spent_challenges (
    key        TEXT PRIMARY KEY,
    expires_at TEXT NOT NULL
);
CREATE INDEX spent_challenges_expiry ON spent_challenges (expires_at);

CREATE TABLE rate_hits (
    key          TEXT    NOT NULL,
    window_start TEXT    NOT NULL,
    hits         INTEGER NOT NULL,
    PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_hits_window ON rate_hits (window_start);

-- +goose Down
DROP TABLE rate_hits;
DROP TABLE spent_challenges;
DROP TABLE bookings;
DROP TABLE agenda_slots;
DROP TABLE request_files;
DROP TABLE requests;
