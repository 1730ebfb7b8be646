package postgres_test

import (
	"testing"

	"immo/internal/storage/postgres"
	"immo/internal/storage/postgres/pgtest"
	"immo/internal/storage/storagetest"
	"immo/internal/testimonial"
)

func TestTestimonialStore(t *testing.T) {
	url := pgtest.URL(t)
	storagetest.RunTestimonials(t, func(t *testing.T) testimonial.Store {
		db, err := postgres.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}
