package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"immo/internal/agenda"
	"immo/internal/field"
	"immo/internal/lead"
	"immo/internal/mail"
	"immo/internal/notify"
	"immo/internal/site"
	"immo/internal/storage"
	"immo/internal/storage/sqlstore"
)

// visitAgenda is the site's visit agenda: its rules on the store's
// bookings, and the board of free slots the property pages show.
type visitAgenda struct {
	*agenda.Agenda
	Board *agenda.Board
	Log   *slog.Logger
	// Visitor hashes the address a visitor typed (lead.AddressKey) for the
	// bound on visits per visitor; set by newForms.
	Visitor func(email string) string
}

// keySlotGone is the visit form's error for a slot the rules do not offer
// (begun meanwhile, or never offered); keyTooMany for a visitor or sender
// holding as many visits as the rules allow.
const (
	keySlotGone = "visit.error.slot"
	keyTooMany  = "visit.error.tooMany"
)

// newVisitAgenda is the agenda of cfg's appointments, its board read once;
// nil when the site configures none.
func newVisitAgenda(ctx context.Context, cfg *site.Config, store storage.Store, now func() time.Time, log *slog.Logger) (*visitAgenda, error) {
	if cfg.Appointments == nil {
		return nil, nil
	}
	a := &agenda.Agenda{Rules: cfg.Appointments.Rules(), Store: store.Bookings(), Now: now}
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
	return &visitAgenda{Agenda: a, Board: b, Log: log}, nil
}

// step books the visit request's slot in its transaction, with a cancel
// token for its confirmation: a slot full meanwhile or not offered is the
// visitor's error on the slot field, and nothing is stored.
func (v *visitAgenda) step() lead.Step {
	return lead.Step{
		In: func(ctx context.Context, tx mail.Tx, r *lead.Request) error {
			start, err := time.Parse(time.RFC3339, strings.TrimSpace(r.Fields["slot"]))
			if err != nil {
				return &lead.Refused{Errors: field.Errors{"slot": field.KeyDate}}
			}
			token, hash := agenda.NewCancelToken()
			b := agenda.Booking{Start: start, Property: r.PropertyID, RequestID: r.ID, CancelHash: hash, Sender: r.IPHash}
			if v.Visitor != nil {
				b.Visitor = v.Visitor(r.Person.Email)
			}
			_, err = v.BookIn(ctx, tx, b)
			switch {
			case errors.Is(err, agenda.ErrTooMany):
				return &lead.Refused{Errors: field.Errors{"slot": keyTooMany}}
			case errors.Is(err, agenda.ErrFull):
				v.refresh(ctx) // this page showed it free: the board is behind
				return &lead.Refused{Errors: field.Errors{"slot": field.KeySlotFull}}
			case errors.Is(err, agenda.ErrNotOffered):
				return &lead.Refused{Errors: field.Errors{"slot": keySlotGone}}
			case err != nil:
				return err
			}
			r.Secret = token
			return nil
		},
		Done: func(ctx context.Context, _ lead.Request) { v.refresh(ctx) },
	}
}

// refresh reads the board again, after a change of ours.
func (v *visitAgenda) refresh(ctx context.Context) {
	if _, err := v.Board.Refresh(context.WithoutCancel(ctx)); err != nil {
		v.Log.Warn("agenda refresh", "err", err)
	}
}

// visitCancels answers the cancel links (web.VisitCancels): the place is
// freed and the agency's notice queued in one transaction.
type visitCancels struct {
	agenda   *visitAgenda
	requests *sqlstore.Requests
	compose  *notify.Composer
	queue    mail.Queue
}

func newVisitCancels(d formDeps) (*visitCancels, error) {
	composer, err := newComposer(d)
	if err != nil {
		return nil, err
	}
	return &visitCancels{agenda: d.Agenda, requests: d.Requests, compose: composer, queue: d.Queue}, nil
}

func (c *visitCancels) Find(ctx context.Context, token string) (agenda.Booking, error) {
	return c.agenda.Find(ctx, token)
}

func (c *visitCancels) Cancel(ctx context.Context, token string) (agenda.Booking, error) {
	b, err := c.agenda.Find(ctx, token)
	if err != nil {
		return b, err
	}
	var r lead.Request // who booked, for the agency's notice
	if b.RequestID > 0 {
		if r, _, err = c.requests.Get(ctx, b.RequestID); err != nil {
			return b, err
		}
	}
	b, err = c.agenda.Cancel(ctx, token, func(ctx context.Context, tx mail.Tx, b agenda.Booking) error {
		msgs, err := c.compose.VisitCancelled(b, r)
		if err != nil {
			return err
		}
		return c.queue.Enqueue(ctx, tx, msgs...)
	})
	if err == nil {
		c.agenda.refresh(ctx)
	}
	return b, err
}
