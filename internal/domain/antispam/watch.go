package antispam

import (
	"context"
	"time"

	"immo/internal/domain/errs"
)

// Attempt is one attempt as a Limiter counts it.
type Attempt struct {
	// Key is the counter's key: a keyed hash, never personal data in clear.
	Key string
	// Who is whom the key brakes, in clear, for the staff who may release
	// it (an IP address, an email address, both); kept only while the key
	// is held (Hold), never in the counters.
	Who string
	// Area is where the attempt was made: a form's kind, "login-owner"…
	Area string
}

// The reasons of the refusals made outside a Limiter (Tally.Reason; a
// Limiter's refusals are counted under its Name).
const (
	ReasonHoneypot = "honeypot" // a robot filled the hidden field
	ReasonProof    = "proof"    // no valid proof of work or captcha
	ReasonRequests = "requests" // the requests' own bound per sender and hour (lead.ErrTooMany)
)

// Hold is a key at its limit: the next attempt of it is refused (or, for a
// pacing limit, waits) until Until, unless the staff release it.
type Hold struct {
	Key   string
	Limit string // the Limiter's Name
	Who   string // Attempt.Who ("": the whole site)
	Area  string // where the attempt that reached the limit was made
	// Window is when the counter's window started; Until when it ends.
	Window, Until time.Time
	// Hits is the attempts counted in the window (0 once released), Max
	// the limit's.
	Hits, Max int
}

// Tally is how many attempts were refused in one hour, for one reason
// (a Limiter's Name or a Reason…), where (Attempt.Area).
type Tally struct {
	Hour   time.Time
	Reason string
	Area   string
	Count  int
}

// Watch keeps what the inbox's abuse page shows (Batch). A hold is
// written in the transaction of the attempt it describes (a form post's).
type Watch interface {
	// Refused counts one refusal for reason in area, in the hour that
	// starts at hour.
	Refused(ctx context.Context, hour time.Time, reason, area string) error
	// Held records h (by its Key and Window; a later call replaces Who,
	// Area and Max).
	Held(ctx context.Context, h Hold) error
}

// HoldQuery asks for the keys held at Now.
type HoldQuery struct {
	Now time.Time
	// Who is a part of the held address to look for ("": every hold).
	Who   string
	Limit int // 1…MaxHoldsRead
}

// MaxHolds bounds the holds a page lists, MaxHoldsRead one read of them
// (an export); MaxWho the search's length.
const (
	MaxHolds     = 200
	MaxHoldsRead = 10000
	MaxWho       = 100
)

// ErrNoHold says the hold to release is not held (released already by a
// colleague, or its window ended).
var ErrNoHold = &errs.Error{Code: errs.Conflict, Field: "form", Key: "admin.abuse.error.gone", Message: "antispam: not held"}

// The audit log's kind and action of a release.
const (
	AuditTarget   = "abuse"
	ActionRelease = "abuse.release"
)

// Abuse is the abuse page's store: the holds and the refusals' counts
// kept, and the release.
type Abuse interface {
	// Held records h (as Watch.Held).
	Held(ctx context.Context, h Hold) error
	// AddRefusals adds counts to the refusals counted (Tally.Count each).
	AddRefusals(ctx context.Context, counts []Tally) error
	// Tallies are the refusals counted from the hour of since on, newest
	// hour first.
	Tallies(ctx context.Context, since time.Time) ([]Tally, error)
	// Holds are the keys held at q.Now, the latest window first, with
	// their counters' hits.
	Holds(ctx context.Context, q HoldQuery) ([]Hold, error)
	// Release forgets the counters of the key held in window (every
	// window of it) and its hold, at now, and calls audit with the hold
	// before in the same transaction: ErrNoHold when it is not held.
	Release(ctx context.Context, key string, window, now time.Time, audit func(ctx context.Context, before Hold) error) error
	// PurgeWatch forgets the holds that ended before holds and the
	// tallies of hours before tallies.
	PurgeWatch(ctx context.Context, holds, tallies time.Time) error
}

// TallyKept is how long the refusals' counts are kept.
const TallyKept = 30 * 24 * time.Hour

// Refuse counts a refusal for reason in area at now on w (nil: nothing
// kept).
func Refuse(ctx context.Context, w Watch, now time.Time, reason, area string) error {
	if w == nil {
		return nil
	}
	return w.Refused(ctx, now.UTC().Truncate(time.Hour), reason, area)
}
