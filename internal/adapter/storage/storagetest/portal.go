package storagetest

import (
	"context"
	"fmt"
	"maps"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/agenda"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/visit"
)

// RunPortal is the owner's portal's suite, run on every database: a
// property's history (its requests of the portal's kinds, newest first,
// bounded, with their total and a visit's booking and cancellation), and
// two owners each reading their own property only — history, visits and
// sources — whatever property ID is asked for.
func RunPortal(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("History", func(t *testing.T) { testPortalHistory(t, open(t)) })
	t.Run("Scoped", func(t *testing.T) { testPortalScoped(t, open(t)) })
}

func saveRequest(t *testing.T, s *sqlstore.Store, r lead.Request) int64 {
	t.Helper()
	id, err := s.Requests().Save(t.Context(), r, func(context.Context, mail.Tx, int64) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func aboutProperty(kind lead.Kind, property int64, at time.Time, first, last, remark string) lead.Request {
	return lead.Request{Kind: kind, Lang: "nl", Page: "/nl/property/1/", PropertyID: property, Time: at, IPHash: "h",
		Person: lead.Person{Title: "ms", FirstName: first, LastName: last, Email: first + "@example.be", Phone: "+32471234567"}, Remark: remark}
}

func testPortalHistory(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann, _ := invite(t, s, "ann@example.be", []int64{1001}, "p1")
	base := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	// Oldest first: an information request, a friend's mail (no request to
	// the agency), a document, a visit booked then cancelled, a visit
	// booked, another property's request, a handled purchase offer.
	saveRequest(t, s, aboutProperty(lead.KindInformation, 1001, base, "Marie", "Dubois", "Is the garden south-facing?"))
	saveRequest(t, s, aboutProperty(lead.KindFriend, 1001, base.Add(time.Hour), "Paul", "Martin", "look"))
	saveRequest(t, s, aboutProperty(lead.KindDocument, 1001, base.Add(2*time.Hour), "Jan", "Peeters", ""))
	slot := time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)
	book := func(r lead.Request, start time.Time, hash string) {
		id := saveRequest(t, s, r)
		if _, err := s.Bookings().Take(ctx, agenda.Booking{Start: start, Property: 1001, RequestID: id, CancelHash: []byte(hash)},
			agenda.Limits{Slot: 5, Property: 5}, none); err != nil {
			t.Fatal(err)
		}
	}
	book(aboutProperty(lead.KindVisit, 1001, base.Add(3*time.Hour), "Eva", "Janssens", "Saturday?"), slot, "cancel-1")
	if _, err := s.Bookings().Cancel(ctx, []byte("cancel-1"), func(context.Context, mail.Tx, agenda.Booking) error { return nil }); err != nil {
		t.Fatal(err)
	}
	book(aboutProperty(lead.KindVisit, 1001, base.Add(4*time.Hour), "Tom", "Claes", ""), slot.Add(time.Hour), "cancel-2")
	saveRequest(t, s, aboutProperty(lead.KindInformation, 2002, base.Add(5*time.Hour), "Other", "Owner", ""))
	offer := saveRequest(t, s, aboutProperty(lead.KindPurchaseOffer, 1001, base.Add(6*time.Hour), "Lea", "Maes", "Our offer"))
	if err := s.Requests().SetStatus(ctx, offer, lead.StatusDone); err != nil {
		t.Fatal(err)
	}
	// What the agency marked spam is no request the owner hears of.
	spam := saveRequest(t, s, aboutProperty(lead.KindInformation, 1001, base.Add(7*time.Hour), "Bot", "Spam", "cheap pills"))
	if err := s.Requests().SetStatus(ctx, spam, lead.StatusSpam); err != nil {
		t.Fatal(err)
	}
	got, total, err := s.Portal().History(ctx, ann.ID, 1001, lead.OwnerKinds, 50)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		kind      lead.Kind
		first     string
		last      string
		remark    string
		status    lead.Status
		visit     time.Time
		cancelled bool
	}
	want := []row{
		{lead.KindPurchaseOffer, "Lea", "Maes", "Our offer", lead.StatusDone, time.Time{}, false},
		{lead.KindVisit, "Tom", "Claes", "", lead.StatusNew, slot.Add(time.Hour), false},
		{lead.KindVisit, "Eva", "Janssens", "Saturday?", lead.StatusNew, slot, true},
		{lead.KindDocument, "Jan", "Peeters", "", lead.StatusNew, time.Time{}, false},
		{lead.KindInformation, "Marie", "Dubois", "Is the garden south-facing?", lead.StatusNew, time.Time{}, false},
	}
	if total != len(want) || len(got) != len(want) {
		t.Fatalf("history: %d rows, total %d; want %d\n%+v", len(got), total, len(want), got)
	}
	for i, r := range got {
		g := row{r.Kind, r.FirstName, r.LastName, r.Remark, r.Status, r.Visit, r.Cancelled}
		if g != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, g, want[i])
		}
	}
	if !got[0].Time.Equal(base.Add(6 * time.Hour)) {
		t.Errorf("the newest row's time %v", got[0].Time)
	}
	// Bounded: the newest two, the total still all.
	got, total, err = s.Portal().History(ctx, ann.ID, 1001, lead.OwnerKinds, 2)
	if err != nil || len(got) != 2 || total != 5 || got[1].Kind != lead.KindVisit {
		t.Fatalf("history limited to 2: %+v total %d %v", got, total, err)
	}
	// Many rows: still newest first, the total counted past the limit.
	for i := range 60 {
		saveRequest(t, s, aboutProperty(lead.KindInformation, 1001, base.Add(time.Duration(10+i)*time.Hour), fmt.Sprint("n", i), "X", ""))
	}
	got, total, err = s.Portal().History(ctx, ann.ID, 1001, lead.OwnerKinds, 50)
	if err != nil || len(got) != 50 || total != 65 || got[0].FirstName != "n59" || got[49].FirstName != "n10" {
		t.Fatalf("history of 65: %d rows, total %d, first %q, last %q, %v", len(got), total, got[0].FirstName, got[len(got)-1].FirstName, err)
	}
}

// Two owners: each reads their own property's history, visits and sources,
// and nothing of the other's by asking for its ID.
func testPortalScoped(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann, _ := invite(t, s, "ann@example.be", []int64{1001}, "p1")
	bob, _ := invite(t, s, "bob@example.be", []int64{2002}, "p2")
	at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	saveRequest(t, s, aboutProperty(lead.KindInformation, 1001, at, "For", "Ann", ""))
	saveRequest(t, s, aboutProperty(lead.KindInformation, 2002, at, "For", "Bob", ""))
	saveRequest(t, s, aboutProperty(lead.KindInformation, 2002, at.Add(time.Minute), "For", "Bob", ""))
	mustAddVisits(t, s, map[visit.Key]int{vk(1001, "2026-11-20"): 3, vk(2002, "2026-11-20"): 7})
	if err := s.Visits().AddSources(ctx, map[visit.SourceKey]int{
		{Property: 1001, Day: "2026-11-20", Source: visit.SourceSearch}: 3,
		{Property: 2002, Day: "2026-11-20", Source: visit.SourcePortal}: 7,
	}); err != nil {
		t.Fatal(err)
	}
	p := s.Portal()
	for _, c := range []struct {
		name     string
		owner    int64
		property int64
		requests int
		visits   int
		sources  map[visit.Source]int
	}{
		{"ann's", ann.ID, 1001, 1, 3, map[visit.Source]int{visit.SourceSearch: 3}},
		{"bob's", bob.ID, 2002, 2, 7, map[visit.Source]int{visit.SourcePortal: 7}},
		{"bob's asked by ann", ann.ID, 2002, 0, 0, map[visit.Source]int{}},
		{"ann's asked by bob", bob.ID, 1001, 0, 0, map[visit.Source]int{}},
		{"ann's asked by nobody", 0, 1001, 0, 0, map[visit.Source]int{}},
	} {
		rows, total, err := p.History(ctx, c.owner, c.property, lead.OwnerKinds, 50)
		if err != nil || total != c.requests || len(rows) != c.requests {
			t.Errorf("%s history: %d rows, total %d, %v; want %d", c.name, len(rows), total, err, c.requests)
		}
		days, all, err := p.Daily(ctx, c.owner, c.property, "2026-11-01", "2026-11-30")
		if err != nil || all != c.visits || days["2026-11-20"] != c.visits || (c.visits == 0 && len(days) != 0) {
			t.Errorf("%s visits: %v total %d, %v; want %d", c.name, days, all, err, c.visits)
		}
		src, err := p.Sources(ctx, c.owner, c.property, "2026-11-01", "2026-11-30")
		if err != nil || !maps.Equal(src, c.sources) {
			t.Errorf("%s sources: %v %v; want %v", c.name, src, err, c.sources)
		}
	}
	if ids, err := p.Properties(ctx, bob.ID); err != nil || len(ids) != 1 || ids[0] != 2002 {
		t.Errorf("bob's properties %v %v", ids, err)
	}
}
