-- The files a queued mail attaches (a visitor's CV or picture for the
-- agency's notice), kept apart from River's job arguments: a job holds
-- only their IDs, so the bytes are not copied into every job row read
-- and are deleted as soon as the mail is sent or failed for good, not
-- kept with the job for its 30 days (internal/adapter/mailqueue). job_id is
-- set in the transaction that queues the mail.

-- +goose Up
CREATE TABLE mail_attachments (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job_id BIGINT,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    data BYTEA NOT NULL
);
CREATE INDEX mail_attachments_job ON mail_attachments (job_id);

-- +goose Down
DROP TABLE mail_attachments;
