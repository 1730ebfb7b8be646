package agenda

import (
	"context"
	"maps"
	"strconv"
	"sync"
	"time"
)

// Board keeps the places taken in the bookable days in memory, so that a
// page lists the free slots without a database read, and says by Version
// when that list changed: the page cache keeps a property page until a
// booking, a cancellation or the clock (a slot begun, a new day) changes
// its slots. Refresh reads the store again: after this server's own
// bookings and cancellations at once, and every few seconds for those of
// other servers (a slot booked elsewhere meanwhile is refused as full when
// posted: the store decides).
type Board struct {
	Agenda *Agenda

	mu         sync.Mutex
	taken      map[time.Time]int
	byProperty map[PropertySlot]int
	version    int64
	// epoch is when the slots offered last changed by the clock alone;
	// until is when they change next.
	epoch, until time.Time
	// named is Version's text of version and epoch, made when they change.
	named struct {
		version int64
		epoch   time.Time
		text    string
	}
}

// Refresh reads the rules the agency saved (Agenda.Saved), those of its
// configuration as last published (Agenda.Published) and the places taken
// from the store; changed says whether any differs from what the board
// held.
func (b *Board) Refresh(ctx context.Context) (changed bool, err error) {
	if p := b.Agenda.Published; p != nil {
		if _, _, takes := p(); !takes {
			return false, nil // a version that takes no visits shows no slot: nothing to read until one does
		}
	}
	rulesChanged, err := b.Agenda.readSaved(ctx)
	if err != nil {
		return false, err
	}
	if b.Agenda.readPublished() {
		rulesChanged = true
	}
	now := b.Agenda.now().In(Brussels)
	r := b.Agenda.Current()
	from := time.Date(now.Year(), now.Month(), now.Day()+r.MinDays, 0, 0, 0, 0, Brussels)
	to := time.Date(now.Year(), now.Month(), now.Day()+r.MaxDays+1, 0, 0, 0, 0, Brussels)
	taken, err := b.Agenda.Store.Taken(ctx, from, to)
	if err != nil {
		return false, err
	}
	byProperty, err := b.Agenda.Store.TakenBy(ctx, from, to)
	if err != nil {
		return false, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !rulesChanged && b.taken != nil && maps.Equal(b.taken, taken) && maps.Equal(b.byProperty, byProperty) {
		return false, nil
	}
	if rulesChanged {
		b.until = time.Time{} // the next change by the clock is the new rules'
	}
	b.taken, b.byProperty = taken, byProperty
	b.version++
	return true, nil
}

// Free lists the free slots as the board last read them (Refresh): none
// before the first read.
func (b *Board) Free() []Slot { return b.FreeFor(0) }

// FreeFor lists the slots free for a visit of property (0: the agency's
// free slots) as the board last read them.
func (b *Board) FreeFor(property int64) []Slot {
	now := b.Agenda.now()
	b.mu.Lock()
	taken, byProperty := b.taken, b.byProperty
	b.mu.Unlock()
	if taken == nil {
		return nil
	}
	return b.Agenda.Current().SlotsOf(now, taken, byProperty, property)
}

// Version names the free slots Free returns now: it changes with the
// places read and with the clock's moves that change the offer.
func (b *Board) Version() string {
	now := b.Agenda.now()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.until.IsZero() || !now.Before(b.until) {
		b.epoch, b.until = now, b.Agenda.Current().nextChange(now)
	}
	if b.named.version != b.version || !b.named.epoch.Equal(b.epoch) {
		b.named.version, b.named.epoch = b.version, b.epoch
		b.named.text = strconv.FormatInt(b.version, 10) + "." + strconv.FormatInt(b.epoch.Unix(), 10)
	}
	return b.named.text // every cached page's answer asks: no allocation
}

// nextChange is when the slots offered at now change by the clock alone:
// when the first of them begins, or at midnight, whichever comes first.
func (r Rules) nextChange(now time.Time) time.Time {
	now = now.In(Brussels)
	next := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, Brussels)
	if s := r.Slots(now, nil); len(s) > 0 && s[0].Start.Before(next) {
		next = s[0].Start
	}
	return next
}
