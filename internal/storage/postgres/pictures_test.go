package postgres_test

import (
	"testing"

	"immo/internal/pictures"
	"immo/internal/storage/postgres"
	"immo/internal/storage/postgres/pgtest"
	"immo/internal/storage/storagetest"
)

func TestPictureStore(t *testing.T) {
	url := storagetest.PerTest(func(t *testing.T) string { return pgtest.URL(t) })
	storagetest.RunPictures(t, func(t *testing.T) pictures.Store {
		db, err := postgres.Open(t.Context(), url(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := db.Close(); err != nil {
				t.Error(err)
			}
		})
		return db
	})
}
