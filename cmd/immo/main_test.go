package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"immo/internal/adapter/storage"
	"immo/internal/domain/feed"
)

func TestImportCommand(t *testing.T) {
	ctx := context.Background()
	t.Setenv("DATABASE_URL", "")
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"types":[],"properties":[{"ID":1,"Goal":0,"WebID":42,"Price":-1,"City":"Arlon","Zip":"6700","CountryID":10}],"projects":[]}`), 0o644)
	err := run(ctx, []string{"import", "--data-dir", dir, bad})
	if err == nil || !strings.Contains(err.Error(), "nothing was imported") {
		t.Fatalf("bad file: %v", err)
	}
	good := filepath.Join(dir, "good.json")
	os.WriteFile(good, []byte(`{"types":[{"ID":1,"WebID":1,"Name":{"fr":"Maison"}}],"properties":[{"ID":1,"Goal":0,"WebID":1,"Price":250000,"City":"Arlon","Zip":"6700","CountryID":10}],"projects":[]}`), 0o644)
	if err := run(ctx, []string{"import", "--data-dir", dir, good}); err != nil {
		t.Fatal(err)
	}
	store, err := storage.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	c, v, err := store.Load(ctx)
	if err != nil || v != 1 || len(c.Properties) != 1 {
		t.Fatalf("after import: v%d, %d properties, %v", v, len(c.Properties), err)
	}
	if err := run(ctx, []string{"import", "--data-dir", dir, filepath.Join(dir, "missing.json")}); err == nil {
		t.Fatal("a missing file must fail")
	}
	// Both imports are runs: the refused one with its problems and why, the applied one with what it did.
	runs, err := store.Runs(ctx, 10)
	if err != nil || len(runs) != 2 {
		t.Fatalf("runs after two imports: %d, %v", len(runs), err)
	}
	if r := runs[1]; r.Source != bad || r.Trigger != feed.TriggerCommand || r.Status != feed.StatusFailed ||
		!strings.Contains(r.Error, "nothing was imported") || len(r.Problems) != 2 || r.Problems[1].ID != 1 || r.Problems[1].Field != "Price" {
		t.Errorf("the refused import's run: %+v", r)
	}
	if r := runs[0]; r.Source != good || r.Status != feed.StatusApplied || r.Properties.Added != 1 || r.Types != 1 ||
		r.CatalogVersion != 1 || r.Error != "" || r.Ended.Before(r.Started) {
		t.Errorf("the applied import's run: %+v", r)
	}
}

func TestCommands(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	if err := run(context.Background(), []string{"version"}); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"frobnicate"}); err == nil {
		t.Fatal("unknown command must fail")
	}
	if err := run(context.Background(), []string{"migrate", "--data-dir", t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	if _, err := readConfigFile(filepath.Join(t.TempDir(), "nope.json")); err == nil {
		t.Fatal("a missing configuration must fail")
	}
}

// TestImportSummary: an import that would empty the site is refused (exit
// non-zero) unless --allow-empty, and the summary says what was added,
// updated, unchanged, rejected and taken offline.
func TestImportSummary(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	types := `"types":[{"ID":1,"WebID":1,"Name":{"fr":"Maison"}}]`
	prop := func(id, price int, zip string) string {
		return fmt.Sprintf(`{"ID":%d,"Goal":0,"WebID":1,"Price":%d,"City":"Arlon","Zip":%q,"CountryID":10}`, id, price, zip)
	}
	first := write("first.json", `{`+types+`,"properties":[`+prop(1, 100000, "6700")+`,`+prop(2, 200000, "6700")+`,`+prop(3, 300000, "6700")+`],"projects":[]}`)
	// 1 unchanged, 2 updated, 3 rejected (kept), 4 added; none offline.
	second := write("second.json", `{`+types+`,"properties":[`+prop(1, 100000, "6700")+`,`+prop(2, 210000, "6700")+`,`+prop(3, 1, "ABC")+`,`+prop(4, 400000, "6700")+`],"projects":[]}`)
	for _, tc := range []struct {
		name string
		args []string
		want string // in the error, or in the summary when ok
		ok   bool
	}{
		{"first import", []string{first}, "properties: 3 added, 0 updated, 0 unchanged, 0 rejected, 0 taken offline", true},
		{"empty object", []string{write("e.json", `{}`)}, `no "properties" section`, false},
		{"empty object, --allow-empty", []string{"--allow-empty", filepath.Join(dir, "e.json")}, `no "properties" section`, false},
		{"no property", []string{write("none.json", `{"properties":[],"projects":[]}`)}, "--allow-empty", false},
		{"a bad record", []string{second}, "nothing was imported", false},
		{"--partial", []string{"--partial", second}, "properties: 1 added, 1 updated, 1 unchanged, 1 rejected, 0 taken offline", true},
		{"no property, --allow-empty", []string{"--allow-empty", filepath.Join(dir, "none.json")}, "properties: 0 added, 0 updated, 0 unchanged, 0 rejected, 4 taken offline", true},
	} {
		out := captureStdout(t)
		err := run(ctx, append([]string{"import", "--data-dir", dir}, tc.args...))
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.ok && !strings.Contains(out.String(), tc.want):
			t.Errorf("%s: the summary lacks %q:\n%s", tc.name, tc.want, out)
		case !tc.ok && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}
