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
	if _, err := p.UpTo(t.Context(), storagetest.Upgrade22Version); err != nil {
		t.Fatal(err)
	}
	storagetest.RunUpgrade22(t, old, false, func(t *testing.T) (*sqlstore.Store, *sql.DB) {
		db, err := Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		write, _ := db.QueueDB()
		return db.Store, write
	})
}
