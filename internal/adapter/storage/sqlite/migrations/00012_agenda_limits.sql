-- +goose Up
-- A slot's places per property (agenda.Rules.PropertyCapacity), and who
-- booked — keyed hashes of the address typed and of the IP, never either —
-- so that one visitor or sender holds a bounded number of visits.
CREATE TABLE agenda_property_slots (
    start_at    TEXT    NOT NULL,
    property_id INTEGER NOT NULL,
    taken       INTEGER NOT NULL CHECK (taken >= 0),
    PRIMARY KEY (start_at, property_id)
);
ALTER TABLE bookings ADD COLUMN visitor_hash TEXT;
ALTER TABLE bookings ADD COLUMN sender_hash TEXT;
CREATE INDEX bookings_visitor ON bookings (visitor_hash, start_at);
CREATE INDEX bookings_sender ON bookings (sender_hash, start_at);
INSERT INTO agenda_property_slots (start_at, property_id, taken)
    SELECT start_at, property_id, count(*) FROM bookings
    WHERE property_id IS NOT NULL AND cancelled_at IS NULL GROUP BY start_at, property_id;

-- +goose Down
DROP INDEX bookings_sender;
DROP INDEX bookings_visitor;
ALTER TABLE bookings DROP COLUMN sender_hash;
ALTER TABLE bookings DROP COLUMN visitor_hash;
DROP TABLE agenda_property_slots;
