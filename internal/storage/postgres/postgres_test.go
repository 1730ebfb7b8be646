package postgres_test

import (
	"testing"

	"immo/internal/catalog"
	"immo/internal/storage/postgres"
	"immo/internal/storage/postgres/pgtest"
	"immo/internal/storage/storagetest"
)

func TestStore(t *testing.T) {
	// One schema per test; a second open in the same test reuses it, as a
	// second server would.
	url := storagetest.PerTest(func(t *testing.T) string { return pgtest.URL(t) })
	storagetest.Run(t, func(t *testing.T) catalog.Store {
		db, err := postgres.Open(t.Context(), url(t))
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
	db, err := postgres.Open(t.Context(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
}
