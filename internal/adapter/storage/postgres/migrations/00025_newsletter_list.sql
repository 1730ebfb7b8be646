-- +goose Up
-- The inbox's list of newsletter subscribers (newsletter.Directory): by
-- state, newest first.
CREATE INDEX newsletter_subscribers_state ON newsletter_subscribers (state, id);

-- +goose Down
DROP INDEX newsletter_subscribers_state;
