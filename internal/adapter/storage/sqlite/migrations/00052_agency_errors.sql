-- +goose Up
-- The server errors (5xx) each agency's site answered, counted per hour
-- (issue #35: the operator sees each agency's errors). Every server adds
-- its counts once a minute; rows older than 30 days go.
CREATE TABLE agency_errors (
    agency_id INTEGER NOT NULL,
    hour      TEXT    NOT NULL,
    count     INTEGER NOT NULL,
    PRIMARY KEY (agency_id, hour)
);

-- +goose Down
DROP TABLE agency_errors;
