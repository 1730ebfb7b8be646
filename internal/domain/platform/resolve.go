package platform

import (
	"context"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Answer is what a request's host name means.
type Answer struct {
	// Agency is the agency the host is one of; nil for a host no agency
	// (or a disabled one) answers on.
	Agency *Agency
	// Redirect is the agency's preferred host when the request came on
	// another of its hosts; "" to serve the request.
	Redirect string
}

// Resolver answers which agency a host name is, from a copy of the
// agencies read at most Fresh ago: the edge asks it on every request, and
// a change made on another server is seen within Fresh. An idle server
// reads nothing: the copy is read again by the first request that finds
// it stale.
type Resolver struct {
	Store Store
	// Fresh is how old the copy may be (default 5 s).
	Fresh time.Duration
	Now   func() time.Time // nil: time.Now

	mu      sync.Mutex
	copy    *hostCopy
	reading bool // a request is reading a fresh copy
}

// hostCopy is the agencies as read at one time.
type hostCopy struct {
	read     time.Time
	implicit *Agency            // no agency yet: Implicit answers every host
	byHost   map[string]*Agency // every host of every agency
	byID     map[int64]*Agency  // every agency
}

// DefaultFresh is how old the resolver's copy may be by default.
const DefaultFresh = 5 * time.Second

// Resolve is what host (a request's Host header, a port allowed) means.
// Its error is the store's, when no copy could ever be read.
func (r *Resolver) Resolve(ctx context.Context, host string) (Answer, error) {
	c, err := r.current(ctx)
	if err != nil {
		return Answer{}, err
	}
	if c.implicit != nil {
		return Answer{Agency: c.implicit}, nil
	}
	a := c.byHost[RequestHost(host)]
	if a == nil || a.Disabled {
		return Answer{}, nil
	}
	if p := a.Preferred(); p != RequestHost(host) {
		return Answer{Agency: a, Redirect: p}, nil
	}
	return Answer{Agency: a}, nil
}

// RequestHost is a Host header's name: lower-case, without its port or a
// final dot; "" (no agency's) when its port is not a number.
func RequestHost(host string) string {
	if h, port, err := net.SplitHostPort(host); err == nil {
		if _, err := strconv.ParseUint(port, 10, 16); err != nil {
			return ""
		}
		host = h
	}
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// current is a copy no older than Fresh, or the last one while another
// request reads the next: once there is a copy, one read at a time,
// whatever the traffic.
func (r *Resolver) current(ctx context.Context) (*hostCopy, error) {
	now := r.now()
	r.mu.Lock()
	c := r.copy
	if c != nil && (now.Sub(c.read) < r.fresh() || r.reading) {
		r.mu.Unlock()
		return c, nil
	}
	r.reading = true
	r.mu.Unlock()
	next, err := r.read(ctx, now)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reading = false
	if err != nil {
		if c != nil {
			return c, nil // the last copy stands until the store answers again
		}
		return nil, err
	}
	r.copy = next
	return next, nil
}

// readTimeout bounds a read of the agencies: the request that reads them
// waits no longer (the last copy stands meanwhile for the others).
const readTimeout = 2 * time.Second

func (r *Resolver) read(ctx context.Context, now time.Time) (*hostCopy, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readTimeout)
	defer cancel()
	all, err := r.Store.Agencies(ctx)
	if err != nil {
		return nil, err
	}
	c := &hostCopy{read: now, byHost: map[string]*Agency{}, byID: map[int64]*Agency{}}
	if len(all) == 0 {
		c.implicit = &Agency{ID: Implicit}
	}
	for i := range all {
		c.byID[all[i].ID] = &all[i]
		for _, h := range all[i].Hosts {
			c.byHost[h] = &all[i]
		}
	}
	return c, nil
}

func (r *Resolver) fresh() time.Duration {
	if r.Fresh > 0 {
		return r.Fresh
	}
	return DefaultFresh
}

func (r *Resolver) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// Preferred is agency id's preferred host now; "" when it has none (the
// implicit agency) or the agencies cannot be read.
func (r *Resolver) Preferred(ctx context.Context, id int64) string {
	c, err := r.current(ctx)
	if err != nil {
		return ""
	}
	if a := c.byID[id]; a != nil {
		return a.Preferred()
	}
	return ""
}

type contextKey struct{}

// NewContext returns ctx carrying a, the agency the request's host names.
func NewContext(ctx context.Context, a *Agency) context.Context {
	return context.WithValue(ctx, contextKey{}, a)
}

// FromContext is the agency ctx's request came for; nil outside a request
// the edge resolved.
func FromContext(ctx context.Context) *Agency {
	a, _ := ctx.Value(contextKey{}).(*Agency)
	return a
}

// Lookup is agency id's record as last read (nil: none such, or the
// agencies cannot be read); the implicit agency's while there is none.
func (r *Resolver) Lookup(ctx context.Context, id int64) *Agency {
	c, err := r.current(ctx)
	if err != nil {
		return nil
	}
	if c.implicit != nil && id == Implicit {
		return c.implicit
	}
	return c.byID[id]
}
