package admin

import (
	"context"
	"time"

	"immo/internal/domain/agenda"
)

// Agenda is the agency's side of the visit agenda (booking.Desk): the
// week's visits, a visit cancelled or moved (the visitor mailed), the slot
// rules in force and saved (nil: back to the configuration's); a visit
// request's bookings, for its lead's page.
type Agenda interface {
	Week(ctx context.Context, day time.Time, property int64) (from, to time.Time, visits []agenda.Visit, err error)
	Free(property int64) []agenda.Slot
	Cancel(ctx context.Context, actor, id int64) error
	Move(ctx context.Context, actor, id int64, start time.Time) error
	OfRequest(ctx context.Context, id int64) ([]agenda.Booked, error)
	Current() agenda.Rules
	Configured() bool
	SaveRules(ctx context.Context, actor int64, r *agenda.Rules) error
}
