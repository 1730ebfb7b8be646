package storagetest

import (
	"fmt"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/demand"
	"immo/internal/domain/lead"
)

// The back office's register: the newest demands first with their
// registrants and the alerts mailed for each; filtered by state and by
// the registrant's address or name; paged.
func testRegistered(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann := registrant(t, s, "ann@example.be", false)
	bob := registrant(t, s, "bob@example.be", true)
	full := mustSaveDemand(t, s, fullDemand(ann))
	waiting := plainDemand(ann)
	waiting.Confirmed = time.Time{}
	waiting = mustSaveDemand(t, s, waiting)
	bobs := mustSaveDemand(t, s, plainDemand(bob))
	for _, p := range []int64{7, 8} {
		if _, err := s.Demands().MarkAlerted(ctx, full.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	// Ann registered twice, typing her address another way the second
	// time: her demands show the newest registration's phone; Bob typed
	// none; another kind's phone is not a registration's.
	for i, r := range []lead.Request{
		{Kind: lead.KindDemandRegister, Person: lead.Person{Email: "ann@example.be", Phone: "+32 470 11 11 11"}},
		{Kind: lead.KindInformation, PropertyID: 5, Person: lead.Person{Email: "ann@example.be", Phone: "+32 470 99 99 99"}},
		{Kind: lead.KindDemandRegister, Person: lead.Person{Email: " Ann@Example.be", Phone: "+32 470 22 22 22"}},
		{Kind: lead.KindInformation, PropertyID: 5, Person: lead.Person{Email: "ann@example.be", Phone: "+32 470 33 33 33"}},
		{Kind: lead.KindDemandRegister, Person: lead.Person{Email: "bob@example.be"}},
	} {
		r.Lang, r.Page, r.IPHash, r.Time = "nl", "/", fmt.Sprint("register", i), time.Date(2026, 3, 1, 8, i, 0, 0, time.UTC)
		if _, err := s.Requests().Save(ctx, r, nil); err != nil {
			t.Fatal(err)
		}
	}
	list, more, err := s.Demands().Registered(ctx, demand.RegisteredQuery{Limit: 10})
	if err != nil || more || len(list) != 3 {
		t.Fatalf("Registered: %+v %v %v", list, more, err)
	}
	if list[0].Phone != "" || list[1].Phone != "+32 470 22 22 22" || list[2].Phone != "+32 470 22 22 22" {
		t.Errorf("phones: %q %q %q, want none and Ann's newest registration's twice", list[0].Phone, list[1].Phone, list[2].Phone)
	}
	if b := list[0]; b.ID != bobs.ID || b.Email != "bob@example.be" || !b.Disabled || b.AlertsSent != 0 || !b.LastAlert.IsZero() {
		t.Errorf("Bob's: %+v", b)
	}
	if f := list[2]; f.ID != full.ID || f.Email != "ann@example.be" || f.FirstName != "A" || f.AlertsSent != 2 || f.LastAlert.IsZero() ||
		f.Price.Max != 3_500_000_000 || len(f.Zips) != 3 || !f.Confirmed.Equal(full.Confirmed) {
		t.Errorf("the full one: %+v", f)
	}
	ids := func(q demand.RegisteredQuery) []int64 {
		t.Helper()
		q.Limit = 10
		got, _, err := s.Demands().Registered(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		out := []int64{}
		for _, r := range got {
			out = append(out, r.ID)
		}
		return out
	}
	for _, c := range []struct {
		q    demand.RegisteredQuery
		want []int64
	}{
		{demand.RegisteredQuery{State: demand.StateUnconfirmed}, []int64{waiting.ID}},
		{demand.RegisteredQuery{State: demand.StateConfirmed}, []int64{bobs.ID, full.ID}},
		{demand.RegisteredQuery{Q: "ANN@"}, []int64{waiting.ID, full.ID}},
		{demand.RegisteredQuery{Q: "ann@", State: demand.StateConfirmed}, []int64{full.ID}},
		{demand.RegisteredQuery{Q: "%"}, []int64{}},
	} {
		if got := ids(c.q); !equalIDs(got, c.want) {
			t.Errorf("%+v: %v, want %v", c.q, got, c.want)
		}
	}
	page, more, err := s.Demands().Registered(ctx, demand.RegisteredQuery{Limit: 2, Offset: 2})
	if err != nil || more || len(page) != 1 || page[0].ID != full.ID {
		t.Fatalf("page 2: %+v %v %v", page, more, err)
	}
	// By id, as an export walks the register: each page after the last
	// demand of the one before, none skipped nor repeated when a demand
	// comes in or goes between two pages.
	walk := func(q demand.RegisteredQuery, between func()) []int64 {
		t.Helper()
		q.Limit = 1
		out := []int64{}
		for {
			if err := q.Check(); err != nil {
				t.Fatal(err)
			}
			page, more, err := s.Demands().Registered(ctx, q)
			if err != nil || len(page) > 1 || more && len(page) == 0 {
				t.Fatalf("%+v: %+v %v %v", q, page, more, err)
			}
			for _, r := range page {
				out = append(out, r.ID)
				q.Before = r.ID
			}
			if !more {
				return out
			}
			if between != nil {
				between()
				between = nil
			}
		}
	}
	if got := walk(demand.RegisteredQuery{}, nil); !equalIDs(got, []int64{bobs.ID, waiting.ID, full.ID}) {
		t.Errorf("by id: %v", got)
	}
	if got := walk(demand.RegisteredQuery{State: demand.StateConfirmed}, nil); !equalIDs(got, []int64{bobs.ID, full.ID}) {
		t.Errorf("confirmed by id: %v", got)
	}
	late := int64(0)
	got := walk(demand.RegisteredQuery{}, func() { late = mustSaveDemand(t, s, plainDemand(ann)).ID })
	if late == 0 || !equalIDs(got, []int64{bobs.ID, waiting.ID, full.ID}) {
		t.Errorf("by id with one more demand on the way: %v (the new one %d)", got, late)
	}
	if page, more, err := s.Demands().Registered(ctx, demand.RegisteredQuery{Limit: 10, Before: full.ID}); err != nil || more || len(page) != 0 {
		t.Errorf("before the oldest: %+v %v %v", page, more, err)
	}
	if err := (&demand.RegisteredQuery{Limit: 10, Before: -1}).Check(); err == nil {
		t.Error("a negative Before passed")
	}
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
