package importer_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"immo/internal/adapter/importer"
)

// withOwners is the demo catalog with each property's record given the
// owners listed for its ID.
func withOwners(t *testing.T, owners map[int64]string) string {
	t.Helper()
	var f map[string][]map[string]any
	if err := json.Unmarshal([]byte(demoJSON(t, nil)), &f); err != nil {
		t.Fatal(err)
	}
	for _, p := range f["properties"] {
		id := int64(p["ID"].(float64))
		if o, ok := owners[id]; ok {
			var list []map[string]any
			if err := json.Unmarshal([]byte(o), &list); err != nil {
				t.Fatal(err)
			}
			p["Owners"] = list
		}
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A property record may name its owners; the import reports them for the
// imported properties only and keeps them out of the catalog.
func TestImportOwners(t *testing.T) {
	store := newStore(t)
	ctx := context.Background()
	file := withOwners(t, map[int64]string{
		4100001: `[{"Email": " ann@example.be ", "FirstName": "Ann", "LastName": "Peeters", "Language": "nl"}, {"Email": "bob@example.be"}]`,
		4100002: `[{"Email": "ann@example.be"}]`,
	})
	rep, err := importer.Run(ctx, store, strings.NewReader(file), importer.Options{Now: fixedNow})
	if err != nil || !rep.Imported {
		t.Fatal(err)
	}
	want := []importer.FeedOwner{
		{Property: 4100001, Owner: importer.Owner{Email: "ann@example.be", FirstName: "Ann", LastName: "Peeters", Language: "nl"}},
		{Property: 4100001, Owner: importer.Owner{Email: "bob@example.be"}},
		{Property: 4100002, Owner: importer.Owner{Email: "ann@example.be"}},
	}
	if !slices.Equal(rep.Owners, want) {
		t.Fatalf("owners %+v, want %+v", rep.Owners, want)
	}
	cat, _, err := store.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(cat)
	if strings.Contains(string(b), "ann@example.be") || strings.Contains(string(b), "Owners") {
		t.Fatal("the owners were stored in the catalog")
	}
	// Unchanged listings: the owners are no change.
	rep, err = importer.Run(ctx, store, strings.NewReader(file), importer.Options{Now: fixedNow})
	if err != nil || rep.Result.PropertiesUpdated != 0 || len(rep.Owners) != 3 {
		t.Fatalf("again: %+v %v", rep.Result, err)
	}
}

// Bad owners are the record's problems: nothing imported, or with
// --partial the record left out with its owners.
func TestImportOwnersProblems(t *testing.T) {
	store := newStore(t)
	ctx := context.Background()
	file := withOwners(t, map[int64]string{
		4100001: `[{"Email": "not an address"}]`,
		4100002: `[{"Email": "ann@example.be", "Language": "es", "FirstName": "` + strings.Repeat("a", 101) + `"}]`,
		4100003: `[{"Email": "cid@example.be"}]`,
	})
	_, err := importer.Run(ctx, store, strings.NewReader(file), importer.Options{Now: fixedNow})
	var pe *importer.ErrProblems
	if err == nil || !asProblems(err, &pe) {
		t.Fatalf("bad owners imported: %v", err)
	}
	keyed(t, pe.Problems)
	var got []string
	for _, p := range pe.Problems {
		got = append(got, p.String())
	}
	for _, want := range []string{"(ID 4100001): Owners[0].Email: \"not an address\" is not an email address",
		"(ID 4100002): Owners[0].FirstName", "(ID 4100002): Owners[0].Language: must be nl, fr, en or de"} {
		if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("no problem %q in %q", want, got)
		}
	}
	rep, err := importer.Run(ctx, store, strings.NewReader(file), importer.Options{Now: fixedNow, Partial: true})
	if err != nil || !rep.Imported {
		t.Fatal(err)
	}
	if want := []importer.FeedOwner{{Property: 4100003, Owner: importer.Owner{Email: "cid@example.be"}}}; !slices.Equal(rep.Owners, want) {
		t.Fatalf("partial: owners %+v, want %+v", rep.Owners, want)
	}
	// Too many owners; an unknown field in one.
	many := "[" + strings.TrimSuffix(strings.Repeat(`{"Email": "x@example.be"},`, importer.MaxOwners+1), ",") + "]"
	file = withOwners(t, map[int64]string{4100001: many, 4100002: `[{"Email": "a@example.be", "Phone": "1"}]`})
	_, err = importer.Run(ctx, store, strings.NewReader(file), importer.Options{Now: fixedNow})
	if !asProblems(err, &pe) || len(pe.Problems) != 2 || pe.Problems[0].Field != "Owners" || pe.Problems[1].ID != 4100002 {
		t.Fatalf("too many owners, an unknown field: %v %+v", err, pe)
	}
	keyed(t, pe.Problems)
	if pe.Problems[0].Key != importer.KeyTooManyOwners || pe.Problems[1].Key != importer.KeyUnknownField {
		t.Errorf("too many owners, an unknown field: keys %q, %q", pe.Problems[0].Key, pe.Problems[1].Key)
	}
}

func asProblems(err error, pe **importer.ErrProblems) bool {
	p, ok := err.(*importer.ErrProblems)
	*pe = p
	return ok
}
