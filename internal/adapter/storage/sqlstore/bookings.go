package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"immo/internal/domain/agenda"
	"immo/internal/domain/mail"
)

// Bookings keeps the agenda's bookings (agenda.Store).
type Bookings struct{ s *Store }

// Bookings is the store's agenda.Store.
func (s *Store) Bookings() *Bookings { return &Bookings{s} }

var _ agenda.Store = (*Bookings)(nil)

// Taken implements agenda.Store.
func (b *Bookings) Taken(ctx context.Context, from, to time.Time) (map[time.Time]int, error) {
	out, err := countRows(ctx, b.s.read, func(row scanner) (start time.Time, n int, err error) {
		err = row.Scan(scanTime{&start}, &n)
		return start, n, err
	}, b.s.d.query(`SELECT start_at, taken FROM agenda_slots
		WHERE agency_id = ? AND start_at >= ? AND start_at < ? AND taken > 0`), b.s.agency, b.s.d.Time(from), b.s.d.Time(to))
	if err != nil {
		return nil, b.s.errorf("taken: %w", err)
	}
	return out, nil
}

// TakenBy implements agenda.Store.
func (b *Bookings) TakenBy(ctx context.Context, from, to time.Time) (map[agenda.PropertySlot]int, error) {
	out, err := countRows(ctx, b.s.read, func(row scanner) (k agenda.PropertySlot, n int, err error) {
		err = row.Scan(scanTime{&k.Start}, &k.Property, &n)
		return k, n, err
	}, b.s.d.query(`SELECT start_at, property_id, taken FROM agenda_property_slots
		WHERE agency_id = ? AND start_at >= ? AND start_at < ? AND taken > 0`), b.s.agency, b.s.d.Time(from), b.s.d.Time(to))
	if err != nil {
		return nil, b.s.errorf("taken by property: %w", err)
	}
	return out, nil
}

// Take implements agenda.Store: the place, the booking and fn in one
// transaction; agenda.ErrFull (wrapped) when the slot has no place left.
func (b *Bookings) Take(ctx context.Context, bk agenda.Booking, lim agenda.Limits, fn func(ctx context.Context, tx mail.Tx, id int64) error) (int64, error) {
	id, err := b.s.insertThen(ctx, func(tx *sql.Tx) (int64, error) { return b.take(ctx, tx, bk, lim) }, fn)
	if err != nil {
		return 0, b.s.errorf("take %s: %w", bk.Start.UTC().Format(time.RFC3339), err)
	}
	return id, nil
}

// TakeIn books bk inside tx, a transaction another store of this package
// handed to its callback (a visit request's: the request commits with its
// place, or neither does).
func (b *Bookings) TakeIn(ctx context.Context, tx mail.Tx, bk agenda.Booking, lim agenda.Limits) (int64, error) {
	t, err := sqlTx(tx)
	if err != nil {
		return 0, b.s.errorf("take: %w", err)
	}
	id, err := b.take(ctx, t, bk, lim)
	if err != nil {
		return 0, b.s.errorf("take %s: %w", bk.Start.UTC().Format(time.RFC3339), err)
	}
	return id, nil
}

// take checks the visitor's and the sender's open bookings, then raises
// the slot's count, and the property's in it, only while below their
// capacity — each one statement, atomic on both databases: on PostgreSQL
// the upsert locks the row, so a racing transaction waits, then sees the
// new count; on SQLite the single writer runs one transaction at a time.
// (On PostgreSQL two posts of one visitor at the same instant may both
// pass the open-bookings count: a bound of a few, not of one.) A full
// property leaves the slot's count raised: the caller's transaction rolls
// back on the error.
func (b *Bookings) take(ctx context.Context, tx *sql.Tx, bk agenda.Booking, lim agenda.Limits) (int64, error) {
	if lim.Slot < 1 {
		return 0, agenda.ErrFull
	}
	start := b.s.d.Time(bk.Start)
	for _, who := range []struct {
		column, hash string
		max          int
	}{{"visitor_hash", bk.Visitor, lim.Visitor}, {"sender_hash", bk.Sender, lim.Sender}} {
		if who.hash == "" || who.max < 1 {
			continue
		}
		var open int
		now := lim.Now
		if now.IsZero() {
			now = time.Now()
		}
		if err := tx.QueryRowContext(ctx, b.s.d.query(`SELECT count(*) FROM bookings
			WHERE agency_id = ? AND `+who.column+` = ? AND cancelled_at IS NULL AND start_at > ?`), b.s.agency, who.hash, b.s.d.Time(now)).Scan(&open); err != nil {
			return 0, err
		}
		if open >= who.max {
			return 0, agenda.ErrTooMany
		}
	}
	var taken int
	err := tx.QueryRowContext(ctx, b.s.d.query(`INSERT INTO agenda_slots (agency_id, start_at, taken) VALUES (?, ?, 1)
		ON CONFLICT (`+b.s.d.AgencyKey+`start_at) DO UPDATE SET taken = agenda_slots.taken + 1
		WHERE agenda_slots.taken < ? RETURNING taken`), b.s.agency, start, lim.Slot).Scan(&taken)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, agenda.ErrFull
	}
	if err != nil {
		return 0, err
	}
	if bk.Property > 0 {
		capacity := lim.Property
		if capacity < 1 {
			capacity = lim.Slot
		}
		err := tx.QueryRowContext(ctx, b.s.d.query(`INSERT INTO agenda_property_slots (agency_id, start_at, property_id, taken) VALUES (?, ?, ?, 1)
			ON CONFLICT (`+b.s.d.AgencyKey+`start_at, property_id) DO UPDATE SET taken = agenda_property_slots.taken + 1
			WHERE agenda_property_slots.taken < ? RETURNING taken`), b.s.agency, start, bk.Property, capacity).Scan(&taken)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, agenda.ErrFull
		}
		if err != nil {
			return 0, err
		}
	}
	var hash any
	if bk.CancelHash != nil {
		hash = bk.CancelHash
	}
	var id int64
	err = tx.QueryRowContext(ctx, b.s.d.query(`INSERT INTO bookings
		(agency_id, start_at, property_id, request_id, cancel_hash, visitor_hash, sender_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, `+b.s.d.Now+`)
		RETURNING id`), b.s.agency, start, nullID(bk.Property), nullID(bk.RequestID), hash, nullText(bk.Visitor), nullText(bk.Sender)).Scan(&id)
	return id, err
}

// Find implements agenda.Store.
func (b *Bookings) Find(ctx context.Context, hash []byte) (agenda.Booking, error) {
	bk, err := b.find(ctx, b.s.read, hash)
	if err != nil {
		return agenda.Booking{}, b.s.errorf("find booking: %w", err)
	}
	return bk, nil
}

type queryRower interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (b *Bookings) find(ctx context.Context, q queryRower, hash []byte) (agenda.Booking, error) {
	if len(hash) == 0 {
		return agenda.Booking{}, agenda.ErrNoBooking
	}
	var bk agenda.Booking
	var property, request sql.NullInt64
	err := q.QueryRowContext(ctx, b.s.d.query(`SELECT id, start_at, property_id, request_id, revision FROM bookings
		WHERE agency_id = ? AND cancel_hash = ? AND cancelled_at IS NULL`), b.s.agency, hash).Scan(&bk.ID, scanTime{&bk.Start}, &property, &request, &bk.Revision)
	if errors.Is(err, sql.ErrNoRows) {
		return agenda.Booking{}, agenda.ErrNoBooking
	}
	if err != nil {
		return agenda.Booking{}, err
	}
	bk.Property, bk.RequestID, bk.CancelHash = property.Int64, request.Int64, hash
	return bk, nil
}

// Cancel implements agenda.Store: marks the booking cancelled (it stays,
// for the agency's record), frees its place and runs then, once, in one
// transaction.
func (b *Bookings) Cancel(ctx context.Context, hash []byte, then func(ctx context.Context, tx mail.Tx, b agenda.Booking) error) (agenda.Booking, error) {
	var bk agenda.Booking
	err := b.s.writeTx(ctx, func(tx *sql.Tx) error {
		if len(hash) == 0 {
			return agenda.ErrNoBooking
		}
		var property, request sql.NullInt64
		err := tx.QueryRowContext(ctx, b.s.d.query(`UPDATE bookings SET cancelled_at = `+b.s.d.Now+`
			WHERE agency_id = ? AND cancel_hash = ? AND cancelled_at IS NULL
			RETURNING id, start_at, property_id, request_id, revision`), b.s.agency, hash).Scan(
			&bk.ID, scanTime{&bk.Start}, &property, &request, &bk.Revision)
		if errors.Is(err, sql.ErrNoRows) {
			return agenda.ErrNoBooking
		}
		if err != nil {
			return err
		}
		bk.Property, bk.RequestID, bk.CancelHash = property.Int64, request.Int64, hash
		if _, err = tx.ExecContext(ctx, b.s.d.query(`UPDATE agenda_slots SET taken = taken - 1
			WHERE agency_id = ? AND start_at = (SELECT start_at FROM bookings WHERE agency_id = ? AND id = ?)`), b.s.agency, b.s.agency, bk.ID); err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, b.s.d.query(`UPDATE agenda_property_slots SET taken = taken - 1
			WHERE agency_id = ? AND (start_at, property_id) = (SELECT start_at, property_id FROM bookings WHERE agency_id = ? AND id = ?) AND taken > 0`),
			b.s.agency, b.s.agency, bk.ID); err != nil {
			return err
		}
		if then != nil {
			return then(ctx, b.s.mailTx(tx), bk)
		}
		return nil
	})
	if err != nil {
		return agenda.Booking{}, b.s.errorf("cancel booking: %w", err)
	}
	return bk, nil
}

// nullText stores "" as NULL.
func nullText(s string) any {
	if s == "" {
		return nil
	}
	return s
}
