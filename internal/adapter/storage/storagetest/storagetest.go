// Package storagetest is the contract every catalog.Store must pass. Each
// implementation runs it against its own database from an ordinary test.
package storagetest

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/domain/catalog"
)

// Run runs the suite. open must return a Store on a fresh, empty database
// for each test, and another Store on the same database when called again
// with the same t (wrap it in PerTest); it closes what it opens in
// t.Cleanup.
func Run(t *testing.T, open func(t *testing.T) catalog.Store) {
	t.Run("Empty", func(t *testing.T) { testEmpty(t, open(t)) })
	t.Run("ImportRoundTrip", func(t *testing.T) { testImportRoundTrip(t, open(t)) })
	t.Run("Reimport", func(t *testing.T) { testReimport(t, open(t)) })
	t.Run("Offline", func(t *testing.T) { testOffline(t, open(t)) })
	t.Run("Unchanged", func(t *testing.T) { testUnchanged(t, open(t)) })
	t.Run("Keep", func(t *testing.T) { testKeep(t, open(t)) })
	t.Run("Listed", func(t *testing.T) { testListed(t, open(t)) })
	t.Run("Changes", func(t *testing.T) { testChanges(t, open(t)) })
	t.Run("Atomic", func(t *testing.T) { testAtomic(t, open(t)) })
	t.Run("ConcurrentReaders", func(t *testing.T) { testConcurrentReaders(t, open(t)) })
	t.Run("SharedVersion", func(t *testing.T) { testSharedVersion(t, open(t), open(t)) })
}

// PerTest wraps an open function so that it runs once per test: a second
// call with the same t returns the first result, which is how the suite
// gets two Stores on one database.
func PerTest[V any](fn func(t *testing.T) V) func(t *testing.T) V {
	var mu sync.Mutex
	cache := map[*testing.T]V{}
	return func(t *testing.T) V {
		mu.Lock()
		v, ok := cache[t]
		mu.Unlock()
		if ok {
			return v
		}
		v = fn(t)
		mu.Lock()
		cache[t] = v
		mu.Unlock()
		t.Cleanup(func() {
			mu.Lock()
			delete(cache, t)
			mu.Unlock()
		})
		return v
	}
}

func testEmpty(t *testing.T, s catalog.Store) {
	ctx := t.Context()
	if empty := mustEmpty(t, s); !empty {
		t.Error("Empty = false on a new store")
	}
	if v := mustVersion(t, s); v != 0 {
		t.Errorf("Version = %d, want 0", v)
	}
	c, v, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v != 0 || len(c.Types)+len(c.Properties)+len(c.Projects) != 0 {
		t.Errorf("Load = %d types, %d properties, %d projects, version %d; want nothing, version 0",
			len(c.Types), len(c.Properties), len(c.Projects), v)
	}
}

func testImportRoundTrip(t *testing.T, s catalog.Store) {
	c := sample(3, 1, 10, 11)
	// Import out of order: Load must sort by id.
	in := *c
	in.Types = reversed(c.Types)
	in.Properties = reversed(c.Properties)
	in.Projects = reversed(c.Projects)

	mustImport(t, s, &in, catalog.ImportResult{Types: 3, PropertiesAdded: 4, ProjectsAdded: 2, Version: 1})
	mustLoad(t, s, c, 1)
	if mustEmpty(t, s) {
		t.Error("Empty = true after an import")
	}
	if v := mustVersion(t, s); v != 1 {
		t.Errorf("Version = %d, want 1", v)
	}
	// Nothing changed: the version stays (no server reloads, no cached
	// page goes).
	mustImport(t, s, c, catalog.ImportResult{Types: 3, PropertiesUnchanged: 4, ProjectsUnchanged: 2})
	if v := mustVersion(t, s); v != 1 {
		t.Errorf("Version = %d after an import that changed nothing, want 1", v)
	}
	// A type's name alone changes the pages: the version grows.
	renamed := sample(3, 1, 10, 11)
	renamed.Types[1].Name = catalog.Text{"nl": "Hoeve"}
	mustImport(t, s, renamed, catalog.ImportResult{Types: 3, PropertiesUnchanged: 4, ProjectsUnchanged: 2, Version: 2})
}

func testReimport(t *testing.T, s catalog.Store) {
	mustImport(t, s, sample(3, 1, 10), catalog.ImportResult{Types: 3, PropertiesAdded: 4, ProjectsAdded: 1, Version: 1})
	changed := sample(3, 2, 10)
	changed.Types[0].Name = catalog.Text{"fr": "Villa"}
	mustImport(t, s, changed, catalog.ImportResult{Types: 3, PropertiesUpdated: 3, PropertiesUnchanged: 1, ProjectsUpdated: 1, Version: 2})
	mustLoad(t, s, changed, 2)
}

func testOffline(t *testing.T, s catalog.Store) {
	mustImport(t, s, sample(3, 1, 10, 11), catalog.ImportResult{Types: 3, PropertiesAdded: 4, ProjectsAdded: 2, Version: 1})

	// Property 2, project 11 and type 3 are absent. Types are reference
	// data and stay; listings go offline.
	partial := sample(3, 2, 10)
	partial.Properties = slices.DeleteFunc(partial.Properties, func(p catalog.Property) bool { return p.ID == 2 })
	partial.Types = partial.Types[:2]
	mustImport(t, s, partial, catalog.ImportResult{
		Types: 2, PropertiesUpdated: 2, PropertiesUnchanged: 1, PropertiesOffline: 1, ProjectsUpdated: 1, ProjectsOffline: 1, Version: 2})
	want := *partial
	want.Types = types()
	mustLoad(t, s, &want, 2)

	// Already offline: not counted again.
	mustImport(t, s, partial, catalog.ImportResult{Types: 2, PropertiesUnchanged: 3, ProjectsUnchanged: 1})

	// Back online, counted as updated, next to a new property 4.
	back := sample(4, 4, 10, 11)
	mustImport(t, s, back, catalog.ImportResult{
		Types: 3, PropertiesAdded: 1, PropertiesUpdated: 3, PropertiesUnchanged: 1, ProjectsUpdated: 2, Version: 3})
	mustLoad(t, s, back, 3)
}

// testUnchanged: a listing imported again as it is stored is counted as
// unchanged; one that comes back online with the same document is updated.
func testUnchanged(t *testing.T, s catalog.Store) {
	base := sample(3, 1, 10, 11)
	mustImport(t, s, base, catalog.ImportResult{Types: 3, PropertiesAdded: 4, ProjectsAdded: 2, Version: 1})

	// One property changes, one goes away; the others are as stored.
	next := sample(3, 1, 10, 11)
	next.Properties[0].Price++
	next.Properties = slices.DeleteFunc(next.Properties, func(p catalog.Property) bool { return p.ID == 2 })
	mustImport(t, s, next, catalog.ImportResult{
		Types: 3, PropertiesUpdated: 1, PropertiesUnchanged: 2, PropertiesOffline: 1, ProjectsUnchanged: 2, Version: 2})

	// Property 2 comes back with the document it had: updated, since it was offline.
	next.Properties = sample(3, 1).Properties
	next.Properties[0].Price++
	mustImport(t, s, next, catalog.ImportResult{
		Types: 3, PropertiesUpdated: 1, PropertiesUnchanged: 3, ProjectsUnchanged: 2, Version: 3})
	mustLoad(t, s, next, 3)
}

// testListed: what an import checks against — every type, the online
// listings only; and the first-seen dates of online properties as their
// documents have them (nanoseconds and zone of the instant kept), none for
// one without, an offline or unknown one.
func testListed(t *testing.T, s catalog.Store) {
	c := sample(3, 1, 10, 11)
	c.Properties[1].DateCreated = time.Time{}
	mustImport(t, s, c, catalog.ImportResult{Types: 3, PropertiesAdded: 4, ProjectsAdded: 2, Version: 1})
	next := sample(3, 1, 10)
	next.Properties[1].DateCreated = time.Time{}
	next.Properties = slices.DeleteFunc(next.Properties, func(p catalog.Property) bool { return p.ID == 3 })
	mustImport(t, s, next, catalog.ImportResult{Types: 3, PropertiesUnchanged: 3, PropertiesOffline: 1, ProjectsUnchanged: 1, ProjectsOffline: 1, Version: 2})
	got, err := s.Listed(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Types) != 3 || got.Types[0].WebID != 101 || !slices.Equal(got.Projects, []int64{10}) ||
		!reflect.DeepEqual(got.Properties, map[int64]bool{1: true, 2: true, 1000: true}) {
		t.Errorf("Listed: types %+v, properties %v, projects %v; want the 3 types, properties 1, 2 and 1000, project 10",
			got.Types, got.Properties, got.Projects)
	}
	seen, err := s.FirstSeen(t.Context(), []int64{1, 2, 3, 1000, 99})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]time.Time{1: c.Properties[0].DateCreated, 1000: c.Properties[3].DateCreated}
	if len(seen) != len(want) {
		t.Errorf("FirstSeen = %v, want %v", seen, want)
	}
	for id, at := range want {
		if g, ok := seen[id]; !ok || !g.Equal(at) {
			t.Errorf("FirstSeen of property %d = %v (%v), want %v", id, g, ok, at)
		}
	}
}

// testChanges: the listings an import wrote after a version, and those it
// took offline; an import that changed nothing adds none; a server's
// catalog refreshed through them is the catalog loaded whole.
func testChanges(t *testing.T, s catalog.Store) {
	ctx := t.Context()
	svc, err := catalog.NewService(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	mustImport(t, s, sample(3, 1, 10, 11), catalog.ImportResult{Types: 3, PropertiesAdded: 4, ProjectsAdded: 2, Version: 1})
	if ok, err := svc.Refresh(ctx); !ok || err != nil {
		t.Fatalf("Refresh from nothing = %v, %v", ok, err)
	}
	next := sample(3, 1, 10, 11)
	next.Properties[0].Price++
	next.Properties = slices.DeleteFunc(next.Properties, func(p catalog.Property) bool { return p.ID == 2 })
	next.Properties = append(next.Properties, property(4, 1))
	next.Projects = next.Projects[:1]
	next.Projects[0].Name = catalog.Text{"fr": "Nouveau nom"}
	mustImport(t, s, next, catalog.ImportResult{Types: 3, PropertiesAdded: 1, PropertiesUpdated: 1, PropertiesUnchanged: 2,
		PropertiesOffline: 1, ProjectsUpdated: 1, ProjectsOffline: 1, Version: 2})
	mustImport(t, s, next, catalog.ImportResult{Types: 3, PropertiesUnchanged: 4, ProjectsUnchanged: 1})

	ch, err := s.Changes(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	var props, projs []int64
	for _, p := range ch.Properties {
		props = append(props, p.ID)
	}
	for _, p := range ch.Projects {
		projs = append(projs, p.ID)
	}
	if ch.Version != 2 || len(ch.Types) != 3 || !slices.Equal(props, []int64{1, 4}) || ch.Properties[0].Price != next.Properties[0].Price ||
		!slices.Equal(projs, []int64{10}) || !slices.Equal(ch.OfflineProperties, []int64{2}) || !slices.Equal(ch.OfflineProjects, []int64{11}) {
		t.Errorf("Changes(1) = version %d, %d types, properties %v, projects %v, offline %v and %v",
			ch.Version, len(ch.Types), props, projs, ch.OfflineProperties, ch.OfflineProjects)
	}
	if ch, err := s.Changes(ctx, 2); err != nil || ch.Version != 2 || len(ch.Properties)+len(ch.Projects)+len(ch.OfflineProperties)+len(ch.OfflineProjects) != 0 {
		t.Errorf("Changes(2) = %+v, %v; want nothing", ch, err)
	}

	if ok, err := svc.Refresh(ctx); !ok || err != nil {
		t.Fatalf("Refresh = %v, %v", ok, err)
	}
	whole, err := catalog.NewService(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	a, b := svc.Index(), whole.Index()
	q := catalog.NewQuery()
	if a.Version() != 2 || !reflect.DeepEqual(a.List(q), b.List(q)) || !reflect.DeepEqual(a.Projects(), b.Projects()) {
		t.Errorf("the refreshed catalog (version %d) differs from the one loaded whole", a.Version())
	}
	for _, id := range []int64{1, 1000} {
		pa, aerr := a.Property(id, "fr")
		pb, berr := b.Property(id, "fr")
		if aerr != nil || berr != nil || !reflect.DeepEqual(pa, pb) {
			t.Errorf("property %d refreshed differs from loaded: %v %v", id, aerr, berr)
		}
	}
	if _, err := a.Property(2, "fr"); err == nil {
		t.Error("the property taken offline is still served")
	}
}

// testKeep: the listings Keep names stay as they are although the import
// leaves them out, and the others absent still go offline.
func testKeep(t *testing.T, s catalog.Store) {
	mustImport(t, s, sample(3, 1, 10, 11), catalog.ImportResult{Types: 3, PropertiesAdded: 4, ProjectsAdded: 2, Version: 1})

	next := sample(3, 2, 10)
	next.Properties = slices.DeleteFunc(next.Properties, func(p catalog.Property) bool { return p.ID == 2 || p.ID == 3 })
	got, err := s.Import(t.Context(), next, catalog.Keep{Properties: []int64{2, 99}, Projects: []int64{11}})
	if err != nil {
		t.Fatal(err)
	}
	want := catalog.ImportResult{Types: 3, PropertiesUpdated: 1, PropertiesUnchanged: 1, PropertiesOffline: 1, ProjectsUpdated: 1, Version: 2}
	if got != want {
		t.Errorf("Import keeping property 2 and project 11 = %+v\n          want %+v", got, want)
	}
	// Property 2 and project 11 as the first import wrote them; 3 offline.
	old := sample(3, 1, 10, 11)
	expect := *next
	for _, p := range old.Properties {
		if p.ID == 2 {
			expect.Properties = append(expect.Properties, p)
		}
	}
	expect.Projects = append(expect.Projects, old.Projects[1])
	mustLoad(t, s, &expect, 2)
}

func testAtomic(t *testing.T, s catalog.Store) {
	base := sample(3, 1, 10)
	mustImport(t, s, base, catalog.ImportResult{Types: 3, PropertiesAdded: 4, ProjectsAdded: 1, Version: 1})

	// NaN cannot be encoded as JSON. It sits in the last project, so a store
	// that writes as it goes fails after the types and properties.
	bad := sample(5, 2, 10, 11)
	bad.Projects[1].PriceFrom = math.NaN()
	if _, err := s.Import(t.Context(), bad, catalog.Keep{}); err == nil {
		t.Fatal("Import of an unencodable catalog succeeded")
	}
	mustLoad(t, s, base, 1)

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := s.Import(ctx, sample(5, 2, 10, 11), catalog.Keep{}); err == nil {
		t.Fatal("Import with a cancelled context succeeded")
	}
	mustLoad(t, s, base, 1)

	// The failures left nothing behind that blocks the next import.
	good := sample(5, 2, 10, 11)
	mustImport(t, s, good, catalog.ImportResult{
		Types: 3, PropertiesAdded: 2, PropertiesUpdated: 3, PropertiesUnchanged: 1, ProjectsAdded: 1, ProjectsUpdated: 1, Version: 2})
	mustLoad(t, s, good, 2)
}

func testConcurrentReaders(t *testing.T, s catalog.Store) {
	const before, after = 50, 400 // plain properties, plus the rich one
	mustImport(t, s, sample(before, 1), catalog.ImportResult{Types: 3, PropertiesAdded: before + 1, Version: 1})

	ctx := t.Context()
	done := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	loads := map[int64]int{} // version → Loads that saw it
	for range 4 {
		wg.Go(func() {
			for {
				c, v, err := s.Load(ctx)
				if err != nil {
					t.Errorf("Load during import: %v", err)
					return
				}
				if err := consistent(c, v, map[int64]int{1: before + 1, 2: after + 1}); err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				loads[v]++
				mu.Unlock()
				select {
				case <-done:
					// Pooled connections must not keep serving the old
					// snapshot once the import is committed.
					if v, err := s.Version(ctx); err != nil || v != 2 {
						t.Errorf("Version after the import = %d, %v; want 2", v, err)
					}
					if _, v, err := s.Load(ctx); err != nil || v != 2 {
						t.Errorf("Load after the import: version %d, %v; want 2", v, err)
					}
					return
				default:
				}
			}
		})
	}
	_, err := s.Import(ctx, sample(after, 2), catalog.Keep{})
	close(done)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Loads per version during the import: %v", loads)
}

// consistent checks that a Load saw one whole catalog: the size that goes
// with its version, and only listings written by that version's import.
func consistent(c *catalog.Catalog, v int64, sizes map[int64]int) error {
	n, ok := sizes[v]
	if !ok {
		return errors.New("Load returned an unexpected version")
	}
	if len(c.Properties) != n {
		return fmt.Errorf("Load at version %d returned %d properties, want %d", v, len(c.Properties), n)
	}
	for _, p := range c.Properties {
		if p.ID < 1000 && !strings.HasSuffix(p.Title["fr"], fmt.Sprintf(" v%d", v)) {
			return fmt.Errorf("Load at version %d returned property %d from another import: %q", v, p.ID, p.Title["fr"])
		}
	}
	return nil
}

func testSharedVersion(t *testing.T, a, b catalog.Store) {
	if a == b {
		t.Fatal("open returned the same Store twice; it must open a second one on the same database")
	}
	mustImport(t, a, sample(2, 1, 10), catalog.ImportResult{Types: 3, PropertiesAdded: 3, ProjectsAdded: 1, Version: 1})
	if v := mustVersion(t, b); v != 1 {
		t.Errorf("second store: Version = %d after an import through the first, want 1", v)
	}
	if mustEmpty(t, b) {
		t.Error("second store: Empty = true after an import through the first")
	}
	mustLoad(t, b, sample(2, 1, 10), 1)

	mustImport(t, b, sample(3, 2, 10), catalog.ImportResult{Types: 3, PropertiesAdded: 1, PropertiesUpdated: 2, PropertiesUnchanged: 1, ProjectsUpdated: 1, Version: 2})
	if v := mustVersion(t, a); v != 2 {
		t.Errorf("first store: Version = %d after an import through the second, want 2", v)
	}
}

func mustEmpty(t *testing.T, s catalog.Store) bool {
	t.Helper()
	empty, err := s.Empty(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return empty
}

func mustVersion(t *testing.T, s catalog.Store) int64 {
	t.Helper()
	v, err := s.Version(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func mustImport(t *testing.T, s catalog.Store, c *catalog.Catalog, want catalog.ImportResult) {
	t.Helper()
	got, err := s.Import(t.Context(), c, catalog.Keep{})
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("Import = %+v\n          want %+v", got, want)
	}
}

// mustLoad checks that Load returns want (in id order) at version.
func mustLoad(t *testing.T, s catalog.Store, want *catalog.Catalog, version int64) {
	t.Helper()
	got, v, err := s.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if v != version {
		t.Errorf("Load version = %d, want %d", v, version)
	}
	w := roundTrip(t, want)
	slices.SortFunc(w.Types, func(a, b catalog.PropertyType) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(w.Properties, func(a, b catalog.Property) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(w.Projects, func(a, b catalog.Project) int { return cmp.Compare(a.ID, b.ID) })
	compare(t, "type", w.Types, got.Types, func(x catalog.PropertyType) int64 { return int64(x.ID) })
	compare(t, "property", w.Properties, utc(got.Properties), func(x catalog.Property) int64 { return x.ID })
	compare(t, "project", w.Projects, got.Projects, func(x catalog.Project) int64 { return x.ID })
}

// roundTrip is what a store can promise: the value after encoding/json,
// with times in UTC (the instant survives, the *time.Location does not).
func roundTrip(t *testing.T, c *catalog.Catalog) *catalog.Catalog {
	t.Helper()
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var out catalog.Catalog
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	out.Properties = utc(out.Properties)
	return &out
}

func utc(ps []catalog.Property) []catalog.Property {
	ps = slices.Clone(ps)
	for i := range ps {
		ps[i].DateCreated = ps[i].DateCreated.UTC()
		ps[i].DateModified = ps[i].DateModified.UTC()
	}
	return ps
}

// compare reports the first differing listing as JSON, far more readable
// than %+v of the wide domain types.
func compare[T any](t *testing.T, kind string, want, got []T, id func(T) int64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("Load: %s ids %v, want %v", kind, ids(got, id), ids(want, id))
		return
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			g, _ := json.MarshalIndent(got[i], "", "  ")
			w, _ := json.MarshalIndent(want[i], "", "  ")
			t.Errorf("Load: %s #%d (id %d) differs:\ngot  %s\nwant %s", kind, i, id(want[i]), g, w)
			return
		}
	}
}

func ids[T any](xs []T, id func(T) int64) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = id(x)
	}
	return out
}

func reversed[T any](xs []T) []T {
	out := slices.Clone(xs)
	slices.Reverse(out)
	return out
}
