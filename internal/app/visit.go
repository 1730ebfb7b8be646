package app

import (
	"context"
	"log/slog"
	"time"

	"immo/internal/adapter/storage"
	"immo/internal/domain/agency"
	"immo/internal/domain/agenda"
	"immo/internal/domain/booking"
	"immo/internal/domain/notify"
	"immo/internal/domain/site"
)

// newVisitAgenda is the agency's agenda, its board read once: the rules of
// cfg's appointments, then of each version agencies publishes (a version
// that starts taking visits needs no restart; route.Resolver.For offers
// the visit form only on a version that takes them).
func newVisitAgenda(ctx context.Context, cfg *site.Config, agencies *agency.Service, store storage.Store, now func() time.Time,
	log *slog.Logger) (*booking.Visits, error) {
	rules := agenda.Idle
	if cfg.Appointments != nil {
		rules = cfg.Appointments.Rules()
	}
	published := func() (agenda.Rules, int64, bool) {
		a := agencies.Current()
		if a.Site.Appointments == nil {
			return agenda.Rules{}, a.Version, false
		}
		return a.Site.Appointments.Rules(), a.Version, true
	}
	return booking.New(ctx, rules, published, store.Bookings(), store.Bookings(), now, log)
}

// newAgendaDesk is the agency's side of the agenda for the inbox (which
// shows it while the request's agency takes visits).
func newAgendaDesk(d formDeps, store storage.Store, mails *notify.Composer) *booking.Desk {
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
