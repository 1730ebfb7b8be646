-- +goose Up
-- The agency's side of the agenda (the inbox): a booking the agency moves
-- counts its revisions (the SEQUENCE of the .ics the visitor gets, so their
-- calendar replaces the earlier one), and the slot rules the agency saves
-- in the inbox (agenda.EncodeRules) replace the configuration's, for every
-- server, until reset.
ALTER TABLE bookings ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
CREATE TABLE agenda_rules (
    id         INTEGER     PRIMARY KEY CHECK (id = 1),
    rules      JSONB       NOT NULL,
    version    BIGINT      NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE agenda_rules;
ALTER TABLE bookings DROP COLUMN revision;
