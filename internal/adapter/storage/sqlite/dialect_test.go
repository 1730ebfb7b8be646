package sqlite

import (
	"slices"

	"immo/internal/domain/catalog"
	"path/filepath"
	"testing"
	"time"

	"immo/internal/domain/testimonial"
)

// SQLite has no row locks: the claiming clause must be empty, so that the
// queue's query runs on the single writer as plain SQL.
func TestSkipLocked(t *testing.T) {
	ctx := t.Context()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.AddTestimonial(ctx, testimonial.Testimonial{Name: "Anne", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	var name string
	if err := tx.QueryRowContext(ctx, `SELECT name FROM testimonials ORDER BY id LIMIT 1`+dialect().SkipLocked).Scan(&name); err != nil || name != "Anne" {
		t.Errorf("claimed %q, %v; want Anne", name, err)
	}
}

// Times are bound as fixed-width UTC text, so that they sort as text.
func TestTime(t *testing.T) {
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.FixedZone("CET", 3600))
	if got := dialect().Time(at); got != "2026-03-01T09:00:00.000000Z" {
		t.Errorf("Time = %v", got)
	}
}

// An import's rows get the time the version row got, as text in the
// catalog's layout (the dialect's Now), not a driver's rendering of it.
func TestImportTimes(t *testing.T) {
	ctx := t.Context()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c := &catalog.Catalog{Properties: []catalog.Property{{ID: 1}, {ID: 2}}, Projects: []catalog.Project{{ID: 3}}}
	if _, err := db.Import(ctx, c, catalog.Keep{}); err != nil {
		t.Fatal(err)
	}
	rows, err := db.read.QueryContext(ctx, `SELECT typeof(updated_at), updated_at FROM catalog_meta
		UNION ALL SELECT typeof(created_at), created_at FROM properties
		UNION ALL SELECT typeof(updated_at), updated_at FROM properties
		UNION ALL SELECT typeof(updated_at), updated_at FROM projects`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var times []string
	for rows.Next() {
		var kind, at string
		if err := rows.Scan(&kind, &at); err != nil {
			t.Fatal(err)
		}
		if _, err := time.Parse("2006-01-02T15:04:05.000Z", at); kind != "text" || err != nil {
			t.Errorf("%s %q: want text in the catalog's layout (%v)", kind, at, err)
		}
		times = append(times, at)
	}
	if len(times) != 6 || len(slices.Compact(slices.Clone(times))) != 1 {
		t.Errorf("times %v: want six, all the same", times)
	}
}

// A listing stored before its document's hash was kept (migration 00044)
// is unchanged when imported again as it is, and gets its hash.
func TestUnknownHashIsUnchanged(t *testing.T) {
	ctx := t.Context()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c := &catalog.Catalog{Properties: []catalog.Property{{ID: 1, City: "Arlon"}, {ID: 2}}, Projects: []catalog.Project{{ID: 3}}}
	if _, err := db.Import(ctx, c, catalog.Keep{}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.write.ExecContext(ctx, `UPDATE properties SET doc_hash = ''`); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		res, err := db.Import(ctx, c, catalog.Keep{})
		if err != nil || res != (catalog.ImportResult{PropertiesUnchanged: 2, ProjectsUnchanged: 1}) {
			t.Errorf("the same catalog again: %+v %v", res, err)
		}
	}
	var unknown int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM properties WHERE doc_hash = ''`).Scan(&unknown); err != nil || unknown != 0 {
		t.Errorf("%d hashes unknown after an import (%v)", unknown, err)
	}
	c.Properties[0].City = "Attert"
	if res, err := db.Import(ctx, c, catalog.Keep{}); err != nil || res.PropertiesUpdated != 1 || res.Version != 2 {
		t.Errorf("a change after: %+v %v", res, err)
	}
}
