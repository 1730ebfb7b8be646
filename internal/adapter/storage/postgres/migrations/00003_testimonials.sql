-- Testimonials left by visitors; only approved ones are shown. content_meta
-- holds a version per kind of content, bumped on every change, so servers
-- sharing the database know when to reload.

-- +goose Up
CREATE TABLE testimonials (
    id         BIGSERIAL   PRIMARY KEY,
    name       TEXT        NOT NULL,
    comment    TEXT        NOT NULL,
    website    TEXT        NOT NULL DEFAULT '',
    picture    TEXT        NOT NULL DEFAULT '',
    about      TEXT        NOT NULL DEFAULT '',
    lang       TEXT        NOT NULL DEFAULT '',
    approved   BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX testimonials_approved ON testimonials (created_at) WHERE approved;
CREATE TABLE content_meta (
    name    TEXT   PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO content_meta (name, version) VALUES ('testimonials', 0);

-- +goose Down
DROP TABLE content_meta;
DROP TABLE testimonials;
