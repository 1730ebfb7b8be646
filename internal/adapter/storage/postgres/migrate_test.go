package postgres

import (
	"database/sql"
	"io/fs"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/adapter/storage/storagetest"
)

// Migration 00022 upgrades the requests stored before it.
func TestUpgrade22(t *testing.T) {
	url := pgtest.URL(t)
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	old := stdlib.OpenDB(*cfg)
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, old, fsys, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(t.Context(), storagetest.Upgrade22Version); err != nil {
		t.Fatal(err)
	}
	storagetest.RunUpgrade22(t, old, true, func(t *testing.T) (*sqlstore.Store, *sql.DB) {
		db, err := Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		pool, _ := db.QueueDB()
		return db.Store, pool
	})
}
