package sqlite_test

import (
	"path/filepath"
	"testing"

	"immo/internal/storage/sqlite"
	"immo/internal/storage/storagetest"
	"immo/internal/testimonial"
)

func TestTestimonialStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "immo.db")
	storagetest.RunTestimonials(t, func(t *testing.T) testimonial.Store {
		db, err := sqlite.Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}
