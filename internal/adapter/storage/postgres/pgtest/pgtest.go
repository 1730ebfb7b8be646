// Package pgtest gives tests a fresh PostgreSQL schema of their own.
//
// The tests need a server on 127.0.0.1:5432 that trusts local connections
// and has a database named test:
//
//	Debian/Ubuntu: apt-get install postgresql; set "trust" for 127.0.0.1/32 in pg_hba.conf; createdb -U postgres test
//	a container:   docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust -e POSTGRES_DB=test postgres
//
// or IMMO_TEST_POSTGRES_URL naming another server. Without one the tests on
// PostgreSQL are skipped, saying so once on the terminal; with CI=true they
// fail.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
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
	u, base := server(t)
	schema := create(t, base, "SCHEMA", "CASCADE")
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Database creates a database of its own, named immo_test_<random hex>,
// drops it when the test ends, and returns its URL. It is for the few tests
// that must not share a database with the others running at the same time:
// a concurrent index build, say, waits for every transaction of its
// database, other schemas' included.
func Database(t testing.TB) string {
	t.Helper()
	u, base := server(t)
	u.Path = "/" + create(t, base, "DATABASE", "WITH (FORCE)")
	return u.String()
}

// server is the server's parsed and raw URL: IMMO_TEST_POSTGRES_URL, else
// DefaultURL.
func server(t testing.TB) (*url.URL, string) {
	t.Helper()
	base := os.Getenv("IMMO_TEST_POSTGRES_URL")
	if base == "" {
		base = DefaultURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("pgtest: IMMO_TEST_POSTGRES_URL must be a postgres:// URL, got %q", base)
	}
	return u, base
}

// create makes a schema or a database (what) of a random name on the server
// at base, dropped with the given option when the test ends, and returns
// its name. It skips the test when the server is unreachable.
func create(t testing.TB, base, what, dropOption string) string {
	t.Helper()
	u, _ := url.Parse(base)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err, ok := unreachable.Load(base); ok {
		skip(t, u, err.(error)) // tried already: no second wait
	}
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		unreachable.Store(base, err)
		skip(t, u, err)
	}
	defer conn.Close(ctx)

	var b [8]byte
	rand.Read(b[:]) // never fails since Go 1.24
	name := "immo_test_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE "+what+" "+name); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	// Cleanups run last-registered first, so the Stores a test opens after
	// calling URL or Database are closed before the schema or database goes.
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("pgtest: dropping %s %s: %v", strings.ToLower(what), name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP "+what+" "+name+" "+dropOption); err != nil {
			t.Errorf("pgtest: dropping %s %s: %v", strings.ToLower(what), name, err)
		}
	})
	return name
}

// unreachable holds, per server URL, the error of a failed connection, so
// that the tests after the first skip at once.
var unreachable sync.Map // string → error

// howTo says how to get PostgreSQL for the tests.
const howTo = `To run the tests on PostgreSQL, give them a server on 127.0.0.1:5432 that trusts local connections and has a database named test:
  Debian/Ubuntu: apt-get install postgresql; set "trust" for 127.0.0.1/32 in pg_hba.conf; createdb -U postgres test
  a container:   docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust -e POSTGRES_DB=test postgres
or set IMMO_TEST_POSTGRES_URL to another server's postgres:// URL (each test makes a schema of its own).
With CI=true a missing PostgreSQL fails the tests instead of skipping them.`

var (
	explained atomic.Bool // the first skip says how to get PostgreSQL, the others refer to it
	noticed   atomic.Bool
	// terminal is where the one notice per test binary goes.
	terminal = func() (io.WriteCloser, error) { return os.OpenFile("/dev/tty", os.O_WRONLY, 0) }
)

// skip skips t, or fails it in CI, where a missing database must not pass
// as a green build. go test shows a passing package's skip messages only
// with -v, so the reason is also written once to the terminal, if any.
func skip(t testing.TB, u *url.URL, err error) {
	t.Helper()
	oneLine := strings.Join(strings.Fields(err.Error()), " ") // pgx's errors span lines
	why := fmt.Sprintf("pgtest: PostgreSQL is not reachable at %s (%s)", u.Redacted(), oneLine)
	if os.Getenv("CI") == "true" {
		t.Fatal(why + ", and CI=true: failing rather than skipping.\n" + howTo)
	}
	if !noticed.Swap(true) {
		if tty, err := terminal(); err == nil {
			fmt.Fprintf(tty, "%s: the tests on PostgreSQL in %s are SKIPPED (how to get it: go doc immo/internal/adapter/storage/postgres/pgtest)\n", why, packageName())
			tty.Close()
		}
	}
	if explained.Swap(true) {
		t.Skip(why + ": SKIPPED (how to get it: the first skipped test's message).")
	}
	t.Skip(why + ": SKIPPED.\n" + howTo)
}

// packageName names the test's package by its folder: go test runs a test
// binary in its package's folder.
func packageName() string {
	wd, err := os.Getwd()
	if err != nil {
		return "this package"
	}
	for dir := wd; filepath.Dir(dir) != dir; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if rel, err := filepath.Rel(dir, wd); err == nil {
				return "./" + filepath.ToSlash(rel)
			}
		}
	}
	return wd
}
