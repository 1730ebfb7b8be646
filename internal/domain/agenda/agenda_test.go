package agenda

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"immo/internal/domain/mail"
)

func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, Brussels)
	if err != nil {
		panic(err)
	}
	return t
}

var weekdays = []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday}
var everyDay = []time.Weekday{0, 1, 2, 3, 4, 5, 6}

// utc lists the slots' starts in UTC, the instant a slot is.
func utc(slots []Slot) []string {
	var out []string
	for _, s := range slots {
		out = append(out, s.Start.UTC().Format("01-02 15:04"))
	}
	return out
}

func TestSlots(t *testing.T) {
	office := Rules{Weekdays: weekdays, Hours: []Hours{{9 * 60, 12 * 60}}, Length: time.Hour, Capacity: 2, MinDays: 1, MaxDays: 3}
	night := Rules{Weekdays: everyDay, Hours: []Hours{{60, 4 * 60}}, Length: 30 * time.Minute, Capacity: 1, MinDays: 1, MaxDays: 1}
	for _, tc := range []struct {
		name  string
		rules Rules
		now   string
		taken map[time.Time]int
		want  []string
	}{
		{"winter: 9:00 Brussels is 8:00 UTC; the weekend is skipped", office, "2026-11-20 15:00", nil,
			[]string{"11-23 08:00", "11-23 09:00", "11-23 10:00"}},
		{"a full slot is left out", office, "2026-11-20 15:00", map[time.Time]int{at("2026-11-23 10:00").UTC(): 2},
			[]string{"11-23 08:00", "11-23 10:00"}},
		{"a closed day is left out", func() Rules { r := office; r.Closed = []string{"2026-11-23"}; return r }(), "2026-11-20 15:00", nil, nil},
		{"summer: 9:00 Brussels is 7:00 UTC", office, "2026-06-11 15:00", nil,
			[]string{"06-12 07:00", "06-12 08:00", "06-12 09:00"}},
		{"across the March change, each day at its own offset", func() Rules { r := office; r.Hours = []Hours{{10 * 60, 11 * 60}}; r.MaxDays = 4; return r }(),
			"2026-03-26 12:00", nil, []string{"03-27 09:00", "03-30 08:00"}},
		{"29 March: 02:00-03:00 does not exist", night, "2026-03-28 12:00", nil,
			[]string{"03-29 00:00", "03-29 00:30", "03-29 01:00", "03-29 01:30"}},
		{"25 October: 02:00-03:00 is offered once, in summer time", night, "2026-10-24 12:00", nil,
			[]string{"10-24 23:00", "10-24 23:30", "10-25 00:00", "10-25 00:30", "10-25 02:00", "10-25 02:30"}},
		{"today: slots begun are gone", func() Rules { r := office; r.MinDays = 0; r.MaxDays = 0; return r }(), "2026-11-23 10:00", nil,
			[]string{"11-23 10:00"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := utc(tc.rules.Slots(at(tc.now), tc.taken))
			if len(got) != len(tc.want) {
				t.Fatalf("slots %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("slots %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func TestSlotShape(t *testing.T) {
	r := Rules{Weekdays: everyDay, Hours: []Hours{{60, 4 * 60}}, Length: 30 * time.Minute, Capacity: 3, MinDays: 1, MaxDays: 1}
	for _, s := range r.Slots(at("2026-10-24 12:00"), map[time.Time]int{at("2026-10-25 01:00").UTC(): 1}) {
		if s.End.Sub(s.Start) != 30*time.Minute || s.Start.Location() != Brussels {
			t.Errorf("slot %v–%v", s.Start, s.End)
		}
		want := 3
		if s.Start.Equal(at("2026-10-25 01:00")) {
			want = 2
		}
		if s.Free != want {
			t.Errorf("%v: %d free, want %d", s.Start, s.Free, want)
		}
	}
}

func TestValidate(t *testing.T) {
	ok := Rules{Weekdays: weekdays, Hours: []Hours{{540, 720}}, Length: time.Hour, Capacity: 1, MinDays: 1, MaxDays: 30, Closed: []string{"2026-12-25"}}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, change := range map[string]func(*Rules){
		"no weekday":       func(r *Rules) { r.Weekdays = nil },
		"no hours":         func(r *Rules) { r.Hours = nil },
		"short range":      func(r *Rules) { r.Hours = []Hours{{540, 570}} },
		"range past 24:00": func(r *Rules) { r.Hours = []Hours{{1380, 1500}} },
		"odd length":       func(r *Rules) { r.Length = 90 * time.Second },
		"no capacity":      func(r *Rules) { r.Capacity = 0 },
		"min after max":    func(r *Rules) { r.MinDays = 31 },
		"too far":          func(r *Rules) { r.MaxDays = 400 },
		"bad closed day":   func(r *Rules) { r.Closed = []string{"25/12"} },
	} {
		r := ok
		change(&r)
		if err := r.Validate(); !errors.Is(err, ErrRules) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// memStore books atomically under a mutex, as the SQL stores do in a transaction.
type memStore struct {
	mu     sync.Mutex
	taken  map[time.Time]int
	byHash map[string]Booking // bookings that can still be cancelled
}

type tx struct{}

func (tx) StorageTx() {}

func (m *memStore) Taken(_ context.Context, from, to time.Time) (map[time.Time]int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[time.Time]int{}
	for k, v := range m.taken {
		if !k.Before(from) && k.Before(to) {
			out[k] = v
		}
	}
	return out, nil
}

// A slot free across the agency is full for a property whose own places
// in it are taken; other properties still see it.
func TestSlotsOfProperty(t *testing.T) {
	r := Rules{Weekdays: everyDay, Hours: []Hours{{60, 2 * 60}}, Length: time.Hour, Capacity: 3, PropertyCapacity: 1, MinDays: 1, MaxDays: 1}
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, Brussels)
	start := time.Date(2026, 11, 25, 1, 0, 0, 0, Brussels).UTC()
	taken := map[time.Time]int{start: 1}
	by := map[PropertySlot]int{{7, start}: 1}
	if got := r.SlotsOf(now, taken, by, 7); len(got) != 0 {
		t.Errorf("property 7: %v, want its slot full", got)
	}
	if got := r.SlotsOf(now, taken, by, 8); len(got) != 1 || got[0].Free != 1 {
		t.Errorf("property 8: %v, want the slot free with 1 place (its own)", got)
	}
	if got := r.Slots(now, taken); len(got) != 1 || got[0].Free != 2 {
		t.Errorf("the agency: %v, want 2 places left", got)
	}
}

func (m *memStore) TakenBy(context.Context, time.Time, time.Time) (map[PropertySlot]int, error) {
	return map[PropertySlot]int{}, nil
}

func (m *memStore) Take(ctx context.Context, b Booking, lim Limits, then func(context.Context, mail.Tx, int64) error) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.taken[b.Start] >= lim.Slot {
		return 0, ErrFull
	}
	if err := then(ctx, tx{}, 1); err != nil {
		return 0, err
	}
	m.taken[b.Start]++
	if b.CancelHash != nil {
		if m.byHash == nil {
			m.byHash = map[string]Booking{}
		}
		m.byHash[string(b.CancelHash)] = b
	}
	return int64(m.taken[b.Start]), nil
}

func (m *memStore) TakeIn(ctx context.Context, _ mail.Tx, b Booking, lim Limits) (int64, error) {
	return m.Take(ctx, b, lim, func(context.Context, mail.Tx, int64) error { return nil })
}

func (m *memStore) Find(_ context.Context, hash []byte) (Booking, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.byHash[string(hash)]
	if !ok {
		return Booking{}, ErrNoBooking
	}
	return b, nil
}

func (m *memStore) Cancel(ctx context.Context, hash []byte, then func(context.Context, mail.Tx, Booking) error) (Booking, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.byHash[string(hash)]
	if !ok {
		return Booking{}, ErrNoBooking
	}
	if then != nil {
		if err := then(ctx, tx{}, b); err != nil {
			return Booking{}, err
		}
	}
	delete(m.byHash, string(hash))
	m.taken[b.Start]--
	return b, nil
}

func TestBook(t *testing.T) {
	st := &memStore{taken: map[time.Time]int{}}
	a := &Agenda{Store: st, Now: func() time.Time { return at("2026-11-20 15:00") },
		Rules: Rules{Weekdays: weekdays, Hours: []Hours{{540, 720}}, Length: time.Hour, Capacity: 2, MinDays: 1, MaxDays: 3}}
	none := func(context.Context, mail.Tx, int64) error { return nil }
	if _, err := a.Book(context.Background(), Booking{Start: at("2026-11-23 09:30")}, none); !errors.Is(err, ErrNotOffered) {
		t.Fatalf("between slots: %v", err)
	}
	if _, err := a.Book(context.Background(), Booking{Start: at("2026-11-20 16:00")}, none); !errors.Is(err, ErrNotOffered) {
		t.Fatalf("today, before MinDays: %v", err)
	}
	slot := at("2026-11-23 09:00")
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	for range 3 {
		wg.Go(func() { _, err := a.Book(context.Background(), Booking{Start: slot}, none); errs <- err })
	}
	wg.Wait()
	close(errs)
	full := 0
	for err := range errs {
		if errors.Is(err, ErrFull) {
			full++
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if full != 1 {
		t.Fatalf("3 visitors for 2 places: %d refused", full)
	}
	free, err := a.Free(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := utc(free); len(got) != 2 || got[0] != "11-23 09:00" {
		t.Fatalf("free after booking 09:00 twice: %v", got)
	}
}

func TestCancel(t *testing.T) {
	st := &memStore{taken: map[time.Time]int{}}
	a := &Agenda{Store: st, Now: func() time.Time { return at("2026-11-20 15:00") },
		Rules: Rules{Weekdays: weekdays, Hours: []Hours{{540, 600}}, Length: time.Hour, Capacity: 1, MinDays: 1, MaxDays: 3}}
	none := func(context.Context, mail.Tx, int64) error { return nil }
	token, hash := NewCancelToken()
	if len(token) < 20 || string(hash) == token || string(CancelHash(token)) != string(hash) {
		t.Fatalf("token %q, hash %x", token, hash)
	}
	slot := at("2026-11-23 09:00")
	if _, err := a.Book(t.Context(), Booking{Start: slot, CancelHash: hash}, none); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Book(t.Context(), Booking{Start: slot}, none); !errors.Is(err, ErrFull) {
		t.Fatalf("second visitor: %v", err)
	}
	for _, bad := range []string{"", "not-the-token"} {
		if _, err := a.Cancel(t.Context(), bad, nil); !errors.Is(err, ErrNoBooking) {
			t.Fatalf("cancel with %q: %v", bad, err)
		}
	}
	if b, err := a.Cancel(t.Context(), token, nil); err != nil || !b.Start.Equal(slot) {
		t.Fatalf("cancel: %+v %v", b, err)
	}
	if _, err := a.Cancel(t.Context(), token, nil); !errors.Is(err, ErrNoBooking) {
		t.Fatalf("second cancel: %v", err)
	}
	if _, err := a.Book(t.Context(), Booking{Start: slot}, none); err != nil {
		t.Fatalf("the freed place: %v", err)
	}
}

func TestBookIn(t *testing.T) {
	st := &memStore{taken: map[time.Time]int{}}
	a := &Agenda{Store: st, Now: func() time.Time { return at("2026-11-20 15:00") },
		Rules: Rules{Weekdays: weekdays, Hours: []Hours{{540, 600}}, Length: time.Hour, Capacity: 1, MinDays: 1, MaxDays: 4}}
	if _, err := a.BookIn(t.Context(), tx{}, Booking{Start: at("2026-11-21 09:00")}); !errors.Is(err, ErrNotOffered) {
		t.Fatalf("a Saturday: %v", err)
	}
	if _, err := a.BookIn(t.Context(), tx{}, Booking{Start: at("2026-11-23 09:00")}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.BookIn(t.Context(), tx{}, Booking{Start: at("2026-11-23 09:00").UTC()}); !errors.Is(err, ErrFull) {
		t.Fatalf("the same slot in UTC: %v", err)
	}
	token, hash := NewCancelToken()
	if _, err := a.BookIn(t.Context(), tx{}, Booking{Start: at("2026-11-24 09:00"), CancelHash: hash}); err != nil {
		t.Fatal(err)
	}
	if b, err := a.Find(t.Context(), token); err != nil || !b.Start.Equal(at("2026-11-24 09:00")) {
		t.Fatalf("Find: %+v %v", b, err)
	}
	var seen Booking
	if _, err := a.Cancel(t.Context(), token, func(_ context.Context, _ mail.Tx, b Booking) error { seen = b; return nil }); err != nil || seen.CancelHash == nil {
		t.Fatalf("Cancel: %v, callback saw %+v", err, seen)
	}
	if _, err := a.Find(t.Context(), token); !errors.Is(err, ErrNoBooking) {
		t.Fatalf("Find after the cancel: %v", err)
	}
}

func TestBoard(t *testing.T) {
	now := at("2026-11-20 15:00")
	st := &memStore{taken: map[time.Time]int{}}
	a := &Agenda{Store: st, Now: func() time.Time { return now },
		Rules: Rules{Weekdays: weekdays, Hours: []Hours{{540, 660}}, Length: time.Hour, Capacity: 1, MinDays: 0, MaxDays: 3}}
	b := &Board{Agenda: a}
	if b.Free() != nil {
		t.Fatal("slots before the first read")
	}
	if changed, err := b.Refresh(t.Context()); !changed || err != nil {
		t.Fatalf("first Refresh: %v %v", changed, err)
	}
	v0 := b.Version()
	if got := utc(b.Free()); len(got) != 2 || got[0] != "11-23 08:00" {
		t.Fatalf("free: %v", got)
	}
	if changed, _ := b.Refresh(t.Context()); changed || b.Version() != v0 {
		t.Fatal("nothing booked, yet changed")
	}
	if _, err := a.BookIn(t.Context(), tx{}, Booking{Start: at("2026-11-23 09:00")}); err != nil {
		t.Fatal(err)
	}
	if got := utc(b.Free()); len(got) != 2 {
		t.Fatalf("the board changed before its Refresh: %v", got)
	}
	if changed, _ := b.Refresh(t.Context()); !changed || b.Version() == v0 {
		t.Fatal("a booking did not change the board")
	}
	if got := utc(b.Free()); len(got) != 1 || got[0] != "11-23 09:00" {
		t.Fatalf("free after the booking: %v", got)
	}
	// The clock: the weekend changes nothing until Monday's first slot
	// begins… and midnight does, since today's slots are offered.
	v1 := b.Version()
	now = at("2026-11-21 10:00")
	if v := b.Version(); v == v1 {
		t.Fatal("a new day kept the version")
	}
	v2 := b.Version()
	now = at("2026-11-21 23:00")
	if b.Version() != v2 {
		t.Fatal("the version changed within the weekend")
	}
	now = at("2026-11-23 09:00") // 09:00 begins
	if b.Version() == v2 {
		t.Fatal("a slot begun kept the version")
	}
}

// The configuration's rules follow the version the agency publishes
// (Published), read on the board's Refresh: a version's new hours change
// the slots and the board's version; a version that takes no visits, or
// whose rules do not hold, leaves the rules in force; a version the board
// read already changes nothing.
func TestBoardFollowsThePublishedRules(t *testing.T) {
	now := at("2026-11-20 15:00")
	start := Rules{Weekdays: weekdays, Hours: []Hours{{540, 660}}, Length: time.Hour, Capacity: 1, MaxDays: 3}
	published, version, takes := start, int64(1), true
	a := &Agenda{Store: &memStore{taken: map[time.Time]int{}}, Now: func() time.Time { return now }, Rules: start,
		Published: func() (Rules, int64, bool) { return published, version, takes }}
	b := &Board{Agenda: a}
	if changed, err := b.Refresh(t.Context()); !changed || err != nil {
		t.Fatalf("first Refresh: %v %v", changed, err)
	}
	v0 := b.Version()
	if got := utc(b.Free()); len(got) != 2 || got[0] != "11-23 08:00" {
		t.Fatalf("free with the first version: %v", got)
	}
	published, version = Rules{Weekdays: weekdays, Hours: []Hours{{14 * 60, 15 * 60}}, Length: time.Hour, Capacity: 1, MaxDays: 3}, 2
	if changed, _ := b.Refresh(t.Context()); !changed || b.Version() == v0 {
		t.Fatal("a version with new hours did not change the board")
	}
	if got := utc(b.Free()); len(got) != 1 || got[0] != "11-23 13:00" {
		t.Fatalf("free with the second version: %v", got)
	}
	v1 := b.Version()
	if changed, _ := b.Refresh(t.Context()); changed || b.Version() != v1 {
		t.Fatal("the same version read again changed the board")
	}
	for _, c := range []struct {
		name  string
		rules Rules
		takes bool
	}{{"a version without visits", Rules{}, false}, {"rules that do not hold", Rules{Weekdays: weekdays}, true}} {
		published, version, takes = c.rules, version+1, c.takes
		if changed, _ := b.Refresh(t.Context()); changed {
			t.Errorf("%s changed the board", c.name)
		}
		if got := utc(b.Free()); len(got) != 1 || got[0] != "11-23 13:00" {
			t.Errorf("free after %s: %v", c.name, got)
		}
	}
}
