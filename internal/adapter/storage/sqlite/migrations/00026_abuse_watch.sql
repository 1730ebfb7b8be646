-- +goose Up
-- The inbox's abuse page (antispam.Abuse): the keys held at a limit, with
-- whom they brake in clear (an IP or email address) for the staff who may
-- release them, kept only until the limit's window ends (the hourly purge);
-- and the refusals counted per hour, reason and where they happened, kept
-- 30 days.
CREATE TABLE abuse_holds (
    key          TEXT    NOT NULL,
    window_start TEXT    NOT NULL,
    limit_name   TEXT    NOT NULL,
    who          TEXT    NOT NULL,
    area         TEXT    NOT NULL,
    max_hits     INTEGER NOT NULL,
    held_until   TEXT    NOT NULL,
    PRIMARY KEY (key, window_start)
);
CREATE INDEX abuse_holds_until ON abuse_holds (held_until);

CREATE TABLE refusal_tallies (
    hour   TEXT    NOT NULL,
    reason TEXT    NOT NULL,
    area   TEXT    NOT NULL,
    n      INTEGER NOT NULL,
    PRIMARY KEY (hour, reason, area)
);

-- +goose Down
DROP TABLE refusal_tallies;
DROP TABLE abuse_holds;
