// Package report is the owners' weekly report: every Monday (Belgian
// time) each owner who has not turned it off gets, in their language, the
// figures of the week that ended (Monday to Sunday) for each of their
// properties — visits and the change from the week before, requests by
// kind, visits booked, and how many active demands match the property now.
// A report is sent once per owner and week however many servers run the
// job: the store marks it in the transaction that queues its mail. No
// HTTP, no SQL.
package report

import (
	"context"
	"errors"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/agenda"
	"immo/internal/domain/mail"
	"immo/internal/domain/visit"
)

// SendHour is when the reports go out: every Monday at this hour, Brussels
// time, the week before complete.
const SendHour = 7

// Week is a Monday-to-Sunday week in Brussels, named by its Monday.
type Week struct{ Monday visit.Day }

// LastWeek is the last whole week before t's (t's Monday excluded): on any
// day of a week, the week before it.
func LastWeek(t time.Time) Week {
	b := t.In(agenda.Brussels)
	back := (int(b.Weekday())+6)%7 + 7 // to this week's Monday, then a week more
	return Week{visit.DayOf(time.Date(b.Year(), b.Month(), b.Day()-back, 12, 0, 0, 0, agenda.Brussels))}
}

func (w Week) monday() time.Time {
	t, _ := time.ParseInLocation(time.DateOnly, string(w.Monday), agenda.Brussels)
	return t
}

// Days are the week's first and last days.
func (w Week) Days() (from, to visit.Day) {
	m := w.monday()
	return w.Monday, visit.DayOf(time.Date(m.Year(), m.Month(), m.Day()+6, 12, 0, 0, 0, agenda.Brussels))
}

// Span is the week as instants: from its Monday's midnight in Brussels to
// the next Monday's (excluded), DST-correct.
func (w Week) Span() (from, to time.Time) {
	m := w.monday()
	return m, time.Date(m.Year(), m.Month(), m.Day()+7, 0, 0, 0, 0, agenda.Brussels)
}

// Before is the week before w.
func (w Week) Before() Week {
	m := w.monday()
	return Week{visit.DayOf(time.Date(m.Year(), m.Month(), m.Day()-7, 12, 0, 0, 0, agenda.Brussels))}
}

// Figures are one property's week.
type Figures struct {
	Property     int64
	Visits       int            // page visits in the week
	VisitsBefore int            // in the week before
	Requests     map[string]int // by kind (lead.Kind), the week's requests about the property
	Booked       int            // visits booked in the week (not cancelled)
	Demands      int            // active demands matching the property now
}

// Change is the visits' change from the week before, in whole percent;
// ok is false when the week before had none (no percentage says it).
func (f Figures) Change() (percent int, ok bool) {
	if f.VisitsBefore == 0 {
		return 0, false
	}
	d := float64(f.Visits-f.VisitsBefore) * 100 / float64(f.VisitsBefore)
	if d < 0 {
		return int(d - 0.5), true
	}
	return int(d + 0.5), true
}

// Owner is an owner the report goes to, with their properties.
type Owner struct {
	account.Account
	Properties []int64
}

// Store reads the week's figures and marks the reports sent.
type Store interface {
	// Recipients are the enabled owners with the report on and at least
	// one property, by id.
	Recipients(ctx context.Context) ([]Owner, error)
	// Figures are the week's visits (and the week before's), requests by
	// kind and bookings of each property (Demands left 0).
	Figures(ctx context.Context, properties []int64, w Week) (map[int64]Figures, error)
	// Send marks owner's report of w sent and runs fn in the same
	// transaction (which queues the mail); sent is false, fn not run,
	// when it was sent already.
	Send(ctx context.Context, owner int64, w Week, now time.Time, fn func(ctx context.Context, tx mail.Tx) error) (sent bool, err error)
}

// Sender sends the week's reports.
type Sender struct {
	Store Store
	Queue mail.Queue
	// Demands counts the active demands matching a property now.
	Demands func(ctx context.Context) (func(property int64) int, error)
	// Unsubscribe makes, inside tx, the token of the link that turns the
	// owner's report off (package optout).
	Unsubscribe func(ctx context.Context, tx mail.Tx, o Owner) (string, error)
	// Mail writes the report of w to o: the figures in o.Properties' order.
	Mail func(o Owner, w Week, figures []Figures, unsubscribe string) (mail.Message, error)
	Now  func() time.Time // nil: time.Now
}

// Send queues the report of the week before now's to every owner who has
// not had it, and returns how many it queued. One owner's failure does not
// stop the others (their errors are joined).
func (s *Sender) Send(ctx context.Context) (int, error) {
	now := time.Now()
	if s.Now != nil {
		now = s.Now()
	}
	w := LastWeek(now)
	owners, err := s.Store.Recipients(ctx)
	if err != nil {
		return 0, err
	}
	if len(owners) == 0 {
		return 0, nil
	}
	matching, err := s.Demands(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, o := range owners {
		figs, err := s.Store.Figures(ctx, o.Properties, w)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		list := make([]Figures, 0, len(o.Properties))
		for _, id := range o.Properties {
			f := figs[id]
			f.Property, f.Demands = id, matching(id)
			list = append(list, f)
		}
		sent, err := s.Store.Send(ctx, o.ID, w, now.UTC(), func(ctx context.Context, tx mail.Tx) error {
			token, err := s.Unsubscribe(ctx, tx, o)
			if err != nil {
				return err
			}
			m, err := s.Mail(o, w, list, token)
			if err != nil {
				return err
			}
			return s.Queue.Enqueue(ctx, tx, m)
		})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if sent {
			n++
		}
	}
	return n, errors.Join(errs...)
}
