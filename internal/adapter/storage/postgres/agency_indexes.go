package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/pressly/goose/v3"
)

// agencyIndexes is migration 00050: the lists an agency's inbox pages
// through, led by the agency (issue #35). Every statement names its agency,
// and among a hundred agencies an index on (status, id) alone walks every
// agency's rows to find one agency's page — the smaller the agency, the
// longer. The old indexes go: no statement reads them without the agency.
// (SQLite holds one agency: its indexes stay as they are.)
//
// It is Go rather than SQL to choose how each table's indexes are built. A
// large table's are built CONCURRENTLY, so a platform's writes go on
// meanwhile; but a concurrent build waits for every transaction of the
// database that began before it, whatever it touches — a fresh or small
// table's (a new deployment's, a test schema's among others') are built at
// once, holding its writes for the milliseconds that takes.
var agencyIndexes = goose.NewGoMigration(50,
	&goose.GoFunc{RunDB: func(ctx context.Context, db *sql.DB) error { return rebuild(ctx, db, agencyIndexesUp) }},
	&goose.GoFunc{RunDB: func(ctx context.Context, db *sql.DB) error { return rebuild(ctx, db, agencyIndexesDown) }})

// indexChange is one table's indexes made and dropped.
type indexChange struct {
	table  string
	create map[string]string // index name → its columns and predicate
	drop   []string
}

var agencyIndexesUp = []indexChange{
	{table: "requests", create: map[string]string{
		"requests_agency_id":       "(agency_id, id)",
		"requests_agency_status":   "(agency_id, status, id)",
		"requests_agency_kind":     "(agency_id, kind, id)",
		"requests_agency_lang":     "(agency_id, lang, id)",
		"requests_agency_created":  "(agency_id, created_at)",
		"requests_agency_assignee": "(agency_id, assignee_id, id) WHERE assignee_id IS NOT NULL",
	}, drop: []string{"requests_status", "requests_kind", "requests_lang", "requests_created", "requests_assignee"}},
	{table: "audit_log", create: map[string]string{
		"audit_log_agency_id":     "(agency_id, id)",
		"audit_log_agency_target": "(agency_id, target_kind, target_id, id)",
		"audit_log_agency_actor":  "(agency_id, actor_id, id)",
	}, drop: []string{"audit_log_target", "audit_log_actor"}},
}

var agencyIndexesDown = []indexChange{
	{table: "requests", create: map[string]string{
		"requests_status":   "(status, id)",
		"requests_kind":     "(kind, id)",
		"requests_lang":     "(lang, id)",
		"requests_created":  "(created_at)",
		"requests_assignee": "(assignee_id, id) WHERE assignee_id IS NOT NULL",
	}, drop: []string{"requests_agency_id", "requests_agency_status", "requests_agency_kind", "requests_agency_lang", "requests_agency_created", "requests_agency_assignee"}},
	{table: "audit_log", create: map[string]string{
		"audit_log_target": "(target_kind, target_id, id)",
		"audit_log_actor":  "(actor_id, id)",
	}, drop: []string{"audit_log_agency_id", "audit_log_agency_target", "audit_log_agency_actor"}},
}

// concurrentFrom is the number of rows from which a table's indexes are
// built concurrently.
const concurrentFrom = 50_000

// rebuild applies changes, each table's concurrently when it is large.
func rebuild(ctx context.Context, db *sql.DB, changes []indexChange) error {
	for _, c := range changes {
		var rows int
		// Counting stops at the threshold: a large table is not read whole.
		q := fmt.Sprintf("SELECT count(*) FROM (SELECT 1 FROM %s LIMIT %d) AS s", c.table, concurrentFrom)
		if err := db.QueryRowContext(ctx, q).Scan(&rows); err != nil {
			return err
		}
		how := ""
		if rows >= concurrentFrom {
			how = " CONCURRENTLY"
		}
		for name, columns := range c.create {
			// A concurrent build that failed leaves its index invalid, and
			// IF NOT EXISTS would keep it: it goes first.
			var invalid bool
			err := db.QueryRowContext(ctx, `SELECT NOT i.indisvalid FROM pg_index i
				JOIN pg_class c ON c.oid = i.indexrelid
				WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`, name).Scan(&invalid)
			if err != nil && err != sql.ErrNoRows {
				return err
			}
			if invalid {
				if _, err := db.ExecContext(ctx, "DROP INDEX"+how+" IF EXISTS "+name); err != nil {
					return err
				}
			}
			stmt := "CREATE INDEX" + how + " IF NOT EXISTS " + name + " ON " + c.table + " " + columns
			if _, err := db.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("%s: %w", strings.TrimSpace(stmt), err)
			}
		}
		for _, name := range c.drop {
			if _, err := db.ExecContext(ctx, "DROP INDEX"+how+" IF EXISTS "+name); err != nil {
				return err
			}
		}
	}
	return nil
}
