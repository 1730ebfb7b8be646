package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"immo/internal/domain/agenda"
	"immo/internal/domain/mail"
)

var _ agenda.DeskStore = (*Bookings)(nil)

// visitColumns are what a Visit reads: the booking and its request's
// language and document (the person is decoded from it in Go, as every
// request's is, rather than by each database's JSON functions).
const visitColumns = `b.id, b.start_at, b.property_id, b.request_id, b.revision, r.lang, r.data
	FROM bookings b LEFT JOIN requests r ON r.agency_id = b.agency_id AND r.id = b.request_id`

func scanVisit(row scanner) (agenda.Visit, error) {
	var v agenda.Visit
	var property, request sql.NullInt64
	var lang sql.NullString
	var data []byte
	if err := row.Scan(&v.ID, scanTime{&v.Start}, &property, &request, &v.Revision, &lang, &data); err != nil {
		return v, err
	}
	v.Property, v.RequestID, v.Lang = property.Int64, request.Int64, lang.String
	if len(data) > 0 {
		var doc requestDoc
		if err := json.Unmarshal(data, &doc); err != nil {
			return v, err
		}
		p := doc.Person
		v.FirstName, v.LastName, v.Email, v.Phone = p.FirstName, p.LastName, p.Email, p.Phone
	}
	return v, nil
}

// Visits implements agenda.DeskStore (bookings_start).
func (b *Bookings) Visits(ctx context.Context, from, to time.Time, property int64, limit int) ([]agenda.Visit, error) {
	if limit < 1 || limit > agenda.MaxWeekVisits {
		limit = agenda.MaxWeekVisits
	}
	q := `SELECT ` + visitColumns + ` WHERE b.agency_id = ? AND b.cancelled_at IS NULL AND b.start_at >= ? AND b.start_at < ?`
	args := []any{b.s.agency, b.s.d.Time(from), b.s.d.Time(to)}
	if property > 0 {
		q += ` AND b.property_id = ?`
		args = append(args, property)
	}
	out, err := appendRows(ctx, b.s.read, []agenda.Visit{}, scanVisit, b.s.d.query(q+` ORDER BY b.start_at, b.id LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, b.s.errorf("visits: %w", err)
	}
	return out, nil
}

// Visit implements agenda.DeskStore.
func (b *Bookings) Visit(ctx context.Context, id int64) (agenda.Visit, error) {
	v, err := b.visit(ctx, b.s.read, id)
	if err != nil && !errors.Is(err, agenda.ErrNoBooking) {
		return v, b.s.errorf("visit %d: %w", id, err)
	}
	return v, err
}

func (b *Bookings) visit(ctx context.Context, q queryRower, id int64) (agenda.Visit, error) {
	v, err := scanVisit(q.QueryRowContext(ctx, b.s.d.query(`SELECT `+visitColumns+`
		WHERE b.agency_id = ? AND b.id = ? AND b.cancelled_at IS NULL`), b.s.agency, id))
	if errors.Is(err, sql.ErrNoRows) {
		return agenda.Visit{}, agenda.ErrNoBooking
	}
	return v, err
}

// OfRequest implements agenda.DeskStore (bookings_request).
func (b *Bookings) OfRequest(ctx context.Context, id int64) ([]agenda.Booked, error) {
	out, err := appendRows(ctx, b.s.read, []agenda.Booked{}, func(row scanner) (agenda.Booked, error) {
		k := agenda.Booked{Booking: agenda.Booking{RequestID: id}}
		var property sql.NullInt64
		err := row.Scan(&k.ID, scanTime{&k.Start}, &property, &k.Revision, &k.Cancelled)
		k.Property = property.Int64
		return k, err
	}, b.s.d.query(`SELECT id, start_at, property_id, revision, cancelled_at IS NOT NULL
		FROM bookings WHERE agency_id = ? AND request_id = ? ORDER BY id`), b.s.agency, id)
	if err != nil {
		return nil, b.s.errorf("bookings of request %d: %w", id, err)
	}
	return out, nil
}

// free gives back booking id's place in its slot and for its property.
func (b *Bookings) free(ctx context.Context, tx *sql.Tx, id int64) error {
	if _, err := tx.ExecContext(ctx, b.s.d.query(`UPDATE agenda_slots SET taken = taken - 1
		WHERE agency_id = ? AND start_at = (SELECT start_at FROM bookings WHERE agency_id = ? AND id = ?) AND taken > 0`),
		b.s.agency, b.s.agency, id); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, b.s.d.query(`UPDATE agenda_property_slots SET taken = taken - 1
		WHERE agency_id = ? AND (start_at, property_id) = (SELECT start_at, property_id FROM bookings WHERE agency_id = ? AND id = ?) AND taken > 0`),
		b.s.agency, b.s.agency, id)
	return err
}

// CancelID implements agenda.DeskStore: the booking is marked cancelled
// (kept for the record) by a guarded UPDATE, so two staff cancelling it at
// once free one place.
func (b *Bookings) CancelID(ctx context.Context, id int64, then func(ctx context.Context, tx mail.Tx, v agenda.Visit) error) (agenda.Visit, error) {
	var v agenda.Visit
	err := b.s.writeTx(ctx, func(tx *sql.Tx) error {
		var err error
		if v, err = b.visit(ctx, tx, id); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, b.s.d.query(`UPDATE bookings SET cancelled_at = `+b.s.d.Now+`
			WHERE agency_id = ? AND id = ? AND cancelled_at IS NULL`), b.s.agency, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return cmpErr(err, agenda.ErrNoBooking)
		}
		if err := b.free(ctx, tx, id); err != nil {
			return err
		}
		if then != nil {
			return then(ctx, b.s.mailTx(tx), v)
		}
		return nil
	})
	if err != nil && !errors.Is(err, agenda.ErrNoBooking) {
		return agenda.Visit{}, b.s.errorf("cancel booking %d: %w", id, err)
	}
	return v, err
}

// Move implements agenda.DeskStore: the booking's row is changed first (a
// guarded UPDATE: two staff moving it at once are one after the other),
// then its old place freed and the new one taken under the slot's bounds,
// as take does.
func (b *Bookings) Move(ctx context.Context, id int64, start time.Time, hash []byte, lim agenda.Limits,
	then func(ctx context.Context, tx mail.Tx, before, after agenda.Visit) error) (agenda.Visit, error) {
	var after agenda.Visit
	err := b.s.writeTx(ctx, func(tx *sql.Tx) error {
		before, err := b.visit(ctx, tx, id)
		if err != nil {
			return err
		}
		if before.Start.Equal(start) {
			return agenda.ErrSameSlot
		}
		if err := b.free(ctx, tx, id); err != nil {
			return err
		}
		if err := b.place(ctx, tx, start, before.Property, lim); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, b.s.d.query(`UPDATE bookings SET start_at = ?, cancel_hash = ?, revision = revision + 1
			WHERE agency_id = ? AND id = ? AND cancelled_at IS NULL AND revision = ?`), b.s.d.Time(start), hash, b.s.agency, id, before.Revision)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return cmpErr(err, agenda.ErrNoBooking)
		}
		after = before
		after.Start, after.Revision, after.CancelHash = start.UTC(), before.Revision+1, hash
		if then != nil {
			return then(ctx, b.s.mailTx(tx), before, after)
		}
		return nil
	})
	if err != nil && !errors.Is(err, agenda.ErrNoBooking) && !errors.Is(err, agenda.ErrFull) && !errors.Is(err, agenda.ErrSameSlot) {
		return agenda.Visit{}, b.s.errorf("move booking %d: %w", id, err)
	}
	return after, err
}

// place takes a place at start, for property (0: none), within lim's
// bounds per slot and per property: ErrFull when there is none.
func (b *Bookings) place(ctx context.Context, tx *sql.Tx, start time.Time, property int64, lim agenda.Limits) error {
	if lim.Slot < 1 {
		return agenda.ErrFull
	}
	var taken int
	at := b.s.d.Time(start)
	err := tx.QueryRowContext(ctx, b.s.d.query(`INSERT INTO agenda_slots (agency_id, start_at, taken) VALUES (?, ?, 1)
		ON CONFLICT (`+b.s.d.AgencyKey+`start_at) DO UPDATE SET taken = agenda_slots.taken + 1
		WHERE agenda_slots.taken < ? RETURNING taken`), b.s.agency, at, lim.Slot).Scan(&taken)
	if errors.Is(err, sql.ErrNoRows) {
		return agenda.ErrFull
	}
	if err != nil || property <= 0 {
		return err
	}
	capacity := lim.Property
	if capacity < 1 {
		capacity = lim.Slot
	}
	err = tx.QueryRowContext(ctx, b.s.d.query(`INSERT INTO agenda_property_slots (agency_id, start_at, property_id, taken) VALUES (?, ?, ?, 1)
		ON CONFLICT (`+b.s.d.AgencyKey+`start_at, property_id) DO UPDATE SET taken = agenda_property_slots.taken + 1
		WHERE agenda_property_slots.taken < ? RETURNING taken`), b.s.agency, at, property, capacity).Scan(&taken)
	if errors.Is(err, sql.ErrNoRows) {
		return agenda.ErrFull
	}
	return err
}

// cmpErr is err, or, when there is none, instead.
func cmpErr(err, instead error) error {
	if err != nil {
		return err
	}
	return instead
}

// SavedRules implements agenda.RulesStore.
func (b *Bookings) SavedRules(ctx context.Context) ([]byte, int64, error) {
	var doc string
	var version int64
	err := b.s.read.QueryRowContext(ctx, b.s.d.query(`SELECT rules, version FROM agenda_rules WHERE agency_id = ? AND id = 1`), b.s.agency).Scan(&doc, &version)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, 0, nil
	case err != nil:
		return nil, 0, b.s.errorf("saved agenda rules: %w", err)
	}
	return []byte(doc), version, nil
}

// SaveRules implements agenda.RulesStore. The version is the save's time
// in nanoseconds: servers compare it for equality only, and a reset (the
// row deleted) then a save never hands a server the version it holds.
func (b *Bookings) SaveRules(ctx context.Context, doc []byte, then func(ctx context.Context, tx mail.Tx) error) error {
	err := b.s.writeTx(ctx, func(tx *sql.Tx) error {
		var err error
		if doc == nil {
			_, err = tx.ExecContext(ctx, b.s.d.query(`DELETE FROM agenda_rules WHERE agency_id = ? AND id = 1`), b.s.agency)
		} else {
			_, err = tx.ExecContext(ctx, b.s.d.query(`INSERT INTO agenda_rules (agency_id, id, rules, version, updated_at) VALUES (?, 1, ?, ?, `+b.s.d.Now+`)
				ON CONFLICT (`+b.s.d.AgencyKey+`id) DO UPDATE SET rules = excluded.rules, version = excluded.version, updated_at = excluded.updated_at`),
				b.s.agency, string(doc), time.Now().UnixNano())
		}
		if err != nil {
			return err
		}
		if then != nil {
			return then(ctx, b.s.mailTx(tx))
		}
		return nil
	})
	if err != nil {
		return b.s.errorf("save agenda rules: %w", err)
	}
	return nil
}
