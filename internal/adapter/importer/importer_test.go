package importer_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/importer"
	"immo/internal/adapter/storage/sqlite"
	"immo/internal/domain/catalog"
)

func newStore(t *testing.T) *sqlite.DB {
	t.Helper()
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func demoJSON(t *testing.T, mod func(c *catalog.Catalog)) string {
	t.Helper()
	c, err := demo.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	if mod != nil {
		mod(c)
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var fixedNow = func() time.Time { return time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC) }

func TestImportDemo(t *testing.T) {
	store := newStore(t)
	ctx := context.Background()
	var stages []string
	rep, err := importer.Run(ctx, store, strings.NewReader(demoJSON(t, nil)), importer.Options{
		Now: fixedNow, Progress: func(stage string, done, total int) { stages = append(stages, stage) },
	})
	if err != nil || !rep.Imported {
		t.Fatal(err)
	}
	if rep.Result.PropertiesAdded != 65 || rep.Result.ProjectsAdded != 4 || rep.Result.Version != 1 {
		t.Fatalf("result %+v", rep.Result)
	}
	if strings.Join(stages, ",") != "check,write,write" {
		t.Fatalf("progress stages %v", stages)
	}
	// Upsert by ID: the same file again updates, and a listing left out goes offline.
	rep, err = importer.Run(ctx, store, strings.NewReader(demoJSON(t, func(c *catalog.Catalog) {
		c.Properties = c.Properties[1:]
	})), importer.Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Result; r.PropertiesAdded != 0 || r.PropertiesUnchanged != 64 || r.PropertiesOffline != 1 || r.Version != 2 {
		t.Fatalf("re-import %+v", r)
	}
	c, _, _ := store.Load(ctx)
	if len(c.Properties) != 64 {
		t.Fatalf("%d online after re-import", len(c.Properties))
	}
}

func TestBadRecordsImportNothing(t *testing.T) {
	store := newStore(t)
	ctx := context.Background()
	file := demoJSON(t, func(c *catalog.Catalog) {
		c.Properties[2].Price = -5
		c.Properties[7].WebID = 99
		c.Properties[9].City = " "
		c.Properties[11].Status = "gone"
		c.Projects[1].Units[0].Status = "maybe"
	})
	// A field of the wrong type in record 4.
	file = strings.Replace(file, `"Goal":0,`, `"Goal":"sale",`, 1)
	rep, err := importer.Run(ctx, store, strings.NewReader(file), importer.Options{Now: fixedNow})
	var perr *importer.ErrProblems
	if !errors.As(err, &perr) || rep.Imported {
		t.Fatalf("want problems, got %v", err)
	}
	want := []string{
		"properties[0] (ID 4100001): Goal: want a int, got a string",
		"properties[2] (ID 4100003): Price: must be a number from 0 to below 1000000000",
		"properties[7] (ID 4100008): WebID: 99 is not a known property type",
		"properties[9] (ID 4100010): City: is required",
		"properties[11] (ID 4100012): Status: must be available, sold or rented",
		"projects[1] (ID 5200002): Units[0].Status: must be available, sold or soldout",
	}
	keyed(t, rep.Problems)
	var got []string
	for _, p := range rep.Problems {
		got = append(got, p.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if empty, _ := store.Empty(ctx); !empty {
		t.Fatal("a file with problems must change nothing")
	}
	// --partial imports the rest.
	rep, err = importer.Run(ctx, store, strings.NewReader(file), importer.Options{Partial: true, Now: fixedNow})
	if err != nil || rep.Result.PropertiesAdded != 65-5 || rep.Result.ProjectsAdded != 3 {
		t.Fatalf("partial: %v %+v", err, rep.Result)
	}
}

func TestNotACatalog(t *testing.T) {
	store := newStore(t)
	for _, in := range []string{`[1,2]`, `{"properties": 3}`, `not json`, `{"propertys": []}`,
		// Found by FuzzDecodeValidate: what followed the object was ignored.
		`{"properties": [], "projects": []}]`, `{"properties": [], "projects": []} {"properties": []}`} {
		if _, err := importer.Run(context.Background(), store, strings.NewReader(in), importer.Options{AllowEmpty: true}); err == nil {
			t.Errorf("%s: want an error", in)
		}
	}
}

func TestStampsDates(t *testing.T) {
	store := newStore(t)
	ctx := context.Background()
	file := demoJSON(t, func(c *catalog.Catalog) {
		c.Properties = c.Properties[:1]
		c.Properties[0].DateCreated = time.Time{}
		c.Properties[0].Status = ""
	})
	if _, err := importer.Run(ctx, store, strings.NewReader(file), importer.Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	later := func() time.Time { return fixedNow().Add(48 * time.Hour) }
	if _, err := importer.Run(ctx, store, strings.NewReader(file), importer.Options{Now: later}); err != nil {
		t.Fatal(err)
	}
	c, _, _ := store.Load(ctx)
	p := c.Properties[0]
	if !p.DateCreated.Equal(fixedNow()) || p.Status != catalog.StatusAvailable {
		t.Fatalf("first-seen date kept and status defaulted: %v %q", p.DateCreated, p.Status)
	}
}

func TestValidateIDsAndAddresses(t *testing.T) {
	c, err := demo.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	c.Properties[3].ID = c.Properties[1].ID
	c.Properties[5].ID = 0
	c.Properties[6].SmallPictureItem.Url = "javascript:alert(1)"
	c.Projects[2].ExternalWeb = "//elsewhere.example"
	var got []string
	problems := importer.Validate(c, nil)
	keyed(t, problems)
	for _, p := range problems {
		got = append(got, p.String())
	}
	want := []string{
		"properties[3] (ID 4100002): ID: appears twice",
		"properties[5] (ID ?): ID: must be a positive whole number",
		"properties[6] (ID 4100007): SmallPictureItem.Url: must be a path on this site or an http(s) address on a public host",
		"projects[2] (ID 5200003): ExternalWeb: must be an http(s) address on a public host",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
