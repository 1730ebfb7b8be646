package newsletter

import (
	"context"
	"time"
)

// ListQuery asks for subscribers, newest first.
type ListQuery struct {
	State  State  // "": every state
	Search string // a part of the address ("": any)
	Before int64  // subscribers with a smaller id (the next page); 0: the newest
	Limit  int    // 1…MaxList
}

// MaxList bounds one read of the list, and MaxSearch a search.
const (
	MaxList   = 500
	MaxSearch = 200
)

// Listed is a subscriber as the agency's list shows them.
type Listed struct {
	Subscriber
	Created time.Time // signed up first
	Updated time.Time // last changed state
}

// Directory lists the subscribers (the agency's inbox).
type Directory interface {
	List(ctx context.Context, q ListQuery) ([]Listed, error)
}

// States are the states a subscriber may be in, in their order.
var States = []State{Pending, Confirmed, Unsubscribed}
