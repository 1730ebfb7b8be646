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
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// dialect is how PostgreSQL differs from SQLite for the shared queries.
func dialect() sqlstore.Dialect {
	return sqlstore.Dialect{
		Name:     "postgres",
		Numbered: true,
		Now:      "now()", // the transaction's start: every row of an import shares it
		JSONText: func(column, key string) string { return column + "->>'" + key + "'" },
		// REPEATABLE READ gives the whole transaction one snapshot.
		Snapshot:   sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
		SkipLocked: " FOR UPDATE SKIP LOCKED",
		Time:       func(t time.Time) any { return t.UTC() },
		Match:      match,
		AgencyKey:  "agency_id, ", // every agency's own keys (migration 00048)
		// A generic plan of a search (pgx prepares and caches statements,
		// and PostgreSQL settles on a generic plan after five runs) guesses
		// every word's frequency alike: it merge-joined a rare word's rows
		// with the requests walked newest first, testing 8 000 rows.
		Replan: pgx.QueryExecModeExec,
		// The inbox's tables are read from memory, where a random read
		// costs about what a sequential one does, not the default four
		// times more: with it the planner walked the requests newest first
		// testing each (8 000 rows for a name with a status and a kind)
		// rather than looking up the 200 leads of the name's rows.
		SearchSet: "SET LOCAL random_page_cost = 1.1",
	}
}

// The search reads the word table request_words (migration 00027): a
// lead's row per word of its search text and per two- and three-letter
// start of one, its primary key (word, request_id) read newest first.
const (
	// searchStart is the longest start of a word the table holds.
	searchStart = 3
	// rareRows: a typed word longer than a start that starts fewer
	// rows' words than this is rare.
	rareRows = 1000
)

// afterWords ends the range of the words starting with a term: no word has
// this character (a noncharacter, the last code point: no letter), so a
// word starting with t sorts below t+afterWords, byte by byte.
const afterWords = "\U0010FFFF"

// match is the dialect's Match on request_words, each term by its kind:
//
//   - a term of two or three letters is a start: its rows, read newest
//     first, stop at the page's end;
//   - a longer term that is rare (fewer than rareRows rows under it, which
//     the index counts first, reading at most that many) is the range of
//     the words it starts: their leads read whole and ordered (each word's
//     rows are in id order, not the range's), few by definition;
//   - a longer term that is frequent is its start's rows, read newest
//     first, each lead checked for the whole term in its search text (the
//     term rebuilt from the start's row, so the check waits for the row:
//     on requests alone it had the planner test the search text of every
//     lead); the walk finds the term soon, as it is frequent.
//
// The terms' rows join on the lead, the first one's id the list's key.
func match(ctx context.Context, db *sql.DB, agency int64, terms []string) (sqlstore.Match, error) {
	var long []string
	for _, t := range terms {
		if utf8.RuneCountInString(t) > searchStart {
			long = append(long, t)
		}
	}
	rare := map[string]bool{}
	if len(long) > 0 {
		var q strings.Builder
		args := []any{agency}
		q.WriteString("SELECT ")
		for i, t := range long {
			if i > 0 {
				q.WriteString(", ")
			}
			fmt.Fprintf(&q, "(SELECT count(*) FROM (SELECT 1 FROM request_words WHERE agency_id = $1 AND word >= $%d AND word < $%d LIMIT %d) c)",
				2*i+2, 2*i+3, rareRows)
			args = append(args, t, t+afterWords)
		}
		counts := make([]int, len(long))
		dest := make([]any, len(long))
		for i := range counts {
			dest[i] = &counts[i]
		}
		if err := db.QueryRowContext(ctx, q.String(), args...).Scan(dest...); err != nil {
			return sqlstore.Match{}, fmt.Errorf("search index: %w", err)
		}
		for i, t := range long {
			rare[t] = counts[i] < rareRows
		}
	}
	var from, cond strings.Builder
	var fromArgs, condArgs []any
	for i, t := range terms {
		w := "w" + strconv.Itoa(i)
		var source string
		switch r := []rune(t); {
		case len(r) <= searchStart:
			source = "request_words " + w
			condArgs = append(condArgs, agency, t)
			fmt.Fprintf(&cond, " AND %s.agency_id = ? AND %s.word = ?", w, w)
		case rare[t]:
			source = "(SELECT DISTINCT request_id FROM request_words WHERE agency_id = ? AND word >= ? AND word < ?) " + w
			fromArgs = append(fromArgs, agency, t, t+afterWords)
		default:
			source = "request_words " + w
			condArgs = append(condArgs, agency, string(r[:searchStart]), string(r[searchStart:]))
			fmt.Fprintf(&cond, " AND %s.agency_id = ? AND %s.word = ? AND strpos(' ' || r.search, ' ' || %s.word || ?) > 0", w, w, w)
		}
		if i == 0 {
			from.WriteString(source)
		} else {
			fmt.Fprintf(&from, " JOIN %s ON %s.request_id = w0.request_id", source, w)
		}
	}
	from.WriteString(" JOIN requests r ON r.agency_id = ? AND r.id = w0.request_id")
	fromArgs = append(fromArgs, agency)
	return sqlstore.Match{From: from.String(), FromArgs: fromArgs, Cond: strings.TrimPrefix(cond.String(), " AND "), CondArgs: condArgs,
		Key: "w0.request_id"}, nil
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
	p, err := provider(db.db, goose.WithSessionLocker(locker))
	if err != nil {
		return fmt.Errorf("postgres: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	return mailqueue.Migrate(ctx, db.db, mailqueue.Postgres)
}

// provider holds the migrations: the embedded SQL files and the one in Go
// (00050, agencyIndexes).
func provider(db *sql.DB, opts ...goose.ProviderOption) (*goose.Provider, error) {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	opts = append(opts, goose.WithDisableGlobalRegistry(true), goose.WithGoMigrations(agencyIndexes))
	return goose.NewProvider(goose.DialectPostgres, db, fsys, opts...)
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
