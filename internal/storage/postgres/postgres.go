// Package postgres opens the store on PostgreSQL, through pgx's
// database/sql driver so that goose can run the migrations on the same pool:
// the pool, the migrations and the dialect; the queries are sqlstore's.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"hash/fnv"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"immo/internal/mail/mailqueue"
	"immo/internal/storage/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// dialect is how PostgreSQL differs from SQLite for the shared queries.
func dialect() sqlstore.Dialect {
	return sqlstore.Dialect{
		Name:     "postgres",
		Numbered: true,
		Now:      "now()", // the transaction's start: every row of an import shares it
		// REPEATABLE READ gives the whole transaction one snapshot.
		Snapshot:   sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
		SkipLocked: " FOR UPDATE SKIP LOCKED",
		Time:       func(t time.Time) any { return t.UTC() },
		// The GIN index on requests.search_words, search's 'simple'
		// tsvector (migration 00022); each term a prefix (terms are
		// letters and digits only). The planner does not know how many
		// requests a prefix matches: a frequent word is best found walking
		// the ids newest first, testing each row's words, which stops at
		// the page's end; a rare one so walks the whole table (55 ms at
		// 100 000 leads), and is best read through the index. Few looks at
		// the newest requests only (sqlstore.FewWindow), a rare word's
		// matches are read through the index (OFFSET 0 keeps the subquery
		// whole, so its plan is the index's).
		Match: func(terms []string, few bool) (string, string, any, string) {
			q := strings.Join(terms, ":* & ") + ":*"
			if few {
				return `(SELECT id FROM requests WHERE search_words @@ to_tsquery('simple', ?) OFFSET 0) m
					JOIN requests r ON r.id = m.id`, "", q, "r.id"
			}
			return `requests r`, `r.search_words @@ to_tsquery('simple', ?)`, q, `r.id`
		},
		Few: `SELECT count(*) FROM (SELECT 1 FROM (SELECT search_words FROM requests ORDER BY id DESC LIMIT ` +
			strconv.Itoa(sqlstore.FewWindow) + `) w WHERE search_words @@ to_tsquery('simple', ?) LIMIT ?) c`,
	}
}

// DB is the store (sqlstore.Store) on a PostgreSQL database (or schema: the
// URL may set search_path, which pgx passes on as a runtime parameter).
type DB struct {
	*sqlstore.Store
	db *sql.DB
}

// Open connects to url and applies the pending migrations.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	sqldb := stdlib.OpenDB(*cfg)
	sqldb.SetMaxOpenConns(10)
	sqldb.SetMaxIdleConns(5)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)

	db := &DB{Store: sqlstore.New(dialect(), sqldb, sqldb), db: sqldb}
	if err := sqldb.PingContext(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if err := db.Migrate(ctx); err != nil {
		sqldb.Close()
		return nil, err
	}
	return db, nil
}

// Migrate applies the pending embedded migrations, then River's (the mail
// queue's tables). Several servers may
// start at once on one database, so migrations run under an advisory lock.
func (db *DB) Migrate(ctx context.Context) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	lockID, err := db.lockID(ctx)
	if err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	// Retry every second rather than goose's default five: the lock is
	// usually held for milliseconds.
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(lockID), lock.WithLockTimeout(1, 300))
	if err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db.db, fsys,
		goose.WithDisableGlobalRegistry(true),
		goose.WithSessionLocker(locker))
	if err != nil {
		return fmt.Errorf("postgres: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	return mailqueue.Migrate(ctx, db.db, mailqueue.Postgres)
}

// QueueDB is the pool the mail queue runs on and its dialect.
func (db *DB) QueueDB() (*sql.DB, string) { return db.db, mailqueue.Postgres }

// lockID derives the advisory lock from the current schema: migrations of
// different schemas (one per test, say) do not conflict, so they need not
// wait for each other.
func (db *DB) lockID(ctx context.Context) (int64, error) {
	var schema sql.NullString
	if err := db.db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return 0, err
	}
	h := fnv.New64a()
	h.Write([]byte("immo migrations " + schema.String))
	return int64(h.Sum64()), nil
}

// Close closes the pool.
func (db *DB) Close() error {
	return db.db.Close()
}
