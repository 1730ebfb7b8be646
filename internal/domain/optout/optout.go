// Package optout is the one-click unsubscribe of the mails an account
// receives without asking each time: a demand's alerts and an owner's
// weekly report. Each such mail carries a fresh link token (linktoken: only
// its SHA-256 is stored) naming what it stops; following it (the
// unsubscribe page's button, or a mail client's RFC 8058 one-click POST)
// works without logging in. An alert's link pauses that demand (the
// registrant resumes it in their area; their other searches keep
// alerting); a report's link turns the owner's weekly report off. A link
// may be followed again (unsubscribing twice is no error) until it is
// forgotten, a year after its mail. The newsletter's links are the
// newsletter's own (package newsletter); the unsubscribe page serves both.
package optout

import (
	"context"
	"errors"
	"time"

	"immo/internal/domain/linktoken"
	"immo/internal/domain/mail"
)

// Kind is what a link stops.
type Kind string

const (
	Alert  Kind = "alert"  // a demand's alerts: the demand is paused
	Report Kind = "report" // an owner's weekly report: turned off
)

// Link is what a token stops.
type Link struct {
	Kind    Kind
	Account int64
	Demand  int64 // Alert's demand; 0 for Report
}

// Keep is how long a link works after its mail.
const Keep = 366 * 24 * time.Hour

// ErrUnknown says a token names nothing (never made, forgotten, or what it
// stopped was deleted).
var ErrUnknown = errors.New("optout: unknown link")

// Store keeps the links' hashes.
type Store interface {
	// AddIn stores hash for l inside tx (the transaction queueing its mail).
	AddIn(ctx context.Context, tx mail.Tx, hash string, l Link, now time.Time) error
	// Find reads what hash stops; ErrUnknown when nothing.
	Find(ctx context.Context, hash string) (Link, error)
	// Use stops what hash names, in one transaction (the demand paused, or
	// the report turned off); ErrUnknown when nothing.
	Use(ctx context.Context, hash string, now time.Time) (Link, error)
	// Purge forgets the links made before before.
	Purge(ctx context.Context, before time.Time) (int64, error)
}

// Service makes and follows the links.
type Service struct {
	Store Store
	Now   func() time.Time // nil: time.Now
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// NewIn makes a token for l, stored inside tx: the mail carrying it is
// queued in the same transaction.
func (s *Service) NewIn(ctx context.Context, tx mail.Tx, l Link) (string, error) {
	t := linktoken.New()
	return t, s.Store.AddIn(ctx, tx, linktoken.Hash(t), l, s.now())
}

// Find tells what token stops, changing nothing (the page's GET).
func (s *Service) Find(ctx context.Context, token string) (Link, error) {
	if !linktoken.Plausible(token) {
		return Link{}, ErrUnknown
	}
	return s.Store.Find(ctx, linktoken.Hash(token))
}

// Use stops what token names (the page's POST).
func (s *Service) Use(ctx context.Context, token string) (Link, error) {
	if !linktoken.Plausible(token) {
		return Link{}, ErrUnknown
	}
	return s.Store.Use(ctx, linktoken.Hash(token), s.now())
}

// Purge forgets the links older than Keep.
func (s *Service) Purge(ctx context.Context) (int64, error) {
	return s.Store.Purge(ctx, s.now().Add(-Keep))
}
