package sqlite_test

import (
	"path/filepath"
	"testing"

	"immo/internal/catalog"
	"immo/internal/storage/sqlite"
	"immo/internal/storage/storagetest"
)

func TestStore(t *testing.T) {
	// One file per test; a second open in the same test reuses it, as a
	// second server on the same machine would.
	path := storagetest.PerTest(func(t *testing.T) string {
		return filepath.Join(t.TempDir(), "immo.db")
	})
	storagetest.Run(t, func(t *testing.T) catalog.Store {
		db, err := sqlite.Open(t.Context(), path(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := db.Close(); err != nil {
				t.Error(err)
			}
		})
		return db
	})
}

// Migrate must be idempotent: Open runs it on every start.
func TestMigrateTwice(t *testing.T) {
	db, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
}
