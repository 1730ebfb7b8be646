package app

import (
	"context"
	"log/slog"
	"time"

	"immo/internal/adapter/storage"
	"immo/internal/domain/booking"
	"immo/internal/domain/notify"
	"immo/internal/domain/site"
)

// newVisitAgenda is the agenda of cfg's appointments, its board read once;
// nil when the site configures none.
func newVisitAgenda(ctx context.Context, cfg *site.Config, store storage.Store, now func() time.Time, log *slog.Logger) (*booking.Visits, error) {
	if cfg.Appointments == nil {
		return nil, nil
	}
	return booking.New(ctx, cfg.Appointments.Rules(), store.Bookings(), store.Bookings(), now, log)
}

// newAgendaDesk is the agency's side of the agenda for the inbox; nil when
// the site configures no appointments.
func newAgendaDesk(d formDeps, store storage.Store, mails *notify.Composer) *booking.Desk {
	if d.Agenda == nil {
		return nil
	}
	return &booking.Desk{Visits: d.Agenda, Store: store.Bookings(), Rules: store.Bookings(), Requests: d.Requests,
		Mails: mails, Queue: d.Queue, Audit: store.Audit()}
}

// newVisitCancels answers the cancel links of d's agenda.
func newVisitCancels(d formDeps) (*booking.Cancels, error) {
	composer, err := newComposer(d)
	if err != nil {
		return nil, err
	}
	return &booking.Cancels{Visits: d.Agenda, Requests: d.Requests, Mails: composer, Queue: d.Queue}, nil
}
