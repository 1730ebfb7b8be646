-- The newsletter's subscribers (double opt-in: pending until confirmed by a
-- mailed link) and the SHA-256 of their links' tokens, each usable once.

-- +goose Up
CREATE TABLE newsletter_subscribers (
    id         BIGSERIAL   PRIMARY KEY,
    email      TEXT        NOT NULL UNIQUE,
    lang       TEXT        NOT NULL,
    state      TEXT        NOT NULL CHECK (state IN ('pending', 'confirmed', 'unsubscribed')),
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE newsletter_tokens (
    hash          TEXT        PRIMARY KEY,
    subscriber_id BIGINT      NOT NULL REFERENCES newsletter_subscribers (id) ON DELETE CASCADE,
    purpose       TEXT        NOT NULL CHECK (purpose IN ('confirm', 'unsubscribe')),
    created_at    TIMESTAMPTZ NOT NULL,
    used_at       TIMESTAMPTZ
);
CREATE INDEX newsletter_tokens_subscriber ON newsletter_tokens (subscriber_id);

-- +goose Down
DROP TABLE newsletter_tokens;
DROP TABLE newsletter_subscribers;
