package lead

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"immo/internal/field"
	"immo/internal/mail"
)

// Store keeps requests.
//
// Save takes a callback rather than the mails themselves: the mails name
// the request (its number in the subject, a link for the agency), so they
// are composed once the ID exists, and they must be queued in the same
// transaction as the row — a request is stored with its mails queued, or
// neither. The adapter (the shared SQL package) opens the transaction,
// inserts r, calls then with the transaction (as mail.Tx, which the River
// queue adapter enqueues into) and the new ID, and commits only when then
// returns nil.
type Store interface {
	Save(ctx context.Context, r Request, then func(ctx context.Context, tx mail.Tx, id int64) error) (int64, error)
	// CountFrom counts the requests stored with ipHash since since.
	CountFrom(ctx context.Context, ipHash string, since time.Time) (int, error)
}

// RepeatWindow is the time within which the same post again is the same
// request (a double submit straddling two windows is kept twice: rare).
const RepeatWindow = 10 * time.Minute

// ErrNoRequest says no request has the ID asked for.
var ErrNoRequest = errors.New("lead: no such request")

// ErrBadStatus says a status is none of lead's.
var ErrBadStatus = errors.New("lead: no such status")

// ErrRepeated says a request with the same Fingerprint is stored already:
// the same post sent twice. Submit answers it like the first (nil errors),
// storing and mailing nothing again.
var ErrRepeated = errors.New("lead: the same request again")

// ErrTooMany says one sender sent more requests within the hour than
// Service.MaxPerHour; the form shows field.KeySendFailed.
var ErrTooMany = errors.New("lead: too many requests from one sender")

// Service receives requests.
type Service struct {
	Store Store
	Queue mail.Queue
	// Compose writes the mails of a stored request (to the agency, a copy to
	// the visitor…); nil queues none.
	Compose func(Request) ([]mail.Message, error)
	// ComposeIn, when set, is used instead of Compose: it writes the mails
	// inside the request's transaction, for a request that keeps more than
	// itself (a newsletter sign-up's subscriber and link tokens).
	ComposeIn func(ctx context.Context, tx mail.Tx, r Request) ([]mail.Message, error)
	IP        *IPHasher
	// MaxPerHour bounds the requests one address may send in an hour; 0 is
	// no bound.
	MaxPerHour int
	// Steps are kinds' own work with the request (a visit takes its place
	// in the agenda), in the request's transaction.
	Steps map[Kind]Step
	Now   func() time.Time // nil: time.Now
	// Rules are the checks beyond the kinds' Specs that need the site's
	// configuration, the catalog or the clock (a purchase offer's validity
	// date, a rent application's minimum income): per field a translation
	// key, as Validate. Nil: none.
	Rules func(r Request, now time.Time) field.Errors
	// Repeat refuses a request that repeats a stored one (a document the
	// same address asked for already), with its key per field. Submit asks
	// it last, after the caller's spam checks, so nobody learns who asked
	// what without paying them. Nil: none.
	Repeat func(ctx context.Context, r Request) (field.Errors, error)
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Check is what Submit refuses before storing anything: Validate's
// problems, and those Rules find on the fields Validate let pass, so the
// visitor sees them all at once.
func (s *Service) Check(r Request) field.Errors {
	errs := r.Validate()
	if s.Rules != nil {
		for name, key := range s.Rules(r, s.now()) {
			errs.Add(name, key)
		}
	}
	return errs
}

// Step is a kind's own work with a request it stores.
type Step struct {
	// In runs in the request's transaction once the request is stored (its
	// ID set), before its mails are composed; it may set r.Secret for them.
	// Its error rolls the request back; a *Refused one is the visitor's
	// (Submit returns its field errors).
	In func(ctx context.Context, tx mail.Tx, r *Request) error
	// Done runs after the commit (nil: nothing).
	Done func(ctx context.Context, r Request)
}

// Refused is a Step's refusal of a request as sent: per form field, the
// translation key of the problem (a slot full meanwhile).
type Refused struct{ Errors field.Errors }

func (e *Refused) Error() string {
	return fmt.Sprintf("lead: refused: %v", map[string]string(e.Errors))
}

// Submit validates r and, when valid, stores it with its mails queued. It
// returns the field errors (nothing stored) or the stored request.
func (s *Service) Submit(ctx context.Context, r Request, ip string) (Request, field.Errors, error) {
	if errs := s.Check(r); len(errs) > 0 {
		return r, errs, nil
	}
	r.Time = s.now().UTC()
	r.IPHash = s.IP.Hash(ip)
	// The same post within the same ten minutes (two tabs, a second press)
	// has the same fingerprint, which the store keeps once.
	r.Fingerprint = s.IP.Hash("post:" + strconv.FormatInt(r.Time.Unix()/int64(RepeatWindow/time.Second), 10) + "\n" + r.Content())
	if s.MaxPerHour > 0 {
		n, err := s.Store.CountFrom(ctx, r.IPHash, r.Time.Add(-time.Hour))
		if err != nil {
			return r, nil, err
		}
		if n >= s.MaxPerHour {
			return r, nil, ErrTooMany
		}
	}
	if s.Repeat != nil {
		errs, err := s.Repeat(ctx, r)
		if err != nil || len(errs) > 0 {
			return r, errs, err
		}
	}
	step := s.Steps[r.Kind]
	id, err := s.Store.Save(ctx, r, func(ctx context.Context, tx mail.Tx, id int64) error {
		stored := r
		stored.ID = id
		if step.In != nil {
			if err := step.In(ctx, tx, &stored); err != nil {
				return err
			}
		}
		var msgs []mail.Message
		var err error
		switch {
		case s.ComposeIn != nil:
			msgs, err = s.ComposeIn(ctx, tx, stored)
		case s.Compose != nil:
			msgs, err = s.Compose(stored)
		default:
			return nil
		}
		if err != nil {
			return err
		}
		return s.Queue.Enqueue(ctx, tx, msgs...)
	})
	if refused := (*Refused)(nil); errors.As(err, &refused) {
		return r, refused.Errors, nil
	}
	if errors.Is(err, ErrRepeated) {
		return r, nil, err
	}
	r.ID = id
	if err == nil && step.Done != nil {
		step.Done(ctx, r)
	}
	return r, nil, err
}
