package sqlite

import (
	"database/sql"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/pressly/goose/v3"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/adapter/storage/storagetest"
)

// Migration 00022 upgrades the requests stored before it (the table
// rebuilt with foreign keys off, its files and bookings kept).
func TestUpgrade22(t *testing.T) {
	old, path := migratedTo(t, storagetest.Upgrade22Version)
	storagetest.RunUpgrade22(t, old, false, func(t *testing.T) (*sqlstore.Store, *sql.DB) {
		db := openLatest(t, path)
		write, _ := db.QueueDB()
		return db.Store, write
	})
}

// Migration 00035 moves the demands' confirmation links into account_tokens.
func TestUpgrade35(t *testing.T) {
	old, path := migratedTo(t, storagetest.Upgrade35Version)
	storagetest.RunUpgrade35(t, old, false, func(t *testing.T) *sqlstore.Store { return openLatest(t, path).Store })
}

// Migration 00035 goes back down (the links return to
// demand_confirmations) and up again.
func TestDown35(t *testing.T) {
	db, _ := migratedTo(t, storagetest.Upgrade35Version+1)
	defer db.Close()
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, fsys, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.DownTo(t.Context(), storagetest.Upgrade35Version); err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(t.Context(), storagetest.Upgrade35Version+1); err != nil {
		t.Fatal(err)
	}
}

// migratedTo is a new database file migrated up to version, and its path.
func migratedTo(t *testing.T, version int64) (*sql.DB, string) {
	path := filepath.Join(t.TempDir(), "immo.db")
	old, err := sql.Open("sqlite", dsn(path, "_txlock=immediate"))
	if err != nil {
		t.Fatal(err)
	}
	old.SetMaxOpenConns(1)
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, old, fsys, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(t.Context(), version); err != nil {
		t.Fatal(err)
	}
	return old, path
}

// openLatest opens the database at path as the server does: migrated to the latest.
func openLatest(t *testing.T, path string) *DB {
	db, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
