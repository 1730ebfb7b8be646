// Package pgtest gives tests a fresh PostgreSQL schema of their own.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// DefaultURL is the server tests use when IMMO_TEST_POSTGRES_URL is unset.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// URL creates a schema named immo_test_<random hex>, drops it (CASCADE) when
// the test ends, and returns the database URL with search_path set to it, so
// that tests running at the same time never see each other's tables.
//
// The server is IMMO_TEST_POSTGRES_URL (a postgres:// URL), else DefaultURL.
// When it is unreachable the test is skipped, unless CI is "true": there a
// missing database must fail the build rather than silently skip.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("IMMO_TEST_POSTGRES_URL")
	if base == "" {
		base = DefaultURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("pgtest: IMMO_TEST_POSTGRES_URL must be a postgres:// URL, got %q", base)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pgtest: PostgreSQL unreachable at %s (CI=true, so this fails instead of skipping): %v", u.Redacted(), err)
		}
		t.Skipf("pgtest: PostgreSQL unreachable at %s (set IMMO_TEST_POSTGRES_URL): %v", u.Redacted(), err)
	}
	defer conn.Close(ctx)

	var b [8]byte
	rand.Read(b[:]) // never fails since Go 1.24
	schema := "immo_test_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	// Cleanups run last-registered first, so the Stores a test opens after
	// calling URL are closed before the schema goes.
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("pgtest: dropping schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("pgtest: dropping schema %s: %v", schema, err)
		}
	})

	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
