package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"immo/internal/adapter/storage/postgres/pgtest"
)

// Migration 00050 builds a small table's indexes at once, even while
// another transaction of the database holds its snapshot (a test in
// another schema, say: a concurrent build waited for it, and a CI run hung
// there), and goes back down.
func TestAgencyIndexesOnASmallTable(t *testing.T) {
	db, url := migratedTo(t, 49)
	release := holdSnapshot(t, url)
	defer release()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	p, err := provider(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 50); err != nil {
		t.Fatalf("up to 00050 beside another transaction: %v", err)
	}
	assertIndexes(t, db, agencyIndexesUp)
	if _, err := p.DownTo(ctx, 49); err != nil {
		t.Fatal(err)
	}
	assertIndexes(t, db, agencyIndexesDown)
}

// On a large table the indexes are built concurrently: the build waits for
// an older transaction rather than holding the table's writes; broken off,
// it leaves an invalid index, which the next try replaces.
func TestAgencyIndexesOnALargeTable(t *testing.T) {
	url := pgtest.Database(t) // a database of its own: the build waits for all of its transactions
	db := migratedToAt(t, url, 49)
	if _, err := db.ExecContext(t.Context(), fmt.Sprintf(`INSERT INTO requests (kind, lang, created_at, ip_hash, data)
		SELECT 'contact', 'nl', now(), 'h', '{}' FROM generate_series(1, %d)`, concurrentFrom)); err != nil {
		t.Fatal(err)
	}
	p, err := provider(db)
	if err != nil {
		t.Fatal(err)
	}

	release := holdSnapshot(t, url)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { _, err := p.UpTo(ctx, 50); done <- err }()
	// The first index is there, not yet valid: the build waits for the
	// transaction that began before it.
	waiting := func() bool {
		var n int
		if err := db.QueryRowContext(t.Context(), `SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
			WHERE c.relname LIKE 'requests_agency_%' AND NOT i.indisvalid`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n > 0
	}
	for deadline := time.Now().Add(2 * time.Minute); !waiting(); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("the migration ended (%v) without waiting for the older transaction: not built concurrently", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("no index being built concurrently after 2 minutes")
		}
	}
	cancel()
	if err := <-done; err == nil {
		t.Fatal("the migration broken off reported no error")
	}
	if !waiting() {
		t.Fatal("the broken-off build left no invalid index: the case the next try must mend is not tested")
	}
	release()

	if _, err := p.UpTo(t.Context(), 50); err != nil {
		t.Fatalf("the second try: %v", err)
	}
	assertIndexes(t, db, agencyIndexesUp)
}

// holdSnapshot begins a REPEATABLE READ transaction on the database at url
// and reads once, so that it holds its snapshot until release is called.
func holdSnapshot(t *testing.T, url string) (release func()) {
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := conn.BeginTx(t.Context(), pgx.TxOptions{IsoLevel: pgx.RepeatableRead})
	if err != nil {
		t.Fatal(err)
	}
	var one int
	if err := tx.QueryRow(t.Context(), "SELECT 1").Scan(&one); err != nil {
		t.Fatal(err)
	}
	released := false
	release = func() {
		if !released {
			released = true
			tx.Rollback(context.Background())
			conn.Close(context.Background())
		}
	}
	t.Cleanup(release)
	return release
}

// assertIndexes checks that changes' indexes are there and valid, and the
// ones they drop gone.
func assertIndexes(t *testing.T, db *sql.DB, changes []indexChange) {
	t.Helper()
	for _, c := range changes {
		for name := range c.create {
			var valid bool
			err := db.QueryRowContext(t.Context(), `SELECT i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
				WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`, name).Scan(&valid)
			if err != nil || !valid {
				t.Errorf("index %s: valid %v, %v", name, valid, err)
			}
		}
		for _, name := range c.drop {
			var n int
			if err := db.QueryRowContext(t.Context(), `SELECT count(*) FROM pg_class
				WHERE relname = $1 AND relnamespace = current_schema()::regnamespace`, name).Scan(&n); err != nil || n != 0 {
				t.Errorf("index %s: %d left, %v", name, n, err)
			}
		}
	}
}
