// Package newsletter is the newsletter's subscribers with double opt-in: a
// sign-up is pending until its address is confirmed by a link mailed to it,
// and every newsletter mail carries a link that unsubscribes. The links'
// tokens are random, mailed once and stored only as their SHA-256, so the
// database alone unlocks nothing. No HTTP, no SQL: the Store is the shared
// SQL package's, the mails are composed by the caller (package notify).
package newsletter

import (
	"context"
	"errors"
	"strings"
	"time"

	"immo/internal/domain/linktoken"
	"immo/internal/domain/mail"
)

// State is where a subscriber stands.
type State string

const (
	Pending      State = "pending"      // signed up, address not confirmed: receives nothing but the opt-in mail
	Confirmed    State = "confirmed"    // receives the newsletter
	Unsubscribed State = "unsubscribed" // left; signing up again starts over
)

// Purposes of a token.
const (
	PurposeConfirm     = "confirm"
	PurposeUnsubscribe = "unsubscribe"
)

// Subscriber is one address.
type Subscriber struct {
	ID    int64
	Email string // lower-cased
	Lang  string // the language its mails are written in
	State State
}

// ErrUnknownToken says a link's token is unknown, or was used already.
var ErrUnknownToken = errors.New("newsletter: unknown or used token")

// Store keeps subscribers and the hashes of their tokens.
type Store interface {
	// SubscribeIn records a sign-up of email in lang inside tx (the
	// transaction of the request that asked for it): a new address is
	// pending, an unsubscribed one pending again, a pending one keeps
	// waiting in lang, a confirmed one stays confirmed. It returns the
	// subscriber after the sign-up.
	SubscribeIn(ctx context.Context, tx mail.Tx, email, lang string, now time.Time) (Subscriber, error)
	// AddTokenIn stores a token's hash for the subscriber inside tx.
	AddTokenIn(ctx context.Context, tx mail.Tx, subscriberID int64, purpose, hash string, now time.Time) error
	// Use spends the unused token of purpose with hash and moves its
	// subscriber to state, in one transaction; ErrUnknownToken when there
	// is none. A confirmation after the subscriber unsubscribed changes
	// nothing but spends the token.
	Use(ctx context.Context, purpose, hash string, state State, now time.Time) (Subscriber, error)
	// WithSubscriber runs fn in a write transaction when email is a
	// subscriber who has not left; found is false (fn not run) otherwise.
	WithSubscriber(ctx context.Context, email string, fn func(ctx context.Context, tx mail.Tx, s Subscriber) error) (found bool, err error)
	// Subscriber reads one by email (ok false: none).
	Subscriber(ctx context.Context, email string) (s Subscriber, ok bool, err error)
}

// Mails writes the newsletter's mails; the links carry the tokens given.
type Mails interface {
	// OptIn asks s to confirm (confirm) and offers to unsubscribe (unsubscribe).
	OptIn(s Subscriber, confirm, unsubscribe string) (mail.Message, error)
	// UnsubscribeLink sends the link asked for on the unsubscribe page.
	UnsubscribeLink(s Subscriber, unsubscribe string) (mail.Message, error)
	// Already tells s, who signed up again, that they are subscribed
	// already, and offers to unsubscribe.
	Already(s Subscriber, unsubscribe string) (mail.Message, error)
}

// Service runs the double opt-in.
type Service struct {
	Store Store
	Queue mail.Queue
	Mails Mails
	Now   func() time.Time // nil: time.Now
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// SignUpIn records a sign-up inside tx and returns the mail to queue in the
// same transaction: the opt-in, or for an address confirmed already a mail
// saying so — the page answers the same either way (it tells nobody who
// subscribes), and "check your mailbox" stays true.
func (s *Service) SignUpIn(ctx context.Context, tx mail.Tx, email, lang string) ([]mail.Message, error) {
	now := s.now()
	sub, err := s.Store.SubscribeIn(ctx, tx, Normalize(email), lang, now)
	if err != nil {
		return nil, err
	}
	if sub.State == Confirmed {
		unsubscribe, err := s.token(ctx, tx, sub, PurposeUnsubscribe, now)
		if err != nil {
			return nil, err
		}
		m, err := s.Mails.Already(sub, unsubscribe)
		if err != nil {
			return nil, err
		}
		return []mail.Message{m}, nil
	}
	confirm, err := s.token(ctx, tx, sub, PurposeConfirm, now)
	if err != nil {
		return nil, err
	}
	unsubscribe, err := s.token(ctx, tx, sub, PurposeUnsubscribe, now)
	if err != nil {
		return nil, err
	}
	m, err := s.Mails.OptIn(sub, confirm, unsubscribe)
	if err != nil {
		return nil, err
	}
	return []mail.Message{m}, nil
}

func (s *Service) token(ctx context.Context, tx mail.Tx, sub Subscriber, purpose string, now time.Time) (string, error) {
	t := linktoken.New()
	return t, s.Store.AddTokenIn(ctx, tx, sub.ID, purpose, linktoken.Hash(t), now)
}

// Confirm confirms the subscription a confirmation link names.
func (s *Service) Confirm(ctx context.Context, token string) (Subscriber, error) {
	if !linktoken.Plausible(token) {
		return Subscriber{}, ErrUnknownToken
	}
	return s.Store.Use(ctx, PurposeConfirm, linktoken.Hash(token), Confirmed, s.now())
}

// Unsubscribe ends the subscription an unsubscribe link names.
func (s *Service) Unsubscribe(ctx context.Context, token string) (Subscriber, error) {
	if !linktoken.Plausible(token) {
		return Subscriber{}, ErrUnknownToken
	}
	return s.Store.Use(ctx, PurposeUnsubscribe, linktoken.Hash(token), Unsubscribed, s.now())
}

// RequestUnsubscribe mails an unsubscribe link to email when it is a
// subscriber, and does nothing otherwise: the caller answers the same in
// both cases, so nobody learns who subscribes.
func (s *Service) RequestUnsubscribe(ctx context.Context, email string) error {
	_, err := s.Store.WithSubscriber(ctx, Normalize(email), func(ctx context.Context, tx mail.Tx, sub Subscriber) error {
		t, err := s.token(ctx, tx, sub, PurposeUnsubscribe, s.now())
		if err != nil {
			return err
		}
		m, err := s.Mails.UnsubscribeLink(sub, t)
		if err != nil {
			return err
		}
		return s.Queue.Enqueue(ctx, tx, m)
	})
	return err
}

// Normalize is the form an address is kept in: trimmed, lower-cased.
func Normalize(email string) string { return strings.ToLower(strings.TrimSpace(email)) }
