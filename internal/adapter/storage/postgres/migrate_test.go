package postgres

import (
	"database/sql"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/adapter/storage/storagetest"
)

// Migration 00022 upgrades the requests stored before it.
func TestUpgrade22(t *testing.T) {
	old, url := migratedTo(t, storagetest.Upgrade22Version)
	storagetest.RunUpgrade22(t, old, true, func(t *testing.T) (*sqlstore.Store, *sql.DB) {
		db := openLatest(t, url)
		pool, _ := db.QueueDB()
		return db.Store, pool
	})
}

// Migration 00035 moves the demands' confirmation links into account_tokens.
func TestUpgrade35(t *testing.T) {
	old, url := migratedTo(t, storagetest.Upgrade35Version)
	storagetest.RunUpgrade35(t, old, true, func(t *testing.T) *sqlstore.Store { return openLatest(t, url).Store })
}

// Migration 00035 goes back down (the links return to
// demand_confirmations) and up again.
func TestDown35(t *testing.T) {
	db, _ := migratedTo(t, storagetest.Upgrade35Version+1)
	defer db.Close()
	p, err := provider(db)
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

// migratedTo is a new database migrated up to version, and its address.
func migratedTo(t *testing.T, version int64) (*sql.DB, string) {
	url := pgtest.URL(t)
	return migratedToAt(t, url, version), url
}

// migratedToAt is the database at url migrated up to version.
func migratedToAt(t *testing.T, url string, version int64) *sql.DB {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	old := stdlib.OpenDB(*cfg)
	p, err := provider(old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(t.Context(), version); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { old.Close() })
	return old
}

// openLatest opens the database at url as the server does: migrated to the latest.
func openLatest(t *testing.T, url string) *DB {
	db, err := Open(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
