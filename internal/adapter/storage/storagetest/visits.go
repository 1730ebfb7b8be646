package storagetest

import (
	"maps"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/visit"
)

// RunVisits is the visit counts' suite, run on every database: counts
// accumulating across Adds, Daily's bounds included and its total counting
// every day, a malformed Add refused whole, two servers adding at once
// losing nothing, and the counts by source (AddSources, Sources) likewise.
func RunVisits(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Accumulate", func(t *testing.T) { testVisitsAccumulate(t, open(t)) })
	t.Run("Range", func(t *testing.T) { testVisitsRange(t, open(t)) })
	t.Run("Refused", func(t *testing.T) { testVisitsRefused(t, open(t)) })
	t.Run("ConcurrentAdd", func(t *testing.T) { testVisitsConcurrent(t, open(t), open(t)) })
	t.Run("Sources", func(t *testing.T) { testVisitSources(t, open(t)) })
}

// vk is a visit.Key, short for the tables of counts.
func vk(property int64, day visit.Day) visit.Key { return visit.Key{Property: property, Day: day} }

func mustAddVisits(t *testing.T, s *sqlstore.Store, counts map[visit.Key]int) {
	t.Helper()
	if err := s.Visits().Add(t.Context(), counts); err != nil {
		t.Fatal(err)
	}
}

func mustDaily(t *testing.T, s *sqlstore.Store, property int64, from, to visit.Day, want map[visit.Day]int, wantTotal int) {
	t.Helper()
	days, total, err := s.Visits().Daily(t.Context(), property, from, to)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(days, want) || total != wantTotal {
		t.Errorf("Daily(%d, %s, %s) = %v, total %d; want %v, total %d", property, from, to, days, total, want, wantTotal)
	}
}

func testVisitsAccumulate(t *testing.T, s *sqlstore.Store) {
	mustDaily(t, s, 1, "2026-01-01", "2026-12-31", map[visit.Day]int{}, 0)
	mustAddVisits(t, s, nil)
	mustAddVisits(t, s, map[visit.Key]int{vk(1, "2026-11-01"): 2, vk(1, "2026-11-02"): 3, vk(2, "2026-11-01"): 7})
	mustAddVisits(t, s, map[visit.Key]int{vk(1, "2026-11-01"): 1, vk(1, "2026-11-03"): 4, vk(1, "2026-11-04"): 0})
	mustAddVisits(t, s, map[visit.Key]int{vk(1, "2026-11-01"): 10})
	year := func(p int64, want map[visit.Day]int, total int) {
		t.Helper()
		mustDaily(t, s, p, "2026-01-01", "2026-12-31", want, total)
	}
	year(1, map[visit.Day]int{"2026-11-01": 13, "2026-11-02": 3, "2026-11-03": 4}, 20)
	year(2, map[visit.Day]int{"2026-11-01": 7}, 7)
	year(3, map[visit.Day]int{}, 0)
}

func testVisitsRange(t *testing.T, s *sqlstore.Store) {
	// Across a month and a year: the days compare as dates.
	mustAddVisits(t, s, map[visit.Key]int{
		vk(1, "2025-12-31"): 1, vk(1, "2026-01-01"): 2, vk(1, "2026-01-31"): 4, vk(1, "2026-02-01"): 8,
		vk(1, "2026-02-10"): 16, vk(1, "2026-02-11"): 32, vk(2, "2026-02-01"): 64,
	})
	const total = 63
	for _, c := range []struct {
		from, to visit.Day
		want     map[visit.Day]int
	}{
		{"2026-01-01", "2026-02-10", map[visit.Day]int{"2026-01-01": 2, "2026-01-31": 4, "2026-02-01": 8, "2026-02-10": 16}},
		{"2026-01-31", "2026-02-01", map[visit.Day]int{"2026-01-31": 4, "2026-02-01": 8}},
		{"2026-02-01", "2026-02-01", map[visit.Day]int{"2026-02-01": 8}},
		{"2025-12-30", "2025-12-31", map[visit.Day]int{"2025-12-31": 1}},
		{"2026-02-02", "2026-02-09", map[visit.Day]int{}}, // nothing in range, the total still counts
		{"2026-02-11", "2026-02-10", map[visit.Day]int{}}, // from after to
	} {
		mustDaily(t, s, 1, c.from, c.to, c.want, total)
	}
}

// A flush with a malformed key writes none of it.
func testVisitsRefused(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	mustAddVisits(t, s, map[visit.Key]int{vk(1, "2026-11-01"): 1})
	for _, bad := range []map[visit.Key]int{
		{vk(1, "2026-11-01"): 5, vk(1, "2026-13-01"): 1},
		{vk(1, "2026-11-01"): 5, vk(1, "26-11-02"): 1},
		{vk(1, "2026-11-01"): 5, vk(2, "2026-11-02"): -1},
	} {
		if err := s.Visits().Add(ctx, bad); err == nil {
			t.Errorf("Add(%v) succeeded", bad)
		}
	}
	mustDaily(t, s, 1, "2026-01-01", "2026-12-31", map[visit.Day]int{"2026-11-01": 1}, 1)
	mustDaily(t, s, 2, "2026-01-01", "2026-12-31", map[visit.Day]int{}, 0)
	if _, _, err := s.Visits().Daily(ctx, 1, "2026-1-1", "2026-12-31"); err == nil {
		t.Error("Daily from a malformed day succeeded")
	}
}

// Two servers flushing the same keys at once: every visit counted.
func testVisitsConcurrent(t *testing.T, s1, s2 *sqlstore.Store) {
	if s1 == s2 {
		t.Fatal("open returned the same Store twice; it must open a second one on the same database")
	}
	ctx := t.Context()
	const perHandle, rounds = 4, 20
	var wg sync.WaitGroup
	for _, s := range []*sqlstore.Store{s1, s2} {
		for range perHandle {
			wg.Go(func() {
				for range rounds {
					err := s.Visits().Add(ctx, map[visit.Key]int{
						vk(1, "2026-11-01"): 1, vk(1, "2026-11-02"): 2, vk(2, "2026-11-01"): 3, vk(3, "2026-11-03"): 1,
					})
					if err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
	}
	wg.Wait()
	const n = 2 * perHandle * rounds
	mustDaily(t, s1, 1, "2026-11-01", "2026-11-30", map[visit.Day]int{"2026-11-01": n, "2026-11-02": 2 * n}, 3*n)
	mustDaily(t, s2, 2, "2026-11-01", "2026-11-30", map[visit.Day]int{"2026-11-01": 3 * n}, 3*n)
	mustDaily(t, s2, 3, "2026-11-01", "2026-11-30", map[visit.Day]int{"2026-11-03": n}, n)
}

// The counts by source accumulate per property, day and source; Sources
// sums a range's days per source; a malformed key refuses the whole batch.
func testVisitSources(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	v := s.Visits()
	sk := func(p int64, d visit.Day, src visit.Source) visit.SourceKey {
		return visit.SourceKey{Property: p, Day: d, Source: src}
	}
	add := func(c map[visit.SourceKey]int) {
		t.Helper()
		if err := v.AddSources(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	got := func(p int64, from, to visit.Day, want map[visit.Source]int) {
		t.Helper()
		m, err := v.Sources(ctx, p, from, to)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(m, want) {
			t.Errorf("Sources(%d, %s, %s) = %v, want %v", p, from, to, m, want)
		}
	}
	got(1, "2026-01-01", "2026-12-31", map[visit.Source]int{})
	add(map[visit.SourceKey]int{
		sk(1, "2026-10-31", visit.SourceSearch): 1, sk(1, "2026-11-01", visit.SourceSearch): 2,
		sk(1, "2026-11-01", visit.SourcePortal): 3, sk(1, "2026-11-02", visit.SourceSite): 4, sk(2, "2026-11-01", visit.SourceMail): 5,
		sk(1, "2026-11-03", visit.SourceOther): 0,
	})
	add(map[visit.SourceKey]int{sk(1, "2026-11-01", visit.SourceSearch): 10})
	got(1, "2026-11-01", "2026-11-30", map[visit.Source]int{visit.SourceSearch: 12, visit.SourcePortal: 3, visit.SourceSite: 4})
	got(1, "2026-10-01", "2026-11-01", map[visit.Source]int{visit.SourceSearch: 13, visit.SourcePortal: 3})
	got(2, "2026-11-01", "2026-11-01", map[visit.Source]int{visit.SourceMail: 5})
	got(3, "2026-01-01", "2026-12-31", map[visit.Source]int{})
	for _, bad := range []map[visit.SourceKey]int{
		{sk(1, "2026-11-01", visit.SourceSearch): 1, sk(1, "2026-11-01", "carrier-pigeon"): 1},
		{sk(1, "2026-11-01", visit.SourceSearch): 1, sk(1, "2026-11-32", visit.SourceSearch): 1},
		{sk(1, "2026-11-01", visit.SourceSearch): 1, sk(1, "2026-11-02", visit.SourceSearch): -1},
	} {
		if err := v.AddSources(ctx, bad); err == nil {
			t.Errorf("AddSources(%v) succeeded", bad)
		}
	}
	got(1, "2026-11-01", "2026-11-01", map[visit.Source]int{visit.SourceSearch: 12, visit.SourcePortal: 3})
	if _, err := v.Sources(ctx, 1, "2026-11", "2026-11-30"); err == nil {
		t.Error("Sources from a malformed day succeeded")
	}
	// The Counter's flush writes the visits and their sources, which add up.
	var c visit.Counter
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	for i, src := range []visit.Source{visit.SourceSearch, visit.SourceSearch, visit.SourceDirect} {
		c.CountFrom(7, string(rune('a'+i)), now, func() visit.Source { return src })
	}
	if err := c.Flush(ctx, v); err != nil {
		t.Fatal(err)
	}
	mustDaily(t, s, 7, "2026-11-26", "2026-11-26", map[visit.Day]int{"2026-11-26": 3}, 3)
	got(7, "2026-11-26", "2026-11-26", map[visit.Source]int{visit.SourceSearch: 2, visit.SourceDirect: 1})
}
