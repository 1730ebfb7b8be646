package postgres_test

import (
	"testing"

	"immo/internal/adapter/storage/postgres"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/adapter/storage/storagetest"
)

// go test -run '^$' -bench InboxList -benchtime 200x ./internal/adapter/storage/postgres/
func BenchmarkInboxList(b *testing.B) {
	db, err := postgres.Open(b.Context(), pgtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	pool, _ := db.QueueDB()
	// What autovacuum does soon after a bulk load: statistics, and the
	// visibility map that lets a count read the index only.
	storagetest.BenchInboxList(b, db.Store, pool, true, "VACUUM ANALYZE requests, request_words")
}
