// Package agenda offers appointment slots (a visit of a property, a meeting
// at the agency) from rules in the site configuration: the weekdays and
// hours the agency receives, the length of a slot, how many visitors one
// slot takes, how far ahead a visitor may book and the days it is closed.
// Times are wall-clock times in Belgium (Europe/Brussels), so a 10:00 slot
// is at 10:00 on either side of a change of summer time.
package agenda

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"
	_ "time/tzdata" // Europe/Brussels without the system's zone files (a scratch image has none)

	"immo/internal/domain/mail"
)

// Brussels is the agency's time zone.
var Brussels = mustZone("Europe/Brussels")

func mustZone(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err) // embedded by time/tzdata: cannot fail
	}
	return l
}

// Hours is a range of a day in minutes after midnight, [From, To).
type Hours struct {
	From, To int
}

// Rules say when slots are offered.
type Rules struct {
	Weekdays []time.Weekday
	Hours    []Hours // e.g. {9*60, 12*60}, {14*60, 18*60}: slots start and end within one range
	Length   time.Duration
	Capacity int // visits one slot takes across the agency (the agents free then)
	// PropertyCapacity is how many visits of one property a slot takes
	// (0: Capacity): one visitor booking a slot for a property leaves the
	// slot to the other properties' visitors.
	PropertyCapacity int
	// PerVisitor and PerSender bound the visits one visitor (a keyed hash
	// of the address typed, lead.AddressKey) and one sender (a keyed IP
	// hash) may hold booked and not begun (0: no bound), so that nobody
	// empties the agenda with a few addresses.
	PerVisitor, PerSender int
	// The first bookable day is today plus MinDays (1: from tomorrow), the
	// last today plus MaxDays.
	MinDays, MaxDays int
	Closed           []string // days the agency is closed, YYYY-MM-DD
}

// Errors of Rules.Validate: configuration errors, reported at start.
var ErrRules = errors.New("agenda: invalid rules")

// Validate checks r: at least one weekday and range, ranges within a day
// and holding a slot, a positive length and capacity, 0 ≤ MinDays ≤ MaxDays
// ≤ 366, closed days as dates.
func (r Rules) Validate() error {
	bad := func(what string) error { return fmt.Errorf("%w: %s", ErrRules, what) }
	switch {
	case len(r.Weekdays) == 0:
		return bad("no weekday")
	case len(r.Hours) == 0:
		return bad("no hours")
	case r.Length < 5*time.Minute || r.Length%time.Minute != 0:
		return bad("the length must be whole minutes, at least 5")
	case r.Capacity < 1:
		return bad("the capacity must be at least 1")
	case r.PropertyCapacity < 0 || r.PropertyCapacity > r.Capacity:
		return bad("want 0 ≤ propertyCapacity ≤ capacity")
	case r.PerVisitor < 0 || r.PerSender < 0:
		return bad("the bounds per visitor and per sender cannot be negative")
	case r.MinDays < 0 || r.MaxDays < r.MinDays || r.MaxDays > 366:
		return bad("want 0 ≤ minDays ≤ maxDays ≤ 366")
	}
	for _, d := range r.Weekdays {
		if d < time.Sunday || d > time.Saturday {
			return bad("unknown weekday")
		}
	}
	for _, h := range r.Hours {
		if h.From < 0 || h.To > 24*60 || time.Duration(h.To-h.From)*time.Minute < r.Length {
			return bad(fmt.Sprintf("hours %d–%d hold no slot", h.From, h.To))
		}
	}
	for _, c := range r.Closed {
		if _, err := time.Parse(time.DateOnly, c); err != nil {
			return bad("closed day " + c)
		}
	}
	return nil
}

// Slot is an appointment time and how many places it has left.
type Slot struct {
	Start time.Time `json:"start"` // in Brussels time
	End   time.Time `json:"end"`
	Free  int       `json:"free"`
}

// Slots lists the slots of the bookable days as seen at now, in order, with
// taken (places booked per slot start, Store.Taken) subtracted; full slots
// and those already begun are left out. A wall-clock time that does not
// exist (the hour skipped in March) offers no slot; one that exists twice
// (October) is offered once, at its first occurrence.
func (r Rules) Slots(now time.Time, taken map[time.Time]int) []Slot {
	return r.SlotsOf(now, taken, nil, 0)
}

// PropertySlot names the places one property's visits take in a slot.
type PropertySlot struct {
	Property int64
	Start    time.Time // UTC
}

// propertyCapacity is how many visits of one property a slot takes.
func (r Rules) propertyCapacity() int {
	if r.PropertyCapacity > 0 {
		return r.PropertyCapacity
	}
	return r.Capacity
}

// SlotsOf is Slots for a visit of property (0: the agency's slots alone):
// a slot is free while it has a place across the agency and one for the
// property (byProperty: places taken per property and slot).
func (r Rules) SlotsOf(now time.Time, taken map[time.Time]int, byProperty map[PropertySlot]int, property int64) []Slot {
	now = now.In(Brussels)
	var out []Slot
	for d := r.MinDays; d <= r.MaxDays; d++ {
		day := time.Date(now.Year(), now.Month(), now.Day()+d, 12, 0, 0, 0, Brussels)
		if !r.open(day) {
			continue
		}
		for _, h := range r.Hours {
			step := int(r.Length / time.Minute)
			for m := h.From; m+step <= h.To; m += step {
				start, ok := wall(day, m)
				if !ok || !start.After(now) {
					continue
				}
				free := r.Capacity - taken[start.UTC()]
				if property != 0 {
					free = min(free, r.propertyCapacity()-byProperty[PropertySlot{property, start.UTC()}])
				}
				if free > 0 {
					out = append(out, Slot{Start: start, End: start.Add(r.Length), Free: free})
				}
			}
		}
	}
	return out
}

// Offers tells whether start is a slot of the rules bookable at now,
// whether or not it is full (the store decides that, atomically).
func (r Rules) Offers(now, start time.Time) bool {
	for _, s := range r.Slots(now, nil) {
		if s.Start.Equal(start) {
			return true
		}
	}
	return false
}

func (r Rules) open(day time.Time) bool {
	return slices.Contains(r.Weekdays, day.Weekday()) && !slices.Contains(r.Closed, day.Format(time.DateOnly))
}

// wall is the time minute minutes after midnight on day's date in Brussels;
// ok is false when that wall-clock time does not exist. Of a time that
// exists twice it is the first (summer time).
func wall(day time.Time, minute int) (time.Time, bool) {
	t := time.Date(day.Year(), day.Month(), day.Day(), minute/60, minute%60, 0, 0, Brussels)
	if t.Hour()*60+t.Minute() != minute || t.Day() != day.Day() {
		return t, false
	}
	if e := t.Add(-time.Hour); e.Hour() == t.Hour() && e.Minute() == t.Minute() && e.Day() == t.Day() {
		return e, true
	}
	return t, true
}

// Booking is a place taken in a slot.
type Booking struct {
	ID        int64     `json:"id"`
	Start     time.Time `json:"start"`
	Property  int64     `json:"propertyId"` // the property visited; 0: a meeting at the agency
	RequestID int64     `json:"requestId"`  // the visitor's request (lead.KindVisit)
	// Revision counts the agency's moves of the booking: the SEQUENCE of
	// the .ics each mail about it carries.
	Revision int `json:"revision"`
	// CancelHash is what the store keeps of the booking's cancel token
	// (CancelHash); nil: the booking cannot be cancelled by a link.
	CancelHash []byte `json:"-"`
	// Visitor and Sender are keyed hashes of who booked (the address typed,
	// the IP), counted against Rules.PerVisitor and PerSender; "": not
	// counted.
	Visitor string `json:"-"`
	Sender  string `json:"-"`
}

// Limits are what a booking must fit in (Rules'): places per slot across
// the agency and per property, open bookings per visitor and per sender.
type Limits struct {
	Slot, Property, Visitor, Sender int
	// Now is the agenda's clock: the visits starting after it count
	// against Visitor and Sender.
	Now time.Time
}

// Limits are the store's bounds of r at now.
func (r Rules) Limits(now time.Time) Limits {
	return Limits{Slot: r.Capacity, Property: r.propertyCapacity(), Visitor: r.PerVisitor, Sender: r.PerSender, Now: now.UTC()}
}

// ErrFull says the slot has no place left: the form shows field.KeySlotFull.
var ErrFull = errors.New("agenda: the slot is full")

// ErrTooMany says the visitor, or the sender, holds as many booked visits
// as Rules allow: one must begin or be cancelled first.
var ErrTooMany = errors.New("agenda: too many visits booked")

// ErrNotOffered says the time is not a slot the rules offer now.
var ErrNotOffered = errors.New("agenda: not a bookable slot")

// Store keeps bookings.
type Store interface {
	// Taken counts the places booked per slot start (UTC) in [from, to).
	Taken(ctx context.Context, from, to time.Time) (map[time.Time]int, error)
	// TakenBy counts them per property and slot start.
	TakenBy(ctx context.Context, from, to time.Time) (map[PropertySlot]int, error)
	// Take books b when its slot has fewer than lim.Slot places taken and,
	// for a property, fewer than lim.Property for it, and b's visitor and
	// sender hold fewer than lim.Visitor and lim.Sender bookings not begun
	// (0: no bound), and calls then in the same transaction (to store the
	// request and queue the confirmation with its .ics); ErrFull when the
	// slot is full, ErrTooMany past a visitor's or sender's bound. The
	// count and the insert are one atomic step: two visitors taking the
	// last place at once get one booking and one ErrFull (PostgreSQL: a
	// lock on the slot's row; SQLite: its single writer).
	Take(ctx context.Context, b Booking, lim Limits, then func(ctx context.Context, tx mail.Tx, id int64) error) (int64, error)
	// TakeIn is Take inside tx, a transaction of the same store another
	// record opened (a visit request: stored with its place, or neither).
	TakeIn(ctx context.Context, tx mail.Tx, b Booking, lim Limits) (int64, error)
	// Find returns the booking whose CancelHash is hash while it can be
	// cancelled; ErrNoBooking when there is none or it was cancelled.
	Find(ctx context.Context, hash []byte) (Booking, error)
	// Cancel frees the place of the booking whose CancelHash is hash, calls
	// then with it in the same transaction (to queue the agency's notice)
	// and returns it; ErrNoBooking when there is none or it was cancelled
	// already (a cancel link works once). then may be nil.
	Cancel(ctx context.Context, hash []byte, then func(ctx context.Context, tx mail.Tx, b Booking) error) (Booking, error)
}

// Agenda offers and books slots.
type Agenda struct {
	// Rules are the configuration's as the agenda was made; Published,
	// when set, gives them as the agency last published its configuration
	// (ok false: that version takes no visits, and the rules in force stay
	// as they were: no page offers a visit then), read on each Refresh, so
	// a new version's rules need no restart. The agency's saved ones
	// (Saved) replace them: Current is what is in force.
	Rules     Rules
	Published func() (r Rules, version int64, ok bool)
	Store     Store
	Saved     RulesStore       // nil: only the configuration's rules
	Now       func() time.Time // nil: time.Now

	saved     atomic.Pointer[saved]
	published atomic.Pointer[saved] // the Published rules in force, and their version
}

// Idle are the rules of an agenda made for an agency that takes no visits
// yet: valid, never offered (no page shows the visit form), replaced by
// the rules of the first version that takes visits (Published).
var Idle = Rules{Weekdays: []time.Weekday{time.Monday}, Hours: []Hours{{From: 9 * 60, To: 10 * 60}}, Length: time.Hour,
	Capacity: 1, PerVisitor: 1, PerSender: 1}

func (a *Agenda) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// Free lists the free slots of the bookable days.
func (a *Agenda) Free(ctx context.Context) ([]Slot, error) {
	now := a.now().In(Brussels)
	r := a.Current()
	from := time.Date(now.Year(), now.Month(), now.Day()+r.MinDays, 0, 0, 0, 0, Brussels)
	to := time.Date(now.Year(), now.Month(), now.Day()+r.MaxDays+1, 0, 0, 0, 0, Brussels)
	taken, err := a.Store.Taken(ctx, from, to)
	if err != nil {
		return nil, err
	}
	return r.Slots(now, taken), nil
}

// Book takes a place in b's slot, which must be one the rules offer now.
func (a *Agenda) Book(ctx context.Context, b Booking, then func(ctx context.Context, tx mail.Tx, id int64) error) (int64, error) {
	r := a.Current()
	if !r.Offers(a.now(), b.Start) {
		return 0, ErrNotOffered
	}
	b.Start = b.Start.UTC()
	return a.Store.Take(ctx, b, r.Limits(a.now()), then)
}

// BookIn takes a place in b's slot inside tx (Store.TakeIn); the slot must
// be one the rules offer now: ErrNotOffered, else ErrFull when it is full.
func (a *Agenda) BookIn(ctx context.Context, tx mail.Tx, b Booking) (int64, error) {
	r := a.Current()
	if !r.Offers(a.now(), b.Start) {
		return 0, ErrNotOffered
	}
	b.Start = b.Start.UTC()
	return a.Store.TakeIn(ctx, tx, b, r.Limits(a.now()))
}
