// Package demotest gives tests the demo agency — its site configuration,
// catalog and index — parsed fresh for each caller, so one test's changes
// never reach another. It is the one demo fixture of the Go tests.
package demotest

import (
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/storage/sqlite"
	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
	"immo/internal/domain/testimonial"
)

// Site parses the demo site configuration.
func Site(tb testing.TB) *site.Config {
	tb.Helper()
	cfg, err := site.Parse("site.json", demo.SiteJSON())
	if err != nil {
		tb.Fatalf("demo site: %v", err)
	}
	return cfg
}

// Catalog parses the demo catalog; the caller may change it.
func Catalog(tb testing.TB) *catalog.Catalog {
	tb.Helper()
	c, err := demo.Catalog()
	if err != nil {
		tb.Fatalf("demo catalog: %v", err)
	}
	return c
}

// Index is the demo catalog's index at version 1.
func Index(tb testing.TB) *catalog.Index {
	tb.Helper()
	return catalog.NewIndex(Catalog(tb), 1)
}

// FixedIndex serves one index, as catalog.Service does between versions.
type FixedIndex struct{ Ix *catalog.Index }

// Index returns the index.
func (f FixedIndex) Index() *catalog.Index { return f.Ix }

// Log discards everything: tests assert behaviour, not log lines.
func Log() *slog.Logger { return slog.New(slog.DiscardHandler) }

// Now is the tests' fixed clock: a Monday in November, Belgian morning.
func Now() time.Time { return time.Date(2026, time.November, 23, 9, 30, 0, 0, time.UTC) }

// Service is a catalog.Service over a fresh SQLite database holding the
// demo catalog, closed when the test ends.
func Service(tb testing.TB) *catalog.Service {
	tb.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(tb.TempDir(), "immo.db"))
	if err != nil {
		tb.Fatalf("demo store: %v", err)
	}
	tb.Cleanup(func() { store.Close() })
	if _, err := store.Import(ctx, Catalog(tb), catalog.Keep{}); err != nil {
		tb.Fatalf("demo import: %v", err)
	}
	svc, err := catalog.NewService(ctx, store)
	if err != nil {
		tb.Fatalf("demo catalog service: %v", err)
	}
	return svc
}

// Testimonials serves the demo's approved testimonials as
// testimonial.Service does: newest first, at a fixed version.
type Testimonials struct{}

// Approved returns up to n approved testimonials (all with n ≤ 0).
func (Testimonials) Approved(n int) []testimonial.Testimonial {
	var out []testimonial.Testimonial
	for _, t := range demo.Testimonials() {
		if t.Approved {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b testimonial.Testimonial) int { return b.CreatedAt.Compare(a.CreatedAt) })
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out
}

// Version is fixed: the demo's testimonials never change in a test.
func (Testimonials) Version() int64 { return 7 }
