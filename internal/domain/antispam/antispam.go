// Package antispam is what the site keeps to brake robots, shared by every
// server on the database: the proof-of-work challenges already spent (each
// is usable once) and attempt counters per key (per sender, per receiver),
// which count refused attempts too. It holds the contracts and the limiter's
// rule; checking a challenge's proof is package altcha's, storing is the
// shared SQL package's.
package antispam

import (
	"context"
	"time"
)

// Challenges remembers the challenges spent, until they expire.
type Challenges interface {
	// Spend marks key (a challenge's signature) spent until expires; fresh
	// is true for the first call with key, on any server sharing the
	// database, and false for every later one.
	Spend(ctx context.Context, key string, expires time.Time) (fresh bool, err error)
	// PurgeSpent forgets the challenges that expired before now: an expired
	// challenge is refused by its expiry, so its key need not be kept.
	PurgeSpent(ctx context.Context, now time.Time) (int64, error)
}

// Counter counts attempts per key in fixed time windows.
type Counter interface {
	// Hit counts one attempt of key in the window that starts at window and
	// returns the attempts counted in that window, this one included. Two
	// servers hitting the same key at once get two different counts.
	Hit(ctx context.Context, key string, window time.Time) (int, error)
	// Count is the attempts of key counted in the window that starts at
	// window, counting none (0 for a key never hit).
	Count(ctx context.Context, key string, window time.Time) (int, error)
	// PurgeHits forgets the windows that started before before.
	PurgeHits(ctx context.Context, before time.Time) (int64, error)
}

// Limiter allows at most Max attempts per key in each Window (fixed
// windows: a sender may spend a window's attempts at its end and the next
// window's at once, so at most twice Max in any Window). Keys name what is
// braked, e.g. "lead:" + a keyed IP hash; they are stored, so they must not
// be personal data in clear (hash a receiver's address first).
type Limiter struct {
	Counter Counter
	Max     int
	Window  time.Duration
	Now     func() time.Time // nil: time.Now
	// Name names the limit on the abuse page ("noproof-hour"), and tells
	// the counters of two limits apart where its caller keys them by it.
	Name string
	// Watch keeps the limit's refusals and the keys at it for the abuse
	// page (nil: nothing kept).
	Watch Watch
}

// Allow counts attempt a and says whether it is within the limit. A
// refused attempt counts too, so a sender who keeps trying stays braked
// until the window ends.
func (l *Limiter) Allow(ctx context.Context, a Attempt) (bool, error) {
	n, _, err := l.Hit(ctx, a)
	if err != nil {
		return false, err
	}
	if n <= l.Max {
		return true, nil
	}
	return false, Refuse(ctx, l.Watch, l.now(), l.Name, a.Area)
}

// Over tells whether a's key has used its Max attempts of the current
// window, counting none: a caller that counts only some attempts (a login,
// its failures) asks before the attempt and counts after it. Over, the
// attempt is counted as refused on the abuse page.
func (l *Limiter) Over(ctx context.Context, a Attempt) (bool, error) {
	n, err := l.Counter.Count(ctx, a.Key, l.window())
	if err != nil || n < l.Max {
		return false, err
	}
	return true, Refuse(ctx, l.Watch, l.now(), l.Name, a.Area)
}

func (l *Limiter) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

func (l *Limiter) window() time.Time { return l.now().UTC().Truncate(l.Window) }

// Hit counts attempt a and returns the attempts of the current window,
// this one included, and when that window started: a caller that paces
// rather than refuses (the k-th Max past the limit waits k windows) needs
// both. A key that reaches Max is held (Watch): the abuse page lists it
// until its window ends or the staff release it.
func (l *Limiter) Hit(ctx context.Context, a Attempt) (n int, window time.Time, err error) {
	window = l.window()
	n, err = l.Counter.Hit(ctx, a.Key, window)
	if err != nil || n < l.Max || l.Watch == nil {
		return n, window, err
	}
	err = l.Watch.Held(ctx, Hold{Key: a.Key, Limit: l.Name, Who: a.Who, Area: a.Area, Window: window,
		Until: window.Add(l.Window), Max: l.Max})
	return n, window, err
}

// Later is when the n-th attempt of the window that started at window may
// go ahead at a pace of Max a Window: now (the zero time) within the limit,
// else the start of the window its turn falls in.
func (l *Limiter) Later(n int, window time.Time) time.Time {
	if n <= l.Max || l.Max <= 0 {
		return time.Time{}
	}
	return window.Add(time.Duration((n-1)/l.Max) * l.Window)
}
