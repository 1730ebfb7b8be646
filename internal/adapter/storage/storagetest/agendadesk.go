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

// RunAgendaDesk is the suite of the agency's side of the agenda (the
// inbox): a week's visits with who booked them, a booking cancelled or
// moved by its id, the saved slot rules. Races run on two handles.
func RunAgendaDesk(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Visits", func(t *testing.T) { testDeskVisits(t, open(t)) })
	t.Run("CancelID", func(t *testing.T) { testDeskCancel(t, open(t), open(t)) })
	t.Run("Move", func(t *testing.T) { testDeskMove(t, open(t), open(t)) })
	t.Run("Rules", func(t *testing.T) { testSavedRules(t, open(t).Bookings(), open(t).Bookings()) })
}

// book stores a visit request of property at start and its place.
func book(t *testing.T, s *sqlstore.Store, start time.Time, property int64, first string, hash string) int64 {
	t.Helper()
	var booking int64
	_, err := s.Requests().Save(t.Context(), lead.Request{Kind: lead.KindVisit, Lang: "fr", PropertyID: property, Time: day, IPHash: first,
		Person: lead.Person{FirstName: first, LastName: "Dupont", Email: first + "@example.be", Phone: "+32 470 00 00 00"}},
		func(ctx context.Context, tx mail.Tx, id int64) error {
			var err error
			booking, err = s.Bookings().TakeIn(ctx, tx, agenda.Booking{Start: start, Property: property, RequestID: id,
				CancelHash: []byte(hash)}, agenda.Limits{Slot: 5, Property: 2})
			return err
		})
	if err != nil {
		t.Fatal(err)
	}
	return booking
}

func testDeskVisits(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	monday := time.Date(2030, 3, 4, 9, 0, 0, 0, time.UTC)
	late := book(t, s, monday.Add(26*time.Hour), 7, "Zoé", "z")
	early := book(t, s, monday, 8, "Ann", "a")
	book(t, s, monday.Add(7*24*time.Hour), 7, "Next", "n") // the week after
	gone := book(t, s, monday.Add(2*time.Hour), 7, "Gone", "g")
	if _, err := s.Bookings().Cancel(ctx, []byte("g"), nil); err != nil {
		t.Fatal(err)
	}
	list, err := s.Bookings().Visits(ctx, monday.Add(-time.Hour), monday.Add(6*24*time.Hour), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != early || list[1].ID != late {
		t.Fatalf("the week's visits: %+v, want %d then %d (not the cancelled %d, not next week's)", list, early, late, gone)
	}
	v := list[1]
	if v.FirstName != "Zoé" || v.LastName != "Dupont" || v.Email != "Zoé@example.be" || v.Phone == "" || v.Lang != "fr" ||
		v.Property != 7 || v.RequestID == 0 || !v.Start.Equal(monday.Add(26*time.Hour)) || v.Revision != 0 {
		t.Fatalf("a visit as listed: %+v", v)
	}
	if list, err = s.Bookings().Visits(ctx, monday.Add(-time.Hour), monday.Add(6*24*time.Hour), 8, 0); err != nil || len(list) != 1 || list[0].ID != early {
		t.Fatalf("property 8's visits: %+v %v", list, err)
	}
	if list, err = s.Bookings().Visits(ctx, monday.Add(-time.Hour), monday.Add(6*24*time.Hour), 0, 1); err != nil || len(list) != 1 {
		t.Fatalf("at most one: %+v %v", list, err)
	}
	if _, err := s.Bookings().Visit(ctx, gone); !errors.Is(err, agenda.ErrNoBooking) {
		t.Fatalf("a cancelled booking: %v, want ErrNoBooking", err)
	}
	if got, err := s.Bookings().Visit(ctx, early); err != nil || got.FirstName != "Ann" {
		t.Fatalf("one visit: %+v %v", got, err)
	}
}

// Two staff cancelling one booking at once free one place; the callback
// runs in the cancellation's transaction (its failure cancels nothing).
func testDeskCancel(t *testing.T, s, other *sqlstore.Store) {
	ctx := t.Context()
	at := time.Date(2030, 3, 5, 10, 0, 0, 0, time.UTC)
	id := book(t, s, at, 7, "Ann", "a")
	book(t, s, at, 8, "Bob", "b")
	boom := errors.New("boom")
	if _, err := s.Bookings().CancelID(ctx, id, func(context.Context, mail.Tx, agenda.Visit) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("a failing callback: %v", err)
	}
	if taken(t, s.Bookings(), at) != 2 {
		t.Fatal("a failed cancellation freed the place")
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	var called sync.Map
	for i, st := range []*sqlstore.Store{s, other} {
		wg.Go(func() {
			_, errs[i] = st.Bookings().CancelID(ctx, id, func(_ context.Context, _ mail.Tx, v agenda.Visit) error {
				called.Store(i, v.FirstName)
				return nil
			})
		})
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, agenda.ErrNoBooking):
			t.Fatalf("a racing cancellation: %v", err)
		}
	}
	if ok != 1 || taken(t, s.Bookings(), at) != 1 {
		t.Fatalf("cancelled %d times, %d places left taken; want once and 1", ok, taken(t, s.Bookings(), at))
	}
	if _, err := s.Bookings().Find(ctx, []byte("a")); !errors.Is(err, agenda.ErrNoBooking) {
		t.Fatalf("the visitor's cancel link after the agency's cancellation: %v", err)
	}
	if _, err := s.Bookings().CancelID(ctx, 999999, nil); !errors.Is(err, agenda.ErrNoBooking) {
		t.Fatalf("an unknown booking: %v", err)
	}
}

// A move frees the old place, takes the new one within the slot's and
// the property's bounds, gives a new cancel hash and a revision; two moves
// of one booking at once do not both count.
func testDeskMove(t *testing.T, s, other *sqlstore.Store) {
	ctx := t.Context()
	at := time.Date(2030, 3, 6, 10, 0, 0, 0, time.UTC)
	to := at.Add(time.Hour)
	id := book(t, s, at, 7, "Ann", "a")
	lim := agenda.Limits{Slot: 2, Property: 1}
	var before, after agenda.Visit
	v, err := s.Bookings().Move(ctx, id, to, []byte("a2"), lim, func(_ context.Context, _ mail.Tx, b, a agenda.Visit) error {
		before, after = b, a
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !before.Start.Equal(at) || !after.Start.Equal(to) || after.Revision != 1 || v.Revision != 1 || after.FirstName != "Ann" {
		t.Fatalf("moved: before %+v after %+v", before, after)
	}
	if taken(t, s.Bookings(), at) != 0 || taken(t, s.Bookings(), to) != 1 {
		t.Fatalf("places: %d at the old slot, %d at the new", taken(t, s.Bookings(), at), taken(t, s.Bookings(), to))
	}
	if _, err := s.Bookings().Find(ctx, []byte("a")); !errors.Is(err, agenda.ErrNoBooking) {
		t.Fatalf("the old cancel link: %v, want ErrNoBooking", err)
	}
	if b, err := s.Bookings().Find(ctx, []byte("a2")); err != nil || !b.Start.Equal(to) {
		t.Fatalf("the new cancel link: %+v %v", b, err)
	}
	if _, err := s.Bookings().Move(ctx, id, to, []byte("a3"), lim, nil); !errors.Is(err, agenda.ErrSameSlot) {
		t.Fatalf("to its own slot: %v", err)
	}
	// Property 7 has its one place at `at` taken by Bob: Ann cannot go back.
	book(t, s, at, 7, "Bob", "b")
	if _, err := s.Bookings().Move(ctx, id, at, []byte("a3"), lim, nil); !errors.Is(err, agenda.ErrFull) {
		t.Fatalf("to a slot full for the property: %v, want ErrFull", err)
	}
	if taken(t, s.Bookings(), to) != 1 || taken(t, s.Bookings(), at) != 1 {
		t.Fatal("a refused move changed the places")
	}
	if got, _ := s.Bookings().Visit(ctx, id); got.Revision != 1 || !got.Start.Equal(to) {
		t.Fatalf("after a refused move: %+v", got)
	}
	// Two staff move it at once to two slots: one wins, one place is taken.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, st := range []*sqlstore.Store{s, other} {
		wg.Go(func() {
			_, errs[i] = st.Bookings().Move(ctx, id, to.Add(time.Duration(i+1)*time.Hour), []byte{byte('x' + i)}, lim, nil)
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
		} else if !errors.Is(err, agenda.ErrNoBooking) {
			t.Fatalf("a racing move: %v", err)
		}
	}
	sum := taken(t, s.Bookings(), to) + taken(t, s.Bookings(), to.Add(time.Hour)) + taken(t, s.Bookings(), to.Add(2*time.Hour))
	if won < 1 || sum != 1 {
		t.Fatalf("racing moves: %d won, %d places taken across the slots; want one place", won, sum)
	}
}

// Saved rules: none, saved (a new version each time, on every handle),
// reset; the callback runs in the save's transaction.
func testSavedRules(t *testing.T, s, other *sqlstore.Bookings) {
	ctx := t.Context()
	if doc, v, err := s.SavedRules(ctx); err != nil || v != 0 || doc != nil {
		t.Fatalf("none saved: %q %d %v", doc, v, err)
	}
	r := agenda.Rules{Weekdays: []time.Weekday{time.Monday}, Hours: []agenda.Hours{{From: 540, To: 720}},
		Length: 30 * time.Minute, Capacity: 2, MinDays: 1, MaxDays: 30, Closed: []string{"2030-12-25"}}
	doc, err := agenda.EncodeRules(r)
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	if err := s.SaveRules(ctx, doc, func(context.Context, mail.Tx) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("a failing callback: %v", err)
	}
	if _, v, _ := s.SavedRules(ctx); v != 0 {
		t.Fatal("a failed save was stored")
	}
	if err := s.SaveRules(ctx, doc, nil); err != nil {
		t.Fatal(err)
	}
	got, v1, err := other.SavedRules(ctx)
	if err != nil || v1 == 0 {
		t.Fatalf("saved, read on another handle: %d %v", v1, err)
	}
	back, err := agenda.DecodeRules(got)
	if err != nil || back.Capacity != 2 || back.Length != 30*time.Minute || len(back.Closed) != 1 || back.Weekdays[0] != time.Monday {
		t.Fatalf("the saved rules read back: %+v %v", back, err)
	}
	r.Capacity = 3
	doc, _ = agenda.EncodeRules(r)
	if err := s.SaveRules(ctx, doc, nil); err != nil {
		t.Fatal(err)
	}
	if _, v2, _ := other.SavedRules(ctx); v2 == v1 || v2 == 0 {
		t.Fatalf("a second save kept version %d", v1)
	}
	if err := s.SaveRules(ctx, nil, nil); err != nil {
		t.Fatal(err)
	}
	if doc, v, err := other.SavedRules(ctx); err != nil || v != 0 || doc != nil {
		t.Fatalf("after a reset: %q %d %v", doc, v, err)
	}
}
