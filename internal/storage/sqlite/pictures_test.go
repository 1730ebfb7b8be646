package sqlite_test

import (
	"path/filepath"
	"testing"

	"immo/internal/pictures"
	"immo/internal/storage/sqlite"
	"immo/internal/storage/storagetest"
)

func TestPictureStore(t *testing.T) {
	path := storagetest.PerTest(func(t *testing.T) string {
		return filepath.Join(t.TempDir(), "immo.db")
	})
	storagetest.RunPictures(t, func(t *testing.T) pictures.Store {
		db, err := sqlite.Open(t.Context(), path(t))
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
