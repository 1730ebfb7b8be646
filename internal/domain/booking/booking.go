// Package booking is a visit request's place in the agenda (package
// agenda): the booking step of the request's transaction (lead.Step), its
// refusals as the visitor reads them, and the cancel links of the booked
// visits, which free the place and tell the agency. No HTTP, no SQL: the
// agenda's store and the requests' are the caller's.
package booking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"immo/internal/domain/agenda"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// The visit form's slot field and the translation keys of its refusals:
// KeySlotGone for a slot the rules do not offer (begun meanwhile, or never
// offered), KeyTooMany for a visitor or sender holding as many visits as
// the rules allow (a full slot is field.KeySlotFull).
const (
	FieldSlot   = "slot"
	KeySlotGone = "visit.error.slot"
	KeyTooMany  = "visit.error.tooMany"
)

// ParseSlot reads the slot a visit form posts (its start, RFC 3339).
func ParseSlot(s string) (time.Time, bool) {
	start, err := time.Parse(time.RFC3339, strings.TrimSpace(s))
	return start, err == nil
}

// Visits are the site's visit agenda: its rules on the store's bookings,
// and the board of free slots the property pages show. It is the visit
// request's lead.Step.
type Visits struct {
	*agenda.Agenda
	Board *agenda.Board
	// IP hashes the address a visitor typed (lead.AddressKey) for the
	// bound on visits per visitor; nil: no such bound.
	IP  *lead.IPHasher
	Log *slog.Logger
}

var _ lead.Step = (*Visits)(nil)

// New is the agenda of rules on store, its board read once: the rules of
// the configuration as last published (published, agenda.Agenda.Published;
// nil: rules stay) follow a new version, and the rules the agency saved in
// the inbox (saved; nil: none) replace the configuration's.
func New(ctx context.Context, rules agenda.Rules, published func() (agenda.Rules, int64, bool), store agenda.Store, saved agenda.RulesStore,
	now func() time.Time, log *slog.Logger) (*Visits, error) {
	a := &agenda.Agenda{Rules: rules, Published: published, Store: store, Saved: saved, Now: now}
	if err := a.Rules.Validate(); err != nil {
		return nil, err
	}
	b := &agenda.Board{Agenda: a}
	if _, err := b.Refresh(ctx); err != nil {
		return nil, fmt.Errorf("read the agenda: %w", err)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Visits{Agenda: a, Board: b, Log: log}, nil
}

// In implements lead.Step: it books the visit request's slot in its
// transaction, with a cancel token for its confirmation (r.Secret): a slot
// full meanwhile or not offered is the visitor's error on the slot field
// (a *lead.Refused), and nothing is stored.
func (v *Visits) In(ctx context.Context, tx mail.Tx, r *lead.Request) error {
	start, ok := ParseSlot(r.Fields[FieldSlot])
	if !ok {
		return &lead.Refused{Errors: field.Errors{FieldSlot: field.KeyDate}}
	}
	token, hash := agenda.NewCancelToken()
	b := agenda.Booking{Start: start, Property: r.PropertyID, RequestID: r.ID, CancelHash: hash, Sender: r.IPHash}
	if v.IP != nil {
		b.Visitor = v.IP.Hash("to:" + lead.AddressKey(r.Person.Email))
	}
	_, err := v.BookIn(ctx, tx, b)
	switch {
	case errors.Is(err, agenda.ErrTooMany):
		return &lead.Refused{Errors: field.Errors{FieldSlot: KeyTooMany}}
	case errors.Is(err, agenda.ErrFull):
		v.Refresh(ctx) // this page showed it free: the board is behind
		return &lead.Refused{Errors: field.Errors{FieldSlot: field.KeySlotFull}}
	case errors.Is(err, agenda.ErrNotOffered):
		return &lead.Refused{Errors: field.Errors{FieldSlot: KeySlotGone}}
	case err != nil:
		return err
	}
	r.Secret = token
	return nil
}

// Done implements lead.Step: the board shows the place taken.
func (v *Visits) Done(ctx context.Context, _ lead.Request) { v.Refresh(ctx) }

// Refresh reads the board again, after a change of ours.
func (v *Visits) Refresh(ctx context.Context) {
	if _, err := v.Board.Refresh(context.WithoutCancel(ctx)); err != nil {
		v.Log.Warn("agenda refresh", "err", err)
	}
}

// Requests reads a stored request back (sqlstore.Requests).
type Requests interface {
	Get(ctx context.Context, id int64) (lead.Request, lead.Status, error)
}

// CancelMails writes the agency's notice of a cancelled visit
// (notify.Composer).
type CancelMails interface {
	VisitCancelled(b agenda.Booking, r lead.Request) ([]mail.Message, error)
}

// Cancels answers the cancel links (web.VisitCancels): the place is freed
// and the agency's notice queued in one transaction.
type Cancels struct {
	Visits   *Visits
	Requests Requests
	Mails    CancelMails
	Queue    mail.Queue
}

// Find is the booking token names while it can be cancelled.
func (c *Cancels) Find(ctx context.Context, token string) (agenda.Booking, error) {
	return c.Visits.Find(ctx, token)
}

// Cancel frees the place token names, once, and tells the agency who
// booked it.
func (c *Cancels) Cancel(ctx context.Context, token string) (agenda.Booking, error) {
	b, err := c.Visits.Find(ctx, token)
	if err != nil {
		return b, err
	}
	var r lead.Request // who booked, for the agency's notice
	if b.RequestID > 0 {
		if r, _, err = c.Requests.Get(ctx, b.RequestID); err != nil {
			return b, err
		}
	}
	b, err = c.Visits.Agenda.Cancel(ctx, token, func(ctx context.Context, tx mail.Tx, b agenda.Booking) error {
		msgs, err := c.Mails.VisitCancelled(b, r)
		if err != nil {
			return err
		}
		return c.Queue.Enqueue(ctx, tx, msgs...)
	})
	if err == nil {
		c.Visits.Refresh(ctx)
	}
	return b, err
}
