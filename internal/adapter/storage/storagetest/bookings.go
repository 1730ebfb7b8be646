package storagetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/agenda"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// RunBookings is the agenda store suite, run on every database. open
// follows Run's rules: the race runs on two handles, as two servers would.
func RunBookings(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Race", func(t *testing.T) { testBookingRace(t, open(t).Bookings(), open(t).Bookings()) })
	t.Run("FailingCallback", func(t *testing.T) { testBookingRollback(t, open(t).Bookings()) })
	t.Run("Cancel", func(t *testing.T) { testCancel(t, open(t).Bookings()) })
	t.Run("Taken", func(t *testing.T) { testTaken(t, open(t).Bookings()) })
	t.Run("WithRequest", func(t *testing.T) { testBookingWithRequest(t, open(t)) })
	t.Run("Limits", func(t *testing.T) { testBookingLimits(t, open(t).Bookings()) })
}

// A slot holds lim.Property visits of one property and lim.Slot across the
// agency; a visitor and a sender hold at most lim.Visitor and lim.Sender
// visits not begun; a cancellation gives all of them back.
func testBookingLimits(t *testing.T, s *sqlstore.Bookings) {
	ctx := t.Context()
	lim := agenda.Limits{Slot: 3, Property: 1, Visitor: 2, Sender: 3}
	at := time.Now().UTC().Truncate(time.Hour).Add(48 * time.Hour) // not begun
	take := func(b agenda.Booking) error {
		_, err := s.Take(ctx, b, lim, none)
		return err
	}
	if err := take(agenda.Booking{Start: at, Property: 1, Visitor: "ann", Sender: "ip1", CancelHash: []byte("c1")}); err != nil {
		t.Fatal(err)
	}
	if err := take(agenda.Booking{Start: at, Property: 1, Visitor: "bob", Sender: "ip2"}); !errors.Is(err, agenda.ErrFull) {
		t.Fatalf("the property's place in the slot is taken: %v, want ErrFull", err)
	}
	if err := take(agenda.Booking{Start: at, Property: 2, Visitor: "bob", Sender: "ip2"}); err != nil {
		t.Fatalf("another property in the same slot: %v", err)
	}
	if got := taken(t, s, at); got != 2 {
		t.Errorf("the slot's places taken: %d, want 2 (the refused booking rolled back)", got)
	}
	by, err := s.TakenBy(ctx, at, at.Add(time.Minute))
	if err != nil || by[agenda.PropertySlot{Property: 1, Start: at}] != 1 || by[agenda.PropertySlot{Property: 2, Start: at}] != 1 {
		t.Fatalf("taken by property: %v %v", by, err)
	}
	// Ann: one more visit, then her bound.
	if err := take(agenda.Booking{Start: at.Add(time.Hour), Property: 3, Visitor: "ann", Sender: "ip3"}); err != nil {
		t.Fatal(err)
	}
	if err := take(agenda.Booking{Start: at.Add(2 * time.Hour), Property: 4, Visitor: "ann", Sender: "ip4"}); !errors.Is(err, agenda.ErrTooMany) {
		t.Fatalf("a third visit of one visitor: %v, want ErrTooMany", err)
	}
	// ip2: bob's, then two more addresses, then its bound.
	for i, v := range []string{"cleo", "dan", "finn"} {
		err := take(agenda.Booking{Start: at.Add(time.Duration(3+i) * time.Hour), Property: 5, Visitor: v, Sender: "ip2"})
		if want := []error{nil, nil, agenda.ErrTooMany}[i]; !errors.Is(err, want) {
			t.Fatalf("visit %d from ip2: %v, want %v", i+2, err, want)
		}
	}
	// A visit begun no longer counts, and a cancelled one frees everything.
	if _, err := s.Cancel(ctx, []byte("c1"), nil); err != nil {
		t.Fatal(err)
	}
	if err := take(agenda.Booking{Start: at, Property: 1, Visitor: "ann", Sender: "ip1"}); err != nil {
		t.Fatalf("after a cancellation the property's place and Ann's bound are back: %v", err)
	}
	past := time.Now().UTC().Truncate(time.Hour).Add(-48 * time.Hour)
	for range 3 {
		if err := take(agenda.Booking{Start: past, Visitor: "eve", Sender: "ip9"}); err != nil {
			t.Fatalf("visits begun count for nobody's bound: %v", err)
		}
	}
}

// slot is a slot's start as the agenda passes it (UTC).
var slot = time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)

func none(context.Context, mail.Tx, int64) error { return nil }

// taken is the places taken in the slot starting at start.
func taken(t *testing.T, s agenda.Store, start time.Time) int {
	t.Helper()
	m, err := s.Taken(t.Context(), start, start.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	return m[start]
}

func testBookingRace(t *testing.T, a, b *sqlstore.Bookings) {
	const racers, capacity = 12, 3
	ctx := t.Context()
	start := make(chan struct{})
	errs := make(chan error, racers)
	var wg sync.WaitGroup
	for i := range racers {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Go(func() {
			<-start
			_, err := s.Take(ctx, agenda.Booking{Start: slot, Property: 42}, agenda.Limits{Slot: capacity}, func(ctx context.Context, _ mail.Tx, _ int64) error {
				// Hold the transaction a moment, so the racers overlap.
				time.Sleep(5 * time.Millisecond)
				return nil
			})
			errs <- err
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	booked, full := 0, 0
	for err := range errs {
		switch {
		case err == nil:
			booked++
		case errors.Is(err, agenda.ErrFull):
			full++
		default:
			t.Errorf("a racer failed otherwise: %v", err)
		}
	}
	if booked != capacity || full != racers-capacity {
		t.Fatalf("%d racers for %d places: %d booked, %d full", racers, capacity, booked, full)
	}
	if n := taken(t, a, slot); n != capacity {
		t.Fatalf("Taken = %d, want %d", n, capacity)
	}
}

func testBookingRollback(t *testing.T, s *sqlstore.Bookings) {
	ctx := t.Context()
	boom := errors.New("the queue refused")
	if _, err := s.Take(ctx, agenda.Booking{Start: slot}, agenda.Limits{Slot: 1}, func(context.Context, mail.Tx, int64) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("Take = %v, want the callback's error", err)
	}
	if n := taken(t, s, slot); n != 0 {
		t.Fatalf("a rolled back booking took %d places", n)
	}
	if _, err := s.Take(ctx, agenda.Booking{Start: slot}, agenda.Limits{Slot: 1}, none); err != nil {
		t.Fatalf("the place after a rollback: %v", err)
	}
	if _, err := s.Take(ctx, agenda.Booking{Start: slot.Add(time.Hour)}, agenda.Limits{Slot: 0}, none); !errors.Is(err, agenda.ErrFull) {
		t.Fatalf("no capacity: %v", err)
	}
}

func testCancel(t *testing.T, s *sqlstore.Bookings) {
	ctx := t.Context()
	token, hash := agenda.NewCancelToken()
	id, err := s.Take(ctx, agenda.Booking{Start: slot, Property: 42, CancelHash: hash}, agenda.Limits{Slot: 1}, none)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Take(ctx, agenda.Booking{Start: slot}, agenda.Limits{Slot: 1}, none); !errors.Is(err, agenda.ErrFull) {
		t.Fatalf("the second visitor: %v", err)
	}
	if _, err := s.Cancel(ctx, agenda.CancelHash("another token"), nil); !errors.Is(err, agenda.ErrNoBooking) {
		t.Fatalf("an unknown token: %v", err)
	}
	if f, err := s.Find(ctx, agenda.CancelHash(token)); err != nil || f.ID != id || !f.Start.Equal(slot) || f.Property != 42 {
		t.Fatalf("Find = %+v, %v", f, err)
	}
	boom := errors.New("the queue refused")
	if _, err := s.Cancel(ctx, agenda.CancelHash(token), func(context.Context, mail.Tx, agenda.Booking) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("Cancel with a failing callback: %v", err)
	}
	var seen agenda.Booking
	b, err := s.Cancel(ctx, agenda.CancelHash(token), func(_ context.Context, _ mail.Tx, b agenda.Booking) error { seen = b; return nil })
	if seen.ID != id {
		t.Fatalf("the callback saw %+v", seen)
	}
	if err != nil || b.ID != id || !b.Start.Equal(slot) || b.Property != 42 || b.RequestID != 0 {
		t.Fatalf("Cancel = %+v, %v", b, err)
	}
	if n := taken(t, s, slot); n != 0 {
		t.Fatalf("Taken after the cancel = %d", n)
	}
	if _, err := s.Cancel(ctx, agenda.CancelHash(token), nil); !errors.Is(err, agenda.ErrNoBooking) {
		t.Fatalf("the token used twice: %v", err)
	}
	if _, err := s.Find(ctx, agenda.CancelHash(token)); !errors.Is(err, agenda.ErrNoBooking) {
		t.Fatalf("Find of a cancelled booking: %v", err)
	}
	if _, err := s.Take(ctx, agenda.Booking{Start: slot}, agenda.Limits{Slot: 1}, none); err != nil {
		t.Fatalf("the freed place: %v", err)
	}
	// A booking without a token cannot be cancelled by a link.
	if _, err := s.Cancel(ctx, nil, nil); !errors.Is(err, agenda.ErrNoBooking) {
		t.Fatalf("a nil hash: %v", err)
	}
}

func testTaken(t *testing.T, s *sqlstore.Bookings) {
	ctx := t.Context()
	for _, b := range []struct {
		start  time.Time
		places int
	}{{slot, 2}, {slot.Add(time.Hour), 1}, {slot.Add(24 * time.Hour), 1}} {
		for range b.places {
			if _, err := s.Take(ctx, agenda.Booking{Start: b.start}, agenda.Limits{Slot: 5}, none); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A booking in another time zone is the same instant.
	brussels := slot.Add(time.Hour).In(agenda.Brussels)
	if _, err := s.Take(ctx, agenda.Booking{Start: brussels}, agenda.Limits{Slot: 5}, none); err != nil {
		t.Fatal(err)
	}
	m, err := s.Taken(ctx, slot, slot.Add(24*time.Hour)) // [from, to)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 2 || m[slot] != 2 || m[slot.Add(time.Hour)] != 2 {
		t.Fatalf("Taken = %v", m)
	}
}

// testBookingWithRequest books a visit and stores its request in one
// transaction, either way round: a full slot stores no request.
func testBookingWithRequest(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	visit := func(hash string) lead.Request {
		return lead.Request{Kind: lead.KindVisit, Lang: "nl", PropertyID: 42, Time: day, IPHash: hash,
			Person: lead.Person{FirstName: "Jan", LastName: "Peeters", Email: "jan@example.be"}}
	}
	// The booking first, its request in the callback.
	if _, err := s.Bookings().Take(ctx, agenda.Booking{Start: slot, Property: 42}, agenda.Limits{Slot: 1}, func(ctx context.Context, tx mail.Tx, _ int64) error {
		_, err := s.Requests().SaveIn(ctx, tx, visit("first"))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	// The request first, its place in the callback: the slot is full, so
	// the request is not stored either.
	_, err := s.Requests().Save(ctx, visit("second"), func(ctx context.Context, tx mail.Tx, id int64) error {
		_, err := s.Bookings().TakeIn(ctx, tx, agenda.Booking{Start: slot, Property: 42, RequestID: id}, agenda.Limits{Slot: 1})
		return err
	})
	if !errors.Is(err, agenda.ErrFull) {
		t.Fatalf("the second visitor: %v", err)
	}
	var id int64
	if id, err = s.Requests().Save(ctx, visit("third"), func(ctx context.Context, tx mail.Tx, id int64) error {
		_, err := s.Bookings().TakeIn(ctx, tx, agenda.Booking{Start: slot.Add(time.Hour), Property: 42, RequestID: id}, agenda.Limits{Slot: 1})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for hash, want := range map[string]int{"first": 1, "second": 0, "third": 1} {
		if n, err := s.Requests().CountFrom(ctx, hash, day); err != nil || n != want {
			t.Errorf("requests of %s: %d, %v; want %d", hash, n, err, want)
		}
	}
	if id <= 0 || taken(t, s.Bookings(), slot.Add(time.Hour)) != 1 {
		t.Fatalf("the third visitor's place and request (%d)", id)
	}
	if _, err := s.Requests().SaveIn(ctx, fakeTx{}, visit("foreign")); !errors.Is(err, sqlstore.ErrForeignTx) {
		t.Fatalf("a transaction of another store: %v", err)
	}
}

type fakeTx struct{}

func (fakeTx) StorageTx() {}
