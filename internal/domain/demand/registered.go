package demand

import (
	"context"
	"iter"
	"strings"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/errs"
)

// The back office's view of the register: every demand with its
// registrant, whether it was confirmed, the alerts mailed for it, and how
// many listings it matches now (Matches over the catalog, the alerts'
// own rule).

// Registered is a demand as the back office lists it.
type Registered struct {
	Demand
	Email, FirstName, LastName string
	// Phone is the number typed on the registrant's newest registration
	// (the account keeps none); "": none.
	Phone      string
	Disabled   bool // the registrant's account
	AlertsSent int  // alerts mailed (a listing each)
	LastAlert  time.Time
}

// States a RegisteredQuery filters on.
const (
	StateConfirmed   = "confirmed"   // its link followed
	StateUnconfirmed = "unconfirmed" // not yet: nothing is alerted
)

// RegisteredQuery asks for demands, the newest first.
type RegisteredQuery struct {
	Q     string // text of the registrant's address or names (any case); "": all
	State string // "", StateConfirmed or StateUnconfirmed
	// Before, when not 0, keeps the demands with a lower id: the page after
	// the one whose last demand it is. An export walks the register so, by
	// id, at any depth and with no demand skipped or repeated as others
	// come or go; a list's page numbers are Offset's.
	Before int64
	Offset int
	Limit  int // 1…MaxRegisteredPage
}

// Bounds of a RegisteredQuery. MaxRegisteredOffset bounds a list's pages
// (Offset), not what Before reaches.
const (
	MaxRegisteredPage   = 100
	MaxRegisteredSearch = 100
	MaxRegisteredOffset = 100000
)

// The messages of a query out of bounds (admin.json).
const (
	KeyRegisteredSearch = "admin.demands.error.search"
	KeyRegisteredState  = "admin.demands.error.state"
)

// Check is q's problem, a coded errs.Invalid; nil when q is within bounds
// (its Q trimmed).
func (q *RegisteredQuery) Check() error {
	q.Q = strings.TrimSpace(q.Q)
	if len([]rune(q.Q)) > MaxRegisteredSearch {
		return &errs.Error{Code: errs.Invalid, Field: "q", Key: KeyRegisteredSearch, Message: "demand: search too long"}
	}
	if q.State != "" && q.State != StateConfirmed && q.State != StateUnconfirmed {
		return &errs.Error{Code: errs.Invalid, Field: "state", Key: KeyRegisteredState, Message: "demand: unknown state"}
	}
	if q.Offset < 0 || q.Offset > MaxRegisteredOffset || q.Before < 0 || q.Limit < 1 || q.Limit > MaxRegisteredPage {
		return &errs.Error{Code: errs.Invalid, Field: "page", Key: KeyRegisteredSearch, Message: "demand: page out of bounds"}
	}
	return nil
}

// RegisteredStore reads the register for the back office.
type RegisteredStore interface {
	// Registered is one page of the demands q asks; more says another
	// follows.
	Registered(ctx context.Context, q RegisteredQuery) (list []Registered, more bool, err error)
}

// Matching counts the listings of listings d matches now (Matches: the
// available ones of its goal, types, zones and bounds).
func Matching(d Demand, listings iter.Seq[*catalog.Property]) int {
	n := 0
	for p := range listings {
		if d.Matches(p) {
			n++
		}
	}
	return n
}
