package storagetest

import (
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
)

// RunDemands is the registered searches' suite, run on every database:
// every field kept, Active listing all but a disabled account's, Delete
// only by the owner, a property announced once per demand (raced on two
// handles).
func RunDemands(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("RoundTrip", func(t *testing.T) { testDemandRoundTrip(t, open(t)) })
	t.Run("DeleteOwnOnly", func(t *testing.T) { testDemandDelete(t, open(t)) })
	t.Run("DisabledAccount", func(t *testing.T) { testDemandDisabled(t, open(t)) })
	t.Run("Pending", func(t *testing.T) { testPending(t, open(t)) })
	t.Run("MarkAlerted", func(t *testing.T) { testMarkAlerted(t, open(t)) })
	t.Run("MarkAlertedRace", func(t *testing.T) { testMarkAlertedRace(t, open(t), open(t)) })
	t.Run("Registered", func(t *testing.T) { testRegistered(t, open(t)) })
}

// registrant creates an account for the demands to belong to.
func registrant(t *testing.T, s *sqlstore.Store, email string, disabled bool) int64 {
	t.Helper()
	id, err := s.Accounts().Create(t.Context(), account.Account{Role: account.Registrant, Email: email,
		FirstName: "A", LastName: "B", Lang: "fr", PasswordHash: "h", Created: accNow, Disabled: disabled,
		Confirmed: accNow})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// fullDemand has every field set, each bound to a value of its own, so a
// column swapped or dropped shows.
func fullDemand(acc int64) demand.Demand {
	return demand.Demand{
		Account: acc, Lang: "nl", Goal: catalog.GoalSale,
		Types: []int{12, 1, 5}, Zips: []string{"BE-6700", "BE-1000", "LU-1930"},
		Price:    demand.Range{Min: 150_000, Max: 3_500_000_000}, // past 32 bits
		Bedrooms: demand.Range{Min: 2, Max: 4}, Garages: demand.Range{Min: 1, Max: 3},
		Parkings: demand.Range{Min: 5, Max: 6}, BathroomsMin: 7,
		Created:   time.Date(2026, 11, 26, 9, 30, 15, 123456000, time.UTC),
		Confirmed: time.Date(2026, 11, 26, 9, 45, 0, 654321000, time.UTC),
	}
}

func plainDemand(acc int64) demand.Demand {
	return demand.Demand{Account: acc, Lang: "fr", Goal: catalog.GoalRent, Types: []int{3}, Zips: []string{"BE-6720"},
		Created: accNow, Confirmed: accNow}
}

func mustSaveDemand(t *testing.T, s *sqlstore.Store, d demand.Demand) demand.Demand {
	t.Helper()
	id, err := s.Demands().Save(t.Context(), d)
	if err != nil || id <= 0 {
		t.Fatalf("Save = %d, %v", id, err)
	}
	d.ID = id
	return d
}

func mustActive(t *testing.T, s *sqlstore.Store, want ...demand.Demand) {
	t.Helper()
	got, err := s.Demands().Active(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Active =\n%+v\nwant\n%+v", got, want)
	}
}

func testDemandRoundTrip(t *testing.T, s *sqlstore.Store) {
	mustActive(t, s)
	ann, bob := registrant(t, s, "ann@example.be", false), registrant(t, s, "bob@example.be", false)
	d1 := mustSaveDemand(t, s, fullDemand(ann))
	d2 := mustSaveDemand(t, s, plainDemand(bob))
	d3 := fullDemand(ann)
	d3.Goal, d3.Types, d3.Zips = catalog.GoalRent, []int{2}, []string{"BE-9000"}
	d3 = mustSaveDemand(t, s, d3)
	if d1.ID == d2.ID || d2.ID == d3.ID || d1.ID == d3.ID {
		t.Fatalf("ids %d %d %d", d1.ID, d2.ID, d3.ID)
	}
	mustActive(t, s, d1, d2, d3)

	// A demand belongs to an account that exists.
	if _, err := s.Demands().Save(t.Context(), plainDemand(9999)); err == nil {
		t.Error("Save for an unknown account succeeded")
	}
	mustActive(t, s, d1, d2, d3)

	// A demand not yet confirmed, or paused, is told nothing.
	pending := plainDemand(bob)
	pending.Confirmed = time.Time{}
	mustSaveDemand(t, s, pending)
	paused := plainDemand(bob)
	paused.Paused = true
	mustSaveDemand(t, s, paused)
	mustActive(t, s, d1, d2, d3)
}

func testDemandDelete(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann, bob := registrant(t, s, "ann@example.be", false), registrant(t, s, "bob@example.be", false)
	a1 := mustSaveDemand(t, s, fullDemand(ann))
	b1 := mustSaveDemand(t, s, plainDemand(bob))
	a2 := mustSaveDemand(t, s, plainDemand(ann))

	for _, c := range []struct {
		name        string
		id, account int64
	}{
		{"another account's demand", a1.ID, bob},
		{"an unknown account", a1.ID, 9999},
		{"an unknown demand", 9999, ann},
	} {
		if err := s.Demands().Delete(ctx, c.id, c.account); !errors.Is(err, demand.ErrNotFound) {
			t.Errorf("Delete of %s: %v, want ErrNotFound", c.name, err)
		}
	}
	mustActive(t, s, a1, b1, a2)

	if err := s.Demands().Delete(ctx, a1.ID, ann); err != nil {
		t.Fatal(err)
	}
	mustActive(t, s, b1, a2)
	if err := s.Demands().Delete(ctx, a1.ID, ann); !errors.Is(err, demand.ErrNotFound) {
		t.Errorf("Delete twice: %v, want ErrNotFound", err)
	}
	if err := s.Demands().Delete(ctx, b1.ID, bob); err != nil {
		t.Fatal(err)
	}
	mustActive(t, s, a2)
}

func testDemandDisabled(t *testing.T, s *sqlstore.Store) {
	on, off := registrant(t, s, "on@example.be", false), registrant(t, s, "off@example.be", true)
	d := mustSaveDemand(t, s, plainDemand(on))
	mustSaveDemand(t, s, fullDemand(off))
	mustActive(t, s, d)
}

func testMarkAlerted(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	acc := registrant(t, s, "ann@example.be", false)
	d1, d2 := mustSaveDemand(t, s, fullDemand(acc)), mustSaveDemand(t, s, plainDemand(acc))
	mark := func(d, p int64, want bool) {
		t.Helper()
		first, err := s.Demands().MarkAlerted(ctx, d, p)
		if err != nil || first != want {
			t.Fatalf("MarkAlerted(%d, %d) = %v, %v; want %v", d, p, first, err, want)
		}
	}
	mark(d1.ID, 10, true)
	mark(d1.ID, 10, false)
	mark(d1.ID, 10, false)
	mark(d1.ID, 11, true)  // another property
	mark(d2.ID, 10, true)  // another demand
	mark(d2.ID, 10, false) // …once
	mark(d1.ID, 11, false)

	// The demand's marks go with it (a mark left behind would block the
	// delete or, on a reused id, silence a new demand).
	if err := s.Demands().Delete(ctx, d1.ID, acc); err != nil {
		t.Fatalf("Delete of a demand told about properties: %v", err)
	}
	if first, err := s.Demands().MarkAlerted(ctx, d1.ID, 12); !errors.Is(err, demand.ErrNotFound) || first {
		t.Errorf("MarkAlerted of a deleted demand = %v, %v; want ErrNotFound", first, err)
	}
	if first, err := s.Demands().MarkAlerted(ctx, 9999, 10); !errors.Is(err, demand.ErrNotFound) || first {
		t.Errorf("MarkAlerted of an unknown demand = %v, %v; want ErrNotFound", first, err)
	}
	mark(d2.ID, 10, false)
	d3 := mustSaveDemand(t, s, fullDemand(acc))
	mark(d3.ID, 10, true)
}

// Servers running the alert job at once: each property announced once.
func testMarkAlertedRace(t *testing.T, s1, s2 *sqlstore.Store) {
	if s1 == s2 {
		t.Fatal("open returned the same Store twice; it must open a second one on the same database")
	}
	ctx := t.Context()
	d := mustSaveDemand(t, s1, plainDemand(registrant(t, s1, "ann@example.be", false)))
	const properties, perHandle = 20, 3
	var mu sync.Mutex
	firsts := map[int64]int{}
	var wg sync.WaitGroup
	for _, s := range []*sqlstore.Store{s1, s2} {
		for range perHandle {
			wg.Go(func() {
				for p := range int64(properties) {
					first, err := s.Demands().MarkAlerted(ctx, d.ID, p+1)
					if err != nil {
						t.Error(err)
						return
					}
					if first {
						mu.Lock()
						firsts[p+1]++
						mu.Unlock()
					}
				}
			})
		}
	}
	wg.Wait()
	for p := range int64(properties) {
		if n := firsts[p+1]; n != 1 {
			t.Errorf("property %d: %d of %d marks were first, want 1", p+1, n, 2*perHandle)
		}
	}
}
