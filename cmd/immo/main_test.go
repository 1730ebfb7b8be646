package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"immo/internal/storage"
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
	if _, err := loadSite(filepath.Join(t.TempDir(), "nope.json")); err == nil {
		t.Fatal("a missing configuration must fail")
	}
}
