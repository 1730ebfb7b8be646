// Package sqlite opens the store on an SQLite file, through the pure-Go
// modernc.org/sqlite driver so that the binary builds with CGO_ENABLED=0:
// the connections, their pragmas, the migrations and the dialect; the
// queries are sqlstore's.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// readers is the size of the read pool. Readers never block each other nor
// the writer in WAL mode, so a handful is plenty for a catalog that is read
// as a whole and cached in memory.
const readers = 4

// pragmas apply to every connection of both pools: modernc runs each
// _pragma on connect, which is the only way to reach the connections
// database/sql opens behind our back.
var pragmas = []string{
	"busy_timeout(5000)", // wait for the writer instead of failing with SQLITE_BUSY
	"journal_mode(WAL)",  // readers see a snapshot while an import writes
	"foreign_keys(1)",
	"synchronous(NORMAL)", // durable enough in WAL mode, much faster than FULL
	// 1 MiB of pages per connection, not SQLite's 2 MiB: five connections'
	// caches are the process's memory, while the file's pages stay in the
	// system's cache, shared and cheap to read again (issue #35).
	"cache_size(-1024)",
}

// dialect is how SQLite differs from PostgreSQL for the shared queries.
func dialect() sqlstore.Dialect {
	return sqlstore.Dialect{
		Name:     "sqlite",
		Now:      `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`, // the layout of the catalog's timestamps
		JSONText: func(column, key string) string { return "json_extract(" + column + ", '$." + key + "')" },
		// A read transaction in WAL mode is a snapshot.
		Snapshot: sql.TxOptions{ReadOnly: true},
		// The single writer connection holds the whole database for the
		// transaction: nothing to skip.
		SkipLocked: "",
		Time:       func(t time.Time) any { return t.UTC().Format(sqlstore.TextTime) },
		// The FTS5 index of requests.search (migration 00022), read first
		// (CROSS JOIN keeps it outside) in the list's order, its rowid: a
		// frequent word stops at the page's end, a rare one has few rows.
		// Each term a quoted prefix (terms are letters and digits only).
		Match: func(_ context.Context, _ *sql.DB, agency int64, terms []string) (sqlstore.Match, error) {
			q := make([]string, len(terms))
			for i, t := range terms {
				q[i] = `"` + t + `"*`
			}
			return sqlstore.Match{From: `requests_fts CROSS JOIN requests r ON r.agency_id = ? AND r.id = requests_fts.rowid`, FromArgs: []any{agency},
				Cond: `requests_fts MATCH ?`, CondArgs: []any{strings.Join(q, " AND ")}, Key: `requests_fts.rowid`}, nil
		},
	}
}

// DB is the store (sqlstore.Store) on one SQLite file. Following
// pocketbase, it keeps two pools: SQLite allows one writer at a time, so
// funnelling every write through a single connection turns lock contention
// into queueing in Go, while reads run in parallel on their own pool.
type DB struct {
	*sqlstore.Store
	write *sql.DB
	read  *sql.DB
}

// Open opens (creating it if needed) the database file at path and applies
// the pending migrations. path must be a file: two pools on ":memory:" would
// be two different databases.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" || strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("sqlite: invalid database path %q", path)
	}
	// BEGIN IMMEDIATE takes the write lock when the transaction starts, so a
	// second process writing the same file waits on busy_timeout up front
	// instead of failing when a read lock cannot be upgraded.
	write, err := sql.Open("sqlite", dsn(path, "_txlock=immediate"))
	if err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)

	// query_only guards against a write slipping onto the read pool, where
	// it would race the writer for the lock.
	read, err := sql.Open("sqlite", dsn(path, "_pragma=query_only(1)"))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)

	db := &DB{Store: sqlstore.New(dialect(), write, read), write: write, read: read}
	// Migrating first also switches the file to WAL (a persistent setting)
	// before any reader connects.
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func dsn(path string, extra ...string) string {
	params := make([]string, 0, len(pragmas)+len(extra))
	for _, p := range pragmas {
		params = append(params, "_pragma="+p)
	}
	params = append(params, extra...)
	return path + "?" + strings.Join(params, "&")
}

// Migrate applies the pending embedded migrations, then River's (the mail
// queue's tables).
func (db *DB) Migrate(ctx context.Context) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db.write, fsys,
		goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return fmt.Errorf("sqlite: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("sqlite: migrate: %w", err)
	}
	return mailqueue.Migrate(ctx, db.write, mailqueue.SQLite)
}

// QueueDB is the pool the mail queue runs on, the writer (River writes as
// it polls), and its dialect.
func (db *DB) QueueDB() (*sql.DB, string) { return db.write, mailqueue.SQLite }

// Close closes both pools.
func (db *DB) Close() error {
	return errors.Join(db.read.Close(), db.write.Close())
}
