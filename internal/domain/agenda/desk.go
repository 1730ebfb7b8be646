package agenda

import (
	"context"
	"errors"
	"time"

	"immo/internal/domain/mail"
)

// Visit is a booked place as the agency's agenda lists it: the booking
// and who booked it (the visit request's person; empty for a booking
// without a request).
type Visit struct {
	Booking
	FirstName string
	LastName  string
	Email     string
	Phone     string
	Lang      string
}

// Booked is a booking as a visit request's lead shows it: its slot now,
// how often the agency moved it (Revision), and whether it was cancelled
// (by the visitor's link or by the agency; the audit log says which).
type Booked struct {
	Booking
	Cancelled bool
}

// MaxWeekVisits bounds one read of the agency's agenda.
const MaxWeekVisits = 1000

// DeskStore is the agency's side of the bookings (the inbox): the booked
// visits of a week, and a booking cancelled or moved by its id.
type DeskStore interface {
	// Visits lists the bookings not cancelled starting in [from, to), of
	// property (0: every one), in order of start, at most limit.
	Visits(ctx context.Context, from, to time.Time, property int64, limit int) ([]Visit, error)
	// Visit is booking id while it is not cancelled; ErrNoBooking else.
	Visit(ctx context.Context, id int64) (Visit, error)
	// OfRequest lists the bookings of visit request id, cancelled ones
	// too, in the order they were made.
	OfRequest(ctx context.Context, id int64) ([]Booked, error)
	// CancelID frees booking id's place as Cancel does, and calls then in
	// the same transaction; ErrNoBooking when none is booked with id.
	CancelID(ctx context.Context, id int64, then func(ctx context.Context, tx mail.Tx, v Visit) error) (Visit, error)
	// Move takes a place at start for booking id (lim's bounds per slot and
	// property; not the visitor's, it is the agency moving it), frees its
	// old one, gives it the cancel hash hash and one more revision, and
	// calls then with the booking before and after, all in one
	// transaction: ErrFull when the slot has no place, ErrNoBooking when
	// none is booked with id.
	Move(ctx context.Context, id int64, start time.Time, hash []byte, lim Limits,
		then func(ctx context.Context, tx mail.Tx, before, after Visit) error) (Visit, error)
}

// ErrSameSlot says a booking is moved to the slot it has.
var ErrSameSlot = errors.New("agenda: the booking is in that slot already")

// Week is the Monday 00:00 (Brussels) of the week holding t, and the next
// Monday's.
func Week(t time.Time) (from, to time.Time) {
	t = t.In(Brussels)
	back := (int(t.Weekday()) + 6) % 7 // days since Monday
	from = time.Date(t.Year(), t.Month(), t.Day()-back, 0, 0, 0, 0, Brussels)
	return from, time.Date(from.Year(), from.Month(), from.Day()+7, 0, 0, 0, 0, Brussels)
}
