package lead

import (
	"context"
	"errors"
	"fmt"
	"immo/internal/domain/audit"
	"strconv"
	"time"

	"immo/internal/domain/field"
	"immo/internal/domain/mail"
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

// Composer writes the mails of a stored request (to the agency, a copy to
// the visitor…) as the agency of ctx (agency.FromContext): notify.Composer.
type Composer interface {
	Compose(ctx context.Context, r Request) ([]mail.Message, error)
}

// TxComposer is a Composer that writes the mails inside the request's
// transaction, for a request that keeps more than itself (a newsletter
// sign-up's subscriber and link tokens): Service uses ComposeIn when its
// Composer has it.
type TxComposer interface {
	Composer
	ComposeIn(ctx context.Context, tx mail.Tx, r Request) ([]mail.Message, error)
}

// Rules are the checks beyond the kinds' Specs that need the site's
// configuration, the catalog or the clock (a purchase offer's validity
// date, a rent application's minimum income): per field a translation key,
// as Validate (offer.Rules). ctx carries the request's agency
// (agency.FromContext), whose configuration the rules read.
type Rules interface {
	Check(ctx context.Context, r Request, now time.Time) field.Errors
}

// Repeats tells a request that repeats a stored one (a document the same
// address asked for already, offer.Repeats): it is answered as the first
// was (ErrRepeated), nothing stored or mailed again — a different answer
// would tell a stranger typing someone's address what they asked for.
type Repeats interface {
	Repeat(ctx context.Context, r Request) (bool, error)
}

// ComposeFunc adapts a function to Composer.
type ComposeFunc func(ctx context.Context, r Request) ([]mail.Message, error)

func (f ComposeFunc) Compose(ctx context.Context, r Request) ([]mail.Message, error) {
	return f(ctx, r)
}

// RulesFunc adapts a function to Rules.
type RulesFunc func(ctx context.Context, r Request, now time.Time) field.Errors

func (f RulesFunc) Check(ctx context.Context, r Request, now time.Time) field.Errors {
	return f(ctx, r, now)
}

// KindRules checks a request by its kind's own rules, else by Others
// (nil: none).
type KindRules struct {
	Kinds  map[Kind]Rules
	Others Rules
}

func (k KindRules) Check(ctx context.Context, r Request, now time.Time) field.Errors {
	if rules, ok := k.Kinds[r.Kind]; ok {
		return rules.Check(ctx, r, now)
	}
	if k.Others != nil {
		return k.Others.Check(ctx, r, now)
	}
	return nil
}

// RepeatsFunc adapts a function to Repeats.
type RepeatsFunc func(ctx context.Context, r Request) (bool, error)

func (f RepeatsFunc) Repeat(ctx context.Context, r Request) (bool, error) { return f(ctx, r) }

// Service receives requests.
type Service struct {
	Store Store
	Queue mail.Queue
	// Mails writes the mails of a stored request; a TxComposer writes them
	// in the request's transaction. Nil queues none.
	Mails Composer
	IP    *IPHasher
	// MaxPerHour bounds the requests one address may send in an hour; 0 is
	// no bound.
	MaxPerHour int
	// Steps are kinds' own work with the request (a visit takes its place
	// in the agenda), in the request's transaction.
	Steps map[Kind]Step
	Now   func() time.Time // nil: time.Now
	// Rules are the checks beyond the kinds' Specs. Nil: none.
	Rules Rules
	// Repeat refuses a request that repeats a stored one. Accept asks it
	// last, after the caller's spam checks, so nobody learns who asked
	// what without paying them. Nil: none.
	Repeat Repeats
	// Audit logs each request received, in its transaction, as the staff's
	// changes are (the lead's history and the audit log begin with it).
	// Nil: none.
	Audit audit.Logger
}

// The audit log's words for requests (package audit).
const (
	AuditTarget                 = "lead"     // an entry about a request: its target kind
	ActionReceived audit.Action = "received" // a visitor sent it; After is its kind
)

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Check is what Submit refuses before storing anything: Validate's
// problems, and those Rules find on the fields Validate let pass, so the
// visitor sees them all at once.
func (s *Service) Check(ctx context.Context, r Request) field.Errors {
	errs := r.Validate()
	if s.Rules != nil {
		for name, key := range s.Rules.Check(ctx, r, s.now()) {
			errs.Add(name, key)
		}
	}
	return errs
}

// Step is a kind's own work with a request it stores (agenda's booking of
// a visit).
type Step interface {
	// In runs in the request's transaction once the request is stored (its
	// ID set), before its mails are composed; it may set r.Secret for them.
	// Its error rolls the request back; a *Refused one is the visitor's
	// (Submit returns its field errors).
	In(ctx context.Context, tx mail.Tx, r *Request) error
	// Done runs after the commit.
	Done(ctx context.Context, r Request)
}

// StepFuncs adapts two functions to Step; either may be nil (nothing).
type StepFuncs struct {
	InFunc   func(ctx context.Context, tx mail.Tx, r *Request) error
	DoneFunc func(ctx context.Context, r Request)
}

func (f StepFuncs) In(ctx context.Context, tx mail.Tx, r *Request) error {
	if f.InFunc == nil {
		return nil
	}
	return f.InFunc(ctx, tx, r)
}

func (f StepFuncs) Done(ctx context.Context, r Request) {
	if f.DoneFunc != nil {
		f.DoneFunc(ctx, r)
	}
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
	if errs := s.Check(ctx, r); len(errs) > 0 {
		return r, errs, nil
	}
	return s.Accept(ctx, r, ip)
}

// Accept stores r, which Check accepted already (the caller checked it
// before its spam checks), with its mails queued: Submit without Check,
// so that one post is checked once.
func (s *Service) Accept(ctx context.Context, r Request, ip string) (Request, field.Errors, error) {
	r.Time = s.now().UTC()
	r.IPHash = s.IP.Hash(ip)
	// The same post within the same ten minutes (two tabs, a second press)
	// has the same fingerprint, which the store keeps once — but for a kind
	// whose repeat asks again.
	if !Specs[r.Kind].AskAgain {
		r.Fingerprint = s.IP.Hash("post:" + strconv.FormatInt(r.Time.Unix()/int64(RepeatWindow/time.Second), 10) + "\n" + r.Content())
	}
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
		switch repeated, err := s.Repeat.Repeat(ctx, r); {
		case err != nil:
			return r, nil, err
		case repeated:
			return r, nil, ErrRepeated
		}
	}
	step := s.Steps[r.Kind]
	id, err := s.Store.Save(ctx, r, func(ctx context.Context, tx mail.Tx, id int64) error {
		stored := r
		stored.ID = id
		if s.Audit != nil {
			err := s.Audit.LogIn(ctx, tx, audit.Entry{Time: r.Time, Actor: audit.Visitor, Action: ActionReceived,
				TargetKind: AuditTarget, TargetID: id, After: string(r.Kind)})
			if err != nil {
				return err
			}
		}
		if step != nil {
			if err := step.In(ctx, tx, &stored); err != nil {
				return err
			}
		}
		if s.Mails == nil {
			return nil
		}
		var msgs []mail.Message
		var err error
		if in, ok := s.Mails.(TxComposer); ok {
			msgs, err = in.ComposeIn(ctx, tx, stored)
		} else {
			msgs, err = s.Mails.Compose(ctx, stored)
		}
		if err != nil {
			return err
		}
		for i := range msgs {
			msgs[i].Request = id
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
	if err == nil && step != nil {
		afterCommit(ctx, func(ctx context.Context) { step.Done(ctx, r) })
	}
	return r, nil, err
}

// afterKey is the context key of Deferred's work.
type afterKey struct{}

// Deferred is ctx for a caller that holds a transaction open across
// Accept (spam.Gate's, which counts the post in it): the Steps' Done, which
// must see the request committed, wait for run, which the caller calls
// once the transaction committed (and not when it rolled back).
func Deferred(ctx context.Context) (_ context.Context, run func(ctx context.Context)) {
	var work []func(context.Context)
	ctx = context.WithValue(ctx, afterKey{}, &work)
	return ctx, func(ctx context.Context) {
		for _, w := range work {
			w(ctx)
		}
		work = nil
	}
}

// afterCommit runs w now, or with Deferred's run when ctx defers.
func afterCommit(ctx context.Context, w func(context.Context)) {
	if work, ok := ctx.Value(afterKey{}).(*[]func(context.Context)); ok {
		*work = append(*work, w)
		return
	}
	w(ctx)
}
