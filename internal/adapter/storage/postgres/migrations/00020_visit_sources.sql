-- +goose Up
-- Property page visits per Brussels day and source (visit.Source: direct,
-- search, portal, social, mail, site, other), counted with the visits
-- (a visit's source is its first view's of the day), so a day's sources
-- add up to its visits in property_visits. The owner's portal shows the
-- last 30 days.
CREATE TABLE property_sources (
    property_id BIGINT  NOT NULL,
    day         TEXT    NOT NULL CHECK (length(day) = 10),
    source      TEXT    NOT NULL CHECK (length(source) BETWEEN 1 AND 16),
    count       BIGINT  NOT NULL CHECK (count >= 0),
    PRIMARY KEY (property_id, day, source)
);
-- The owner's portal reads a property's requests, newest first, and each
-- visit request's booking.
CREATE INDEX requests_property ON requests (property_id, created_at) WHERE property_id IS NOT NULL;
CREATE INDEX bookings_request ON bookings (request_id) WHERE request_id IS NOT NULL;

-- +goose Down
DROP INDEX bookings_request;
DROP INDEX requests_property;
DROP TABLE property_sources;
