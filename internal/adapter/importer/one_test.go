package importer_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/importer"
	"immo/internal/domain/catalog"
)

// record is the demo's property i as a pushed record, changed by mod.
func record(t *testing.T, i int, mod func(p map[string]any)) (int64, []byte) {
	t.Helper()
	c, err := demo.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(c.Properties[i])
	var p map[string]any
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	if mod != nil {
		mod(p)
	}
	out, _ := json.Marshal(p)
	return c.Properties[i].ID, out
}

func online(t *testing.T, store catalog.Store) (map[int64]catalog.Property, int64) {
	t.Helper()
	c, v, err := store.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	m := map[int64]catalog.Property{}
	for _, p := range c.Properties {
		m[p.ID] = p
	}
	return m, v
}

func TestUpsertAndRemoveOne(t *testing.T) {
	store := newStore(t)
	ctx := context.Background()
	if _, err := importer.Run(ctx, store, strings.NewReader(demoJSON(t, nil)), importer.Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	opts := importer.Options{Now: fixedNow}

	// A changed price: that listing updated, the others left as they are.
	id, raw := record(t, 3, func(p map[string]any) { p["Price"] = 123456.0 })
	rep, err := importer.Upsert(ctx, store, id, raw, opts)
	if err != nil || !rep.Imported {
		t.Fatalf("upsert: %v %+v", err, rep)
	}
	if r := rep.Result; r.PropertiesUpdated != 1 || r.PropertiesAdded != 0 || r.PropertiesUnchanged != 0 || r.PropertiesOffline != 0 || r.ProjectsOffline != 0 {
		t.Fatalf("upsert result %+v", r)
	}
	props, v := online(t, store)
	if len(props) != 65 || props[id].Price != 123456 {
		t.Fatalf("%d online, price %v", len(props), props[id].Price)
	}
	// The same record again writes nothing: unchanged, the version kept.
	rep, err = importer.Upsert(ctx, store, id, raw, opts)
	if err != nil || rep.Imported || rep.Result.PropertiesUnchanged != 1 {
		t.Fatalf("replayed upsert: %v %+v", err, rep)
	}
	if _, v2 := online(t, store); v2 != v {
		t.Fatalf("a replay wrote version %d (was %d)", v2, v)
	}

	// A new listing, with its owner.
	_, raw = record(t, 0, func(p map[string]any) {
		p["ID"] = 4199999
		p["Owners"] = []map[string]string{{"Email": " ann@example.be ", "Language": "nl"}}
	})
	rep, err = importer.Upsert(ctx, store, 4199999, raw, opts)
	if err != nil || rep.Result.PropertiesAdded != 1 {
		t.Fatalf("new: %v %+v", err, rep)
	}
	if len(rep.Owners) != 1 || rep.Owners[0].Property != 4199999 || rep.Owners[0].Email != "ann@example.be" {
		t.Fatalf("owners %+v", rep.Owners)
	}
	props, _ = online(t, store)
	if len(props) != 66 || props[4199999].DateCreated.IsZero() || props[4199999].Status != catalog.StatusAvailable {
		t.Fatalf("new listing %d online: %+v", len(props), props[4199999])
	}

	// Remove: offline, then nothing to do; an upsert brings it back.
	rep, err = importer.Remove(ctx, store, id, opts)
	if err != nil || !rep.Imported || rep.Result.PropertiesOffline != 1 || rep.Result.ProjectsOffline != 0 {
		t.Fatalf("remove: %v %+v", err, rep)
	}
	props, v = online(t, store)
	if _, ok := props[id]; ok || len(props) != 65 {
		t.Fatalf("removed listing still online (%d online)", len(props))
	}
	for _, again := range []int64{id, 999} {
		rep, err = importer.Remove(ctx, store, again, opts)
		if err != nil || rep.Imported || rep.Result != (catalog.ImportResult{}) {
			t.Fatalf("remove %d again: %v %+v", again, err, rep)
		}
	}
	if _, v2 := online(t, store); v2 != v {
		t.Fatal("a remove of nothing wrote")
	}
	id, raw = record(t, 3, nil)
	rep, err = importer.Upsert(ctx, store, id, raw, opts)
	if err != nil || rep.Result.PropertiesUpdated != 1 {
		t.Fatalf("back online: %v %+v", err, rep)
	}
}

func TestUpsertRefused(t *testing.T) {
	store := newStore(t)
	ctx := context.Background()
	if _, err := importer.Run(ctx, store, strings.NewReader(demoJSON(t, nil)), importer.Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	_, before := online(t, store)
	id, good := record(t, 2, nil)
	big := append([]byte(`{"ID":1,"Title":{"fr":"`), strings.Repeat("x", importer.MaxRecord)...)
	big = append(big, `"}}`...)
	for _, tc := range []struct {
		name       string
		id         int64
		raw        []byte
		field, key string
	}{
		{"bad price", id, must(record(t, 2, func(p map[string]any) { p["Price"] = -5 })), "Price", importer.KeyAmountRange},
		{"unknown type", id, must(record(t, 2, func(p map[string]any) { p["WebID"] = 99 })), "WebID", importer.KeyUnknownType},
		{"another's id", id + 1, good, "ID", importer.KeyIDMismatch},
		{"unknown field", id, must(record(t, 2, func(p map[string]any) { p["Colour"] = "red" })), "", importer.KeyUnknownField},
		{"wrong type", id, must(record(t, 2, func(p map[string]any) { p["Goal"] = "sale" })), "Goal", importer.KeyWrongType},
		{"bad owner", id, must(record(t, 2, func(p map[string]any) { p["Owners"] = []map[string]string{{"Email": "nobody"}} })), "Owners[0].Email", importer.KeyNotEmail},
		{"not an object", id, []byte(`[1]`), "", importer.KeyUnreadable},
		{"two objects", id, append(append([]byte{}, good...), good...), "", importer.KeyUnreadable},
		{"not JSON", id, []byte(`{"ID":`), "", importer.KeyUnreadable},
		{"too large", 1, big, "", importer.KeyTooLong},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := importer.Upsert(ctx, store, tc.id, tc.raw, importer.Options{Now: fixedNow})
			var perr *importer.ErrProblems
			if !errors.As(err, &perr) || rep.Imported || len(rep.Problems) != 1 || rep.Rejected["properties"] != 1 {
				t.Fatalf("want one problem, got %v %+v", err, rep)
			}
			p := rep.Problems[0]
			if p.Field != tc.field || p.Key != tc.key || p.ID != tc.id || p.Section != "properties" {
				t.Fatalf("problem %+v", p)
			}
			if _, v := online(t, store); v != before {
				t.Fatal("a refused record wrote")
			}
		})
	}
}

func must(_ int64, raw []byte) []byte { return raw }
