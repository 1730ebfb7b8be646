package postgres

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/domain/testimonial"
)

// Two servers claiming the next row of a queue at once get different rows:
// the second skips the row the first holds instead of waiting for it.
func TestSkipLocked(t *testing.T) {
	ctx := t.Context()
	db, err := Open(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, name := range []string{"Anne", "Bart"} {
		if _, err := db.AddTestimonial(ctx, testimonial.Testimonial{Name: name, CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	d := dialect()
	claim := `SELECT name FROM testimonials ORDER BY id LIMIT 1` + d.SkipLocked
	next := func(tx *sql.Tx) string {
		// A bound for a claim that waits on the other's lock (SKIP LOCKED
		// broken), far above a loaded machine's query time.
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		var name string
		if err := tx.QueryRowContext(ctx, claim).Scan(&name); err != nil {
			t.Fatal(err)
		}
		return name
	}
	first, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Rollback()
	second, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Rollback()
	if a, b := next(first), next(second); a != "Anne" || b != "Bart" {
		t.Errorf("claimed %q and %q, want Anne and Bart", a, b)
	}
}
