package sqlite_test

import (
	"path/filepath"
	"testing"

	"immo/internal/adapter/storage/sqlite"
	"immo/internal/adapter/storage/storagetest"
)

// go test -run '^$' -bench InboxList -benchtime 200x ./internal/adapter/storage/sqlite/
func BenchmarkInboxList(b *testing.B) {
	db, err := sqlite.Open(b.Context(), filepath.Join(b.TempDir(), "immo.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	write, _ := db.QueueDB()
	// No ANALYZE: the server never runs one, so the plans are those
	// without statistics.
	storagetest.BenchInboxList(b, db.Store, write, false, "")
}
